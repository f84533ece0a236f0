/**
 * Whether a request carries one of better-auth's cookies (the session token, on https with the
 * `__Secure-` prefix). Says nothing about validity: a response to such a request may depend on
 * who is signed in, which is what the HTTP cache rules need to know without a database read.
 */
const AUTH_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?better-auth\.[\w-]+=/;

export function carriesAuthCookie(cookieHeader: string | null | undefined): boolean {
  return cookieHeader ? AUTH_COOKIE.test(cookieHeader) : false;
}
