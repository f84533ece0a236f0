import { safeRedirect } from "#app/lib/safe-redirect";

// Limits shared by the forms, better-auth's JSON endpoints (auth-guards.server.ts) and the
// command line. Kept apart from the zod schemas (validation.ts) so the sign-in page's browser
// code can show them without downloading zod.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** RFC 5321 allows at most 254 characters in an address. */
export const EMAIL_MAX = 254;
/** Reset tokens we issue are 43 characters; anything much longer is not one of ours. */
export const RESET_TOKEN_MAX = 200;

/**
 * Where to go after signing in or up: the requested same-site path (see safeRedirect), but never
 * back to the sign-in screen or an API address, which would loop or show raw data.
 */
export function afterSignInPath(target: unknown, fallback = "/dashboard"): string {
  const path = safeRedirect(target, fallback);
  return /^\/(?:auth|api)(?:[/?#]|$)/.test(path) ? fallback : path;
}
