// The settings module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { getAllSettings, getPublicSettings, updateSettings } from "./settings.server";
