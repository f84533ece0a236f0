import type { Context, MiddlewareHandler } from "hono";
import { detectLocale } from "#app/i18n/detect";
import { directionOf } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";
import { sameSitePath } from "#app/lib/safe-redirect";
import { getViewer } from "#app/modules/auth/viewer.server";
import { logger } from "./logger";
import { SMALL_BODY, bodyRuleFor, type BodySender } from "./body-limits";

/**
 * Reads a body of unknown length (no Content-Length: chunked) up to `limit` bytes. Returns null,
 * and stops reading, as soon as it grows past the limit, so no more than the limit and one chunk
 * is ever held.
 */
export async function readWithin(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Whether the request's session (checked in the database) may send a body of this rule. */
async function mayUpload(request: Request, from: BodySender): Promise<boolean> {
  if (from === "anyone") return true;
  try {
    const viewer = await getViewer(request);
    return from === "admin" ? Boolean(viewer?.isAdmin) : viewer !== null;
  } catch (error) {
    logger.warn({ err: error }, "session check for a large request body failed");
    return false;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** 413 in the asker's language: JSON for the API, a small page for a browser's form, text for page data. */
function tooLarge(c: Context, limit: number): Response {
  const request = c.req.raw;
  const locale = detectLocale(request);
  const t = serverT(locale);
  const title = t("errors.tooLarge");
  const message = t("errors.tooLargeText");
  // The rest of the body is not read; the connection cannot carry another request after it.
  c.header("Connection", "close");
  if (c.req.path.startsWith("/api/")) return c.json({ code: "PAYLOAD_TOO_LARGE", message, limit }, 413);
  if (c.req.path.endsWith(".data") || !(c.req.header("accept") ?? "").includes("text/html")) return c.text(message, 413);

  const referer = c.req.header("referer");
  const back = referer && URL.canParse(referer) && new URL(referer).origin === new URL(c.req.url).origin ? sameSitePath(new URL(referer).pathname + new URL(referer).search) : null;
  c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
  return c.html(
    `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` +
      `<p><a href="${escapeHtml(back ?? "/")}">${escapeHtml(back ? t("errors.goBack") : t("errors.goHome"))}</a></p></body></html>`,
    413,
  );
}

/**
 * Enforces the body limit of the route (server/body-limits.ts) before any handler reads the body.
 * A declared Content-Length is checked up front without reading anything (Node's parser ends the
 * body there, so it cannot be longer). A body without one is read here, up to the limit and no
 * further, and handed on from memory.
 */
export const bodyLimit: MiddlewareHandler = async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return next();
  const rule = bodyRuleFor(c.req.url);
  const chunked = c.req.header("transfer-encoding") !== undefined;
  const declared = chunked ? undefined : c.req.header("content-length");
  const length = declared === undefined ? undefined : Number(declared);

  // The larger limits are for signed-in members and admins only, and checking a session costs a
  // database read: only done when the body is larger than the small limit, or may be.
  let limit = rule.limit;
  if (limit > SMALL_BODY && (length === undefined || length > SMALL_BODY) && !(await mayUpload(c.req.raw, rule.from))) limit = SMALL_BODY;

  if (length !== undefined && Number.isSafeInteger(length) && length >= 0) {
    return length > limit ? tooLarge(c, limit) : next();
  }
  const bytes = await readWithin(body, limit);
  if (!bytes) return tooLarge(c, limit);
  c.req.raw = new Request(c.req.raw, { body: bytes });
  return next();
};
