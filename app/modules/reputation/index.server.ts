// The reputation module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { award } from "./award.server";
