import { Readable } from "node:stream";
import { detectLocale } from "#app/i18n/detect";
import { textKey } from "#app/i18n/i18n";
import { serverT } from "#app/i18n/resources.server";
import { logger } from "#app/lib/logger.server";
import type { Viewer } from "#app/modules/auth/index.server";
import { getMediaFile, mayReceiveMedia } from "./media-files.server";
import { IMAGE_TYPES, VIDEO_TYPES } from "./purposes";
import type { ByteRange } from "./storage/storage.server";
import { mediaStorage } from "./storage/configured.server";

/** The address pattern of served files (server/app.ts mounts it before compression). */
export const MEDIA_FILES_PATH = "/media/files";

/**
 * The range a `Range` header asks of a `size`-byte file: null for no (or another unit's) range,
 * "invalid" for one that is malformed, asks for several ranges or lies outside the file (416).
 * One range only: a player seeks with one, and several would need a multipart answer.
 */
export function parseRange(header: string | null, size: number): ByteRange | null | "invalid" {
  if (header === null) return null;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return null;
  const spec = (match[1] ?? "").trim();
  const parts = /^(\d*)-(\d*)$/.exec(spec);
  if (!parts || (parts[1] === "" && parts[2] === "")) return "invalid";
  const first = parts[1] ?? "";
  const last = parts[2] ?? "";
  if (size === 0) return "invalid";
  if (first === "") {
    // The last N bytes.
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix) || suffix === 0) return "invalid";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return "invalid";
  if (start >= size || start > end) return "invalid";
  return { start, end };
}

function notFound(request: Request): Response {
  const t = serverT(detectLocale(request));
  return new Response(t(textKey("media.errors.notFound")), {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** Types a browser may show inline; anything else (a PDF) is a download. */
const INLINE = new Set<string>([...VIDEO_TYPES, ...IMAGE_TYPES]);

/**
 * GET/HEAD `/media/files/<id>` and `/media/files/<id>/poster`. 404 for an unknown or unfinished
 * file and for a viewer its purpose's access rule refuses (never 403: whether a file exists is not
 * told). On disk: the bytes with HTTP range requests (206 / 416), so players can seek; on S3: a
 * 302 to a presigned address that works for five minutes.
 */
export async function serveMediaFile(
  request: Request,
  viewer: Viewer | null,
  id: string,
  variant: "file" | "poster",
): Promise<Response> {
  const file = await getMediaFile(id);
  if (!file || file.status !== "ready" || !(await mayReceiveMedia(viewer, file)))
    return notFound(request);
  const key = variant === "poster" ? file.posterKey : file.storageKey;
  if (!key) return notFound(request);
  const contentType = variant === "poster" ? "image/jpeg" : file.contentType;
  const download = INLINE.has(contentType) ? undefined : file.originalName || `${file.id}`;

  const storage = mediaStorage();
  const direct = await storage.directUrl(key, { contentType, download });
  if (direct) {
    return new Response(null, {
      status: 302,
      headers: { Location: direct, "Cache-Control": "private, no-store" },
    });
  }

  const stat = await storage.stat(key);
  if (!stat) {
    logger.warn({ id, key }, "a ready media file has no stored bytes");
    return notFound(request);
  }
  const headers = new Headers({
    "Content-Type": contentType,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Last-Modified": file.createdAt.toUTCString(),
    "Content-Disposition": download
      ? `attachment; filename*=UTF-8''${encodeURIComponent(download)}`
      : "inline",
  });
  const range = parseRange(request.headers.get("range"), stat.size);
  if (range === "invalid") {
    headers.set("Content-Range", `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers });
  }
  const part = range ?? (stat.size > 0 ? { start: 0, end: stat.size - 1 } : null);
  headers.set("Content-Length", String(part ? part.end - part.start + 1 : 0));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${stat.size}`);
  const body = part
    ? (Readable.toWeb(await storage.read(key, part)) as ReadableStream<Uint8Array>)
    : null;
  return new Response(body, { status: range ? 206 : 200, headers });
}
