import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The Content-Security-Policy of an HTML page: scripts only from us or carrying this response's nonce. */
export function contentSecurityPolicy(nonce: string, secure: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // React writes style attributes (progress bars, sidebar widths); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Images from this site only: remote images in member content and site settings come through
    // the same-origin image proxy (/media/proxy), so no page hands readers' addresses to other hosts.
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(secure ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

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
