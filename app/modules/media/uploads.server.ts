import { open, rm } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { FileStore } from "@tus/file-store";
import { Server as TusServer } from "@tus/server";
import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { detectLocale } from "#app/i18n/detect";
import { textKey } from "#app/i18n/i18n";
import { serverT } from "#app/i18n/resources.server";
import { config } from "#app/lib/config.server";
import { logger } from "#app/lib/logger.server";
import { pageAddress } from "#app/lib/page-address";
import { getViewer, type Viewer } from "#app/modules/auth/index.server";
import { probeVideo } from "./ffmpeg.server";
import { getMediaFile, isMediaFileId } from "./media-files.server";
import { UPLOADS_PATH, isVideoType, mayUploadPurpose, mediaPurpose } from "./purposes";
import { mediaFiles } from "./schema";
import { SNIFF_BYTES, sniffMediaType } from "./sniff.server";
import { mediaStorage, uploadStagingDir } from "./storage/configured.server";

/** A refusal in tus's terms: the server answers `status_code` with `body`. */
interface TusRefusal {
  status_code: number;
  body: string;
}

/** The uploader of each request in flight (the hooks get the same Request object). */
const uploaders = new WeakMap<Request, Viewer>();

function message(request: Request, key: string, values?: Record<string, unknown>): string {
  return serverT(detectLocale(request))(textKey(key), values);
}

function refusal(
  request: Request,
  status: number,
  key: string,
  values?: Record<string, unknown>,
): TusRefusal {
  return { status_code: status, body: message(request, key, values) };
}

/** The storage keys of a file's bytes and its poster: `<purpose>/<id>`, `<purpose>/<id>.poster.jpg`. */
export const storageKeyOf = (purpose: string, id: string) => `${purpose}/${id}`;
export const posterKeyOf = (purpose: string, id: string) => `${purpose}/${id}.poster.jpg`;

/** Removes what the tus file store keeps of an upload: its bytes and its `.json` record. */
export async function removeStagedUpload(id: string): Promise<void> {
  if (!isMediaFileId(id)) return;
  const dir = uploadStagingDir();
  await rm(path.join(dir, id), { force: true });
  await rm(path.join(dir, `${id}.json`), { force: true });
  await rm(path.join(dir, `${id}.poster.jpg`), { force: true });
}

async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * A finished upload becomes a ready media file: its bytes' signature must be one of the purpose's
 * types (else the bytes and the row are deleted and the uploader told why), a video's duration
 * and poster frame are read with ffmpeg when there is one, and the bytes move into the storage.
 */
async function completeUpload(request: Request, id: string): Promise<void> {
  const staged = path.join(uploadStagingDir(), id);
  const file = await getMediaFile(id);
  const purpose = file ? mediaPurpose(file.purpose) : null;
  if (!file || !purpose) {
    await removeStagedUpload(id);
    throw refusal(request, 404, "media.errors.uploadGone");
  }
  const type = sniffMediaType(await headOf(staged));
  if (!type || !purpose.types.includes(type)) {
    await removeStagedUpload(id);
    await db().delete(mediaFiles).where(eq(mediaFiles.id, id));
    logger.info({ id, purpose: file.purpose, sniffed: type }, "upload refused: wrong content");
    throw refusal(request, 415, purpose.wrongTypeMessage);
  }
  const storage = mediaStorage();
  const storageKey = storageKeyOf(file.purpose, id);
  let posterKey: string | null = null;
  let durationSeconds: number | null = null;
  if (isVideoType(type)) {
    const facts = await probeVideo(staged, `${staged}.poster.jpg`);
    durationSeconds = facts.durationSeconds;
    if (facts.posterPath) {
      posterKey = posterKeyOf(file.purpose, id);
      await storage.putFile(posterKey, facts.posterPath, "image/jpeg");
    }
  }
  await storage.putFile(storageKey, staged, type);
  await removeStagedUpload(id);
  await db()
    .update(mediaFiles)
    .set({ status: "ready", contentType: type, storageKey, posterKey, durationSeconds })
    .where(eq(mediaFiles.id, id));
}

/** The largest file of any purpose this server accepts (UPLOAD_MAX_BYTES). */
export const uploadMaxBytes = (): number => config().UPLOAD_MAX_BYTES;

let tus: TusServer | undefined;

