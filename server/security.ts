import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export { contentSecurityPolicy } from "#app/lib/content-security-policy.server";

/** Headers every response carries; the CSP is added by the document renderer with its nonce. */
export const securityHeaders =
  (secure: boolean): MiddlewareHandler =>
  async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    if (secure) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };

/**
 * Cross-site request forgery guard: a state-changing request from a browser must come from our
 * own origin. Browsers always send Origin on such requests; clients that send none (the CLI,
 * payment webhooks) are not browsers and carry no ambient cookies from another site.
 */
export const sameOriginWrites =
  (allowedOrigins: () => string[]): MiddlewareHandler =>
  async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    const origin = c.req.header("origin");
    if (!origin) return next();
    const own = new URL(c.req.url).origin;
    if (origin === own || allowedOrigins().includes(origin)) return next();
    return c.text("Forbidden: cross-origin request", 403);
  };
