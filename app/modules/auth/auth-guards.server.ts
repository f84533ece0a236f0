import { APIError, createAuthMiddleware } from "better-auth/api";
import type { z } from "zod";
import { detectLocaleFromHeaders } from "#app/i18n/detect";
import { serverI18n } from "#app/i18n/resources.server";
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
  const key: string = error.issues.map((issue) => issue.message).find((message) => i18n.exists(message)) ?? "errors.badRequest";
  return new APIError("BAD_REQUEST", { code: "INVALID_INPUT", message: i18n.t(key) });
}

/** Checks the body of the endpoints that take names, e-mails, passwords or tokens. */
export const beforeAuthEndpoint = createAuthMiddleware(async (ctx) => {
  const schema = authEndpointBodies[ctx.path];
  if (!schema) return;
  const headers = headersOf(ctx);
  const input = ctx.path === "/reset-password" && ctx.body && typeof ctx.body === "object" ? { token: ctx.query?.token, ...ctx.body } : ctx.body;
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error, headers);
  // better-auth continues with the normalised values (trimmed names, lower-case addresses).
  return { context: { body: { ...(ctx.body as object), ...parsed.data } } };
});

/**
 * The last line for the user row (better-auth's database hooks): whatever endpoint or plugin
 * writes a name or an address, it meets the same rule, normalised.
 */
export function checkedUserFields(data: { name?: unknown; email?: unknown }, ctx: { headers?: Headers; request?: Request } | null): { name?: string; email?: string } {
  const parsed = userRowFields.safeParse({ name: data.name, email: data.email });
  if (!parsed.success) throw invalidInput(parsed.error, ctx ? headersOf(ctx) : new Headers());
  return parsed.data;
}