function tusServer(): TusServer {
  tus ??= new TusServer({
    path: UPLOADS_PATH,
    datastore: new FileStore({ directory: uploadStagingDir() }),
    relativeLocation: true,
    maxSize: () => uploadMaxBytes(),
    // The upload's id is its media file's id: the browser reads it from the upload address.
    namingFunction: () => randomUUID(),
    disableTerminationForFinishedUploads: true,
    exposedHeaders: ["Media-File-Id"],
    onUploadCreate: async (req, upload) => {
      const request = req as unknown as Request;
      const viewer = uploaders.get(request);
      if (!viewer) throw refusal(request, 401, "media.errors.signIn");
      const purposeName = upload.metadata?.purpose ?? "";
      const purpose = mediaPurpose(purposeName);
      if (!purpose) throw refusal(request, 400, "media.errors.unknownPurpose");
      if (!mayUploadPurpose(purpose, viewer))
        throw refusal(request, 403, "media.errors.notAllowed");
      const limit = Math.min(purpose.maxBytes, uploadMaxBytes());
      // A length announced later (Upload-Defer-Length) could not be checked against the limit now.
      if (upload.size === undefined) throw refusal(request, 400, "media.errors.lengthNeeded");
      if (upload.size > limit)
        throw refusal(request, 413, "media.errors.tooLarge", { size: formatBytes(limit) });
      if (upload.size === 0) throw refusal(request, 400, "media.errors.empty");
      await db()
        .insert(mediaFiles)
        .values({
          id: upload.id,
          ownerId: viewer.user.id,
          purpose: purposeName,
          storageKey: storageKeyOf(purposeName, upload.id),
          size: upload.size,
          originalName: (upload.metadata?.filename ?? "").slice(0, 255),
          status: "uploading",
        });
      return {};
    },
    onUploadFinish: async (req, upload) => {
      await completeUpload(req as unknown as Request, upload.id);
      return { headers: { "Media-File-Id": upload.id } };
    },
    onResponseError: (req, error) => {
      if ("status_code" in error) return undefined;
      logger.error({ err: error }, "upload failed");
      return refusal(req as unknown as Request, 500, "media.errors.uploadFailed");
    },
  });
  return tus;
}

/** "2 GB", "10 MB": a limit as people read it. */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

function answer(request: Request, status: number, key: string): Response {
  return Response.json(
    { message: message(request, key) },
    { status, headers: { "Tus-Resumable": "1.0.0" } },
  );
}

/**
 * The resumable upload endpoint (tus 1.0, `/api/uploads` and `/api/uploads/<id>`), mounted in
 * server/app.ts after the same-origin check. Signed-in members only; an upload in progress is
 * reachable by its uploader only (another member's id is a 404). GET is not part of it: files are
 * served by /media/files/<id>, which checks who may receive them.
 */
export async function handleUpload(request: Request): Promise<Response> {
  const method = request.method;
  if (method === "OPTIONS") return tusServer().handleWeb(request);
  const viewer = await getViewer(request);
  if (!viewer) return answer(request, 401, "media.errors.signIn");
  const { pathname } = pageAddress(request);
  const rest = pathname.slice(UPLOADS_PATH.length).replace(/^\/+|\/+$/g, "");
  if (rest === "") {
    if (method !== "POST") return answer(request, 405, "media.errors.notFound");
  } else {
    if (!["HEAD", "PATCH", "DELETE"].includes(method) || !isMediaFileId(rest))
      return answer(request, 404, "media.errors.notFound");
    const file = await getMediaFile(rest);
    if (!file || file.ownerId !== viewer.user.id || file.status !== "uploading")
      return answer(request, 404, "media.errors.notFound");
    if (method === "DELETE") {
      await db().delete(mediaFiles).where(eq(mediaFiles.id, rest));
      await removeStagedUpload(rest);
      return new Response(null, { status: 204, headers: { "Tus-Resumable": "1.0.0" } });
    }
  }
  const forwarded =
    method === "PATCH" && request.body
      ? new Request(request, { body: endingOnDrop(request.body), duplex: "half" } as RequestInit)
      : request;
  uploaders.set(forwarded, viewer);
  return tusServer().handleWeb(forwarded);
}

/**
 * The request body, ending (instead of failing) when the connection drops mid-transfer: tus then
 * keeps the bytes that arrived and the upload's offset counts them, so the client resumes from
 * there. A failing body would make the store stop before writing what it had received.
 */
function endingOnDrop(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        controller.close();
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
