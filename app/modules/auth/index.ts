// What code outside the auth module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { PASSWORD_MAX, PASSWORD_MIN, afterSignInPath } from "./limits";
export {
  ADMIN_ROLES,
  NotAllowedError,
  canAdminister,
  isAdminRole,
  isSuperAdminRole,
  type Actor,
  type Member,
} from "./policy";
export { carriesAuthCookie } from "./session-cookie";
