/**
 * Where a page of a thread starts or ends: a top-level comment's position in the thread's order,
 * (created_at, id). `?after=` and `?before=` carry it, so it comes back from the browser and is
 * read like any input.
 *
 * It holds the exact creation time in microseconds (PostgreSQL's precision; a JavaScript Date
 * keeps only milliseconds, and two comments a few microseconds apart would then be skipped or
 * shown twice), the comment's id, and the first 4 bytes of the post's id, which tie it to its
 * thread. 28 bytes, base64url: 38 characters. Anything else — garbage, a negative or impossible
 * time, another thread's cursor — decodes to null and the thread shows its first page.
 */
export interface CommentCursor {
  /** Microseconds since 1970-01-01 UTC, as a decimal string (exact, and safe to bind as bigint). */
  micros: string;
  id: string;
}

const BYTES = 28;
const ENCODED_LENGTH = 38;
/** 9999-12-31T23:59:59.999999Z: later is no time a comment was written. */
const MAX_MICROS = 253_402_300_799_999_999n;

function postTag(postId: string): Buffer {
  return Buffer.from(postId.replace(/-/g, "").slice(0, 8), "hex");
}

export function encodeCommentCursor(postId: string, cursor: CommentCursor): string {
  const bytes = Buffer.alloc(BYTES);
  bytes.writeBigInt64BE(BigInt(cursor.micros), 0);
  Buffer.from(cursor.id.replace(/-/g, ""), "hex").copy(bytes, 8);
  postTag(postId).copy(bytes, 24);
  return bytes.toString("base64url");
}

export function decodeCommentCursor(
  postId: string,
  raw: string | null | undefined,
): CommentCursor | null {
  if (!raw || raw.length !== ENCODED_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  const bytes = Buffer.from(raw, "base64url");
  if (bytes.length !== BYTES) return null;
  if (!bytes.subarray(24).equals(postTag(postId))) return null;
  const micros = bytes.readBigInt64BE(0);
  if (micros < 0n || micros > MAX_MICROS) return null;
  const hex = bytes.subarray(8, 24).toString("hex");
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { micros: micros.toString(), id };
}
