import { createHmac } from "node:crypto";
import { detectLocale } from "#app/i18n/detect";
import { serverT } from "#app/i18n/resources.server";
import { authSecret, clientIp } from "#app/modules/auth/index.server";

/**
 * The key part naming a client address in rate limits of open endpoints: an HMAC keyed with the
 * server secret, so the limits table never holds an address.
 */
export function addressKey(request: Request): string {
  return createHmac("sha256", authSecret())
    .update(`rate-limit:${clientIp(request)}`)
    .digest("hex");
}

/** The 429 answer of a JSON endpoint: a message in the visitor's language and when to retry. */
export function tooManyRequests(request: Request, retryAfterSeconds = 60): Response {
  const t = serverT(detectLocale(request));
  return Response.json(
    { ok: false, error: "rateLimited", message: t("errors.tooManyRequests") },
    {
      status: 429,
      headers: { "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" },
    },
  );
}
