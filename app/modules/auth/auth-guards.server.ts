import { config } from "#app/lib/config.server";
import { textKey } from "#app/i18n/i18n";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import type { z } from "zod";
import { detectLocaleFromHeaders } from "#app/i18n/detect";
import { serverI18n } from "#app/i18n/resources.server";
import { queuePasswordReset, revokeResetTokens } from "./password-reset.server";
import {
  AUTH_LIMITS,
  CLIENT_IP_HEADER,
  consumeRateLimit,
  refundRateLimit,
  type RateRule,
} from "./rate-limit.server";
import { authEndpointBodies, userRowFields } from "./validation";

/*
 * better-auth's hooks: every call of its endpoints passes here, whether it comes from our forms
 * (auth.api.* with the request's headers), a client calling /api/auth/* with JSON, or the
 * command line. So the app's rules hold on every way in (docs/ARCHITECTURE.md "Accounts").
 */

function headersOf(ctx: { headers?: Headers; request?: Request }): Headers {
  return ctx.headers ?? ctx.request?.headers ?? new Headers();
}

/** A 400 whose JSON body carries the first problem as a message in the caller's language. */
function invalidInput(error: z.ZodError, headers: Headers): APIError {
  const i18n = serverI18n(detectLocaleFromHeaders(headers));
  const key: string =
    error.issues.map((issue) => issue.message).find((message) => i18n.exists(message)) ??
    "errors.badRequest";
  return new APIError("BAD_REQUEST", { code: "INVALID_INPUT", message: i18n.t(textKey(key)) });
}

/**
 * Attempts allowed per client address and per account (`name` keys the counters). Every
 * attempt is counted before better-auth checks anything, with one atomic upsert each, so
 * parallel requests cannot overtake the count; `refundSuccess` gives a successful attempt back.
 */
const ENDPOINT_LIMITS: Record<
  string,
  { name: string; ip: RateRule; account?: RateRule; refundSuccess?: boolean }
> = {
  "/sign-in/email": {
    name: "sign-in",
    ip: AUTH_LIMITS.signInPerIp,
    account: AUTH_LIMITS.signInPerAccount,
    refundSuccess: true,
  },
  "/sign-up/email": { name: "sign-up", ip: AUTH_LIMITS.signUpPerIp },
  "/request-password-reset": {
    name: "reset",
    ip: AUTH_LIMITS.resetPerIp,
    account: AUTH_LIMITS.resetPerAccount,
  },
  "/reset-password": { name: "reset", ip: AUTH_LIMITS.resetPerIp },
};

/**
 * The client's address as the server process set it from the socket. Calls without one do not
 * come from the network (the command line, the first-start seed) and are not limited.
 */
function clientAddress(headers: Headers): string | null {
  return headers.get(CLIENT_IP_HEADER);
}

const accountKey = (name: string, body: Record<string, unknown>) =>
  `${name}:account:${String(body.email)}`;

async function enforceLimits(
  path: string,
  body: Record<string, unknown>,
  headers: Headers,
): Promise<void> {
  const limits = ENDPOINT_LIMITS[path];
  const address = clientAddress(headers);
  if (!limits || !address) return;
  const factor = config().AUTH_ADDRESS_LIMIT_FACTOR;
  const perAddress = { ...limits.ip, limit: limits.ip.limit * factor };
  const allowed =
    (await consumeRateLimit(`${limits.name}:ip:${address}`, perAddress)) &&
    (!limits.account || (await consumeRateLimit(accountKey(limits.name, body), limits.account)));
  if (!allowed) {
    const i18n = serverI18n(detectLocaleFromHeaders(headers));
    throw new APIError("TOO_MANY_REQUESTS", {
      code: "RATE_LIMITED",
      message: i18n.t("auth.errors.rateLimited"),
    });
  }
}

/** Checks the body of the endpoints that take names, e-mails, passwords or tokens, then the limits. */
export const beforeAuthEndpoint = createAuthMiddleware(async (ctx) => {
  // better-auth's own reset link (/reset-password/<token>) is never sent: ours leads to the
  // reset page. Refused, so no token travels in a path that proxies and logs record.
  if (ctx.path === "/reset-password/:token") throw new APIError("NOT_FOUND");
  const schema = authEndpointBodies[ctx.path];
  if (!schema) return;
  const headers = headersOf(ctx);
  const input =
    ctx.path === "/reset-password" && ctx.body && typeof ctx.body === "object"
      ? { token: ctx.query?.token, ...ctx.body }
      : ctx.body;
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error, headers);
  await enforceLimits(ctx.path, parsed.data, headers);
  if (ctx.path === "/request-password-reset") {
    // Ours, not better-auth's: the same answer and the same work for every address.
    queuePasswordReset(String(parsed.data.email), detectLocaleFromHeaders(headers));
    return ctx.json({
      status: true,
      message: "If this email exists in our system, check your email for the reset link",
    });
  }
  // Changing the password ends the account's other sessions (better-auth keeps this one alive
  // with a new session), as someone else may be signed in with the old password.
  if (ctx.path === "/change-password") parsed.data.revokeOtherSessions = true;
  // better-auth continues with the normalised values (trimmed names, lower-case addresses).
  return { context: { body: { ...(ctx.body as object), ...parsed.data } } };
});

/**
 * After the endpoint ran: a successful sign-in gives its attempt back to the account; a changed
 * password ends the account's outstanding reset links.
 */
export const afterAuthEndpoint = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  if (!returned || isAPIError(returned)) return;
  if (ctx.path === "/change-password") {
    const changed = (returned as { user?: { id?: string } }).user?.id;
    if (changed) await revokeResetTokens(changed);
    return;
  }
  const limits = ENDPOINT_LIMITS[ctx.path];
  if (!limits?.refundSuccess || !limits.account || !clientAddress(headersOf(ctx))) return;
  await refundRateLimit(
    accountKey(limits.name, ctx.body as Record<string, unknown>),
    limits.account,
  );
});

/**
 * The last line for the user row (better-auth's database hooks): whatever endpoint or plugin
 * writes a name or an address, it meets the same rule, normalised.
 */
export function checkedUserFields(
  data: { name?: unknown; email?: unknown },
  ctx: { headers?: Headers; request?: Request } | null,
): { name?: string; email?: string } {
  const given = Object.fromEntries(
    Object.entries({ name: data.name, email: data.email }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  const parsed = userRowFields.safeParse(given);
  if (!parsed.success) throw invalidInput(parsed.error, ctx ? headersOf(ctx) : new Headers());
  return Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
}
