// What code outside the admin module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { canChangeRole, canManageMember } from "./policy";
