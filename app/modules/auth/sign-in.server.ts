import { AUTH_LIMITS, RateLimitedError, clientIp, consumeRateLimit, enforceRateLimits, usedAttempts } from "./rate-limit.server";
import { auth } from "./auth.server";

export type AuthFailure = "invalidCredentials" | "emailTaken" | "rateLimited" | "resetInvalid" | "generic";

export type AuthResult = { ok: true; headers: Headers } | { ok: false; error: AuthFailure };

/** Set-Cookie headers of better-auth's response, to forward on our redirect. */
function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

async function limited<T>(checks: Parameters<typeof enforceRateLimits>[0], run: () => Promise<T>): Promise<T | { ok: false; error: "rateLimited" }> {
  try {
    await enforceRateLimits(checks);
  } catch (error) {
    if (error instanceof RateLimitedError) return { ok: false, error: "rateLimited" };
    throw error;
  }
  return run();
}

/**
 * Signs in with e-mail and password. A wrong password and an unknown e-mail give the same
 * answer, and attempts are limited per client address and per account.
 */
export async function signIn(request: Request, input: { email: string; password: string }): Promise<AuthResult> {
  const accountKey = `sign-in:account:${input.email}`;
  if ((await usedAttempts(accountKey, AUTH_LIMITS.signInPerAccount)) >= AUTH_LIMITS.signInPerAccount.limit) {
    return { ok: false, error: "rateLimited" };
  }
  return limited([[`sign-in:ip:${clientIp(request)}`, AUTH_LIMITS.signInPerIp]], async (): Promise<AuthResult> => {
    const response = await auth().api.signInEmail({ body: input, headers: request.headers, asResponse: true });
    if (response.ok) return { ok: true, headers: cookiesOf(response) };
    await consumeRateLimit(accountKey, AUTH_LIMITS.signInPerAccount);
    return { ok: false, error: response.status === 401 || response.status === 400 ? "invalidCredentials" : "generic" };
  });
}

export async function signUp(request: Request, input: { email: string; password: string; displayName: string }): Promise<AuthResult> {
  return limited([[`sign-up:ip:${clientIp(request)}`, AUTH_LIMITS.signUpPerIp]], async (): Promise<AuthResult> => {
    const response = await auth().api.signUpEmail({
      body: { email: input.email, password: input.password, name: input.displayName },
      headers: request.headers,
      asResponse: true,
    });
    if (response.ok) return { ok: true, headers: cookiesOf(response) };
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    return { ok: false, error: /EXIST/i.test(body.code ?? "") ? "emailTaken" : "generic" };
  });
}

export async function signOut(request: Request): Promise<Headers> {
  const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
  return cookiesOf(response);
}

/** Sends a reset link when the account exists; the answer never tells whether it does. */
export async function requestPasswordReset(request: Request, email: string): Promise<{ ok: true } | { ok: false; error: "rateLimited" }> {
  return limited(
    [
      [`reset:ip:${clientIp(request)}`, AUTH_LIMITS.resetPerIp],
      [`reset:account:${email}`, AUTH_LIMITS.resetPerAccount],
    ],
    async () => {
      await auth().api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: request.headers, asResponse: true });
      return { ok: true as const };
    },
  );
}

export async function resetPassword(request: Request, token: string, newPassword: string): Promise<{ ok: true } | { ok: false; error: AuthFailure }> {
  return limited([[`reset:ip:${clientIp(request)}`, AUTH_LIMITS.resetPerIp]], async () => {
    const response = await auth().api.resetPassword({ body: { token, newPassword }, headers: request.headers, asResponse: true });
    if (response.ok) return { ok: true as const };
    return { ok: false as const, error: response.status === 400 ? ("resetInvalid" as const) : ("generic" as const) };
  });
}
