// The audit module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { recentAudit, recordAudit } from "./audit.server";
