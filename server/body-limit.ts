import type { Context, MiddlewareHandler } from "hono";
import { getViewer } from "#app/modules/auth/index.server";
import { logger } from "#app/lib/logger.server";
import { SMALL_BODY, bodyRuleFor, type BodySender } from "./body-limits";
import { refuse } from "./refusal";

/**
 * Reads a body of unknown length (no Content-Length: chunked) up to `limit` bytes. Returns null,
 * and stops reading, as soon as it grows past the limit, so no more than the limit and one chunk
 * is ever held.
 */
export async function readWithin(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
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

/** 413, and the rest of the body is never read: the connection cannot carry another request after it. */
function tooLarge(c: Context, limit: number): Response {
  c.header("Connection", "close");
  return refuse(c, {
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
    title: "errors.tooLarge",
    text: "errors.tooLargeText",
    details: { limit },
  });
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
  if (
    limit > SMALL_BODY &&
    (length === undefined || length > SMALL_BODY) &&
    !(await mayUpload(c.req.raw, rule.from))
  )
    limit = SMALL_BODY;

  if (length !== undefined && Number.isSafeInteger(length) && length >= 0) {
    return length > limit ? tooLarge(c, limit) : next();
  }
  // A streamed route counts the bytes itself (only for the senders its rule names).
  if (rule.streamed && limit === rule.limit) return next();
  const bytes = await readWithin(body, limit);
  if (!bytes) return tooLarge(c, limit);
  c.req.raw = new Request(c.req.raw, { body: bytes });
  return next();
};
