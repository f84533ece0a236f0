import { and, eq, isNull, lt } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import type { Viewer } from "#app/modules/auth/index.server";
import { logger } from "#app/lib/logger.server";
import { mediaFiles, type MediaFile } from "./schema";
import { mediaStorage } from "./storage/configured.server";

export type { MediaFile };

/** A file id is a UUID; anything else names no file (and would fail the uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isMediaFileId = (id: string): boolean => UUID.test(id);

export async function getMediaFile(id: string, handle: Db = db()): Promise<MediaFile | null> {
  if (!isMediaFileId(id)) return null;
  const [file] = await handle.select().from(mediaFiles).where(eq(mediaFiles.id, id)).limit(1);
  return file ?? null;
}

export type AttachProblem = "missing" | "notReady" | "notOwner" | "wrongPurpose" | "attached";

/**
 * A file a feature tried to adopt that it may not: `messageKey` is the translated message a
 * caller answers with (a 400 beside the field that carried the id).
 */
export class MediaAttachError extends Error {
  readonly messageKey: string;
  constructor(readonly problem: AttachProblem) {
    super(`The media file cannot be attached: ${problem}`);
    this.messageKey =
      problem === "notReady" ? "media.errors.notReady" : "media.errors.fileUnavailable";
  }
}

/**
 * A feature row adopts an uploaded file in its own transaction: the file must exist, be ready,
 * belong to `ownerId`, have been uploaded for `purpose` and not be adopted yet. The row is locked,
 * so two features cannot adopt one file.
 */
export async function attachMediaFile(
  tx: Db,
  input: { id: string; ownerId: string; purpose: string },
): Promise<MediaFile> {
  if (!isMediaFileId(input.id)) throw new MediaAttachError("missing");
  const [file] = await tx
    .select()
    .from(mediaFiles)
    .where(eq(mediaFiles.id, input.id))
    .for("update")
    .limit(1);
  if (!file) throw new MediaAttachError("missing");
  if (file.ownerId !== input.ownerId) throw new MediaAttachError("notOwner");
  if (file.purpose !== input.purpose) throw new MediaAttachError("wrongPurpose");
  if (file.status !== "ready") throw new MediaAttachError("notReady");
  if (file.attachedAt) throw new MediaAttachError("attached");
  const [attached] = await tx
    .update(mediaFiles)
    .set({ attachedAt: new Date() })
    .where(eq(mediaFiles.id, file.id))
    .returning();
  return attached ?? file;
}

/** Deletes a file's row and its stored bytes and poster. Nothing happens for an unknown id. */
export async function deleteMediaFile(id: string): Promise<void> {
  if (!isMediaFileId(id)) return;
  const [file] = await db().delete(mediaFiles).where(eq(mediaFiles.id, id)).returning();
  if (!file) return;
  await removeStoredBytes(file);
}

async function removeStoredBytes(file: MediaFile): Promise<void> {
  const storage = mediaStorage();
  for (const key of [file.storageKey, file.posterKey]) {
    if (!key) continue;
    await storage
      .delete(key)
      .catch((error) => logger.warn({ err: error, key }, "deleting stored media bytes failed"));
  }
}

/** Whether `viewer` (null: a guest) may receive the bytes of `file`. */
export type MediaAccessRule = (viewer: Viewer | null, file: MediaFile) => Promise<boolean>;

const accessRules = new Map<string, MediaAccessRule>();

/**
 * The rule the serving route asks for files of `purpose` (a feature registers it when its module
 * loads: a video's rule reads whether the video is published, a lesson's whether the viewer may
 * watch the lesson). Registering a purpose again replaces its rule.
 */
export function registerMediaAccess(purpose: string, rule: MediaAccessRule): void {
  accessRules.set(purpose, rule);
}

/** The default for a purpose without a rule, and what every rule adds: owner and admins. */
const ownerOrAdmin = (viewer: Viewer | null, file: MediaFile) =>
  viewer !== null && (viewer.isAdmin || viewer.user.id === file.ownerId);

/** Whether the viewer may receive the file's bytes: its owner and admins always, others by the purpose's rule. */
export async function mayReceiveMedia(viewer: Viewer | null, file: MediaFile): Promise<boolean> {
  if (ownerOrAdmin(viewer, file)) return true;
  const rule = accessRules.get(file.purpose);
  return rule ? rule(viewer, file) : false;
}

/** Files nobody adopted are swept after this long. */
export const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes files (rows, bytes, posters) that no feature adopted within a day of their upload's
 * start, finished or not, together with their staged upload bytes. Returns how many.
 */
export async function sweepUnattachedMedia(
  at: Date = new Date(),
  removeStaged: (id: string) => Promise<void> = async () => {},
): Promise<number> {
  const cutoff = new Date(at.getTime() - UNATTACHED_TTL_MS);
  const stale = await db()
    .delete(mediaFiles)
    .where(and(isNull(mediaFiles.attachedAt), lt(mediaFiles.createdAt, cutoff)))
    .returning();
  for (const file of stale) {
    await removeStoredBytes(file);
    await removeStaged(file.id).catch((error) =>
      logger.warn({ err: error, id: file.id }, "deleting a staged upload failed"),
    );
  }
  return stale.length;
}
