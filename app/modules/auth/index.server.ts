// The auth module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  AccountExistsError,
  createAccount,
  findUserIdByEmail,
  setPassword,
} from "./accounts.server";
export { auth } from "./auth.server";
export { sendPasswordResetEmail } from "./emails.server";
export { CLIENT_IP_HEADER, clientIp, consumeRateLimit, type RateRule } from "./rate-limit.server";
export { authSecret } from "./secret.server";
export { requestPasswordReset, resetPassword, signIn, signOut, signUp } from "./sign-in.server";
export {
  actorOf,
  getViewer,
  requireAdmin,
  requirePremium,
  requireUser,
  type AccessDenied,
  type Viewer,
} from "./viewer.server";
export { actorById, getActor } from "./viewer.server";
