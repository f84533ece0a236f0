import { isAPIError } from "better-auth/api";
import { auth } from "./auth.server";

// The forms' side of better-auth. Input rules and rate limits are not applied here but in the
// hooks every call passes (auth-guards.server.ts), so a form and a JSON call meet the same ones.

export type AuthFailure =
  "invalidCredentials" | "emailTaken" | "rateLimited" | "resetInvalid" | "generic";

export type AuthResult = { ok: true; headers: Headers } | { ok: false; error: AuthFailure };

const TOO_MANY_REQUESTS = 429;

/** Set-Cookie headers of better-auth's response, to forward on our redirect. */
function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** better-auth's answer as a Response, also when a hook refused the call by throwing. */
async function answerOf(call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    if (isAPIError(error)) return Response.json(error.body ?? {}, { status: error.statusCode });
    throw error;
  }
}

/**
 * Signs in with e-mail and password. A wrong password and an unknown e-mail give the same
 * answer, and attempts are limited per client address and per account.
 */
export async function signIn(
  request: Request,
  input: { email: string; password: string },
): Promise<AuthResult> {
  const response = await answerOf(() =>
    auth().api.signInEmail({ body: input, headers: request.headers, asResponse: true }),
  );
  if (response.ok) return { ok: true, headers: cookiesOf(response) };
  if (response.status === TOO_MANY_REQUESTS) return { ok: false, error: "rateLimited" };
  return {
    ok: false,
    error: response.status === 401 || response.status === 400 ? "invalidCredentials" : "generic",
  };
}

export async function signUp(
  request: Request,
  input: { email: string; password: string; displayName: string },
): Promise<AuthResult> {
  const response = await answerOf(() =>
    auth().api.signUpEmail({
      body: { email: input.email, password: input.password, name: input.displayName },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (response.ok) return { ok: true, headers: cookiesOf(response) };
  if (response.status === TOO_MANY_REQUESTS) return { ok: false, error: "rateLimited" };
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  return { ok: false, error: /EXIST/i.test(body.code ?? "") ? "emailTaken" : "generic" };
}

export async function signOut(request: Request): Promise<Headers> {
  const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
  return cookiesOf(response);
}

/** Sends a reset link when the account exists; the answer never tells whether it does. */
export async function requestPasswordReset(
  request: Request,
  email: string,
): Promise<{ ok: true } | { ok: false; error: "rateLimited" }> {
  const response = await answerOf(() =>
    auth().api.requestPasswordReset({
      body: { email, redirectTo: "/reset-password" },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (response.status === TOO_MANY_REQUESTS) return { ok: false, error: "rateLimited" };
  return { ok: true };
}

export async function resetPassword(
  request: Request,
  token: string,
  newPassword: string,
): Promise<{ ok: true } | { ok: false; error: AuthFailure }> {
  const response = await answerOf(() =>
    auth().api.resetPassword({
      body: { token, newPassword },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (response.ok) return { ok: true };
  if (response.status === TOO_MANY_REQUESTS) return { ok: false, error: "rateLimited" };
  return { ok: false, error: response.status === 400 ? "resetInvalid" : "generic" };
}
