import { and, asc, eq, inArray } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { NotAllowedError } from "#app/modules/auth";
import { mediaFiles } from "#app/modules/media/schema";
import {
  attachMediaFile,
  deleteMediaFile,
  mediaFileUrl,
  mediaPosterUrl,
} from "#app/modules/media/index.server";
import { logger } from "#app/lib/logger.server";
import { AcademyRefusedError } from "./academy.server";
import { canManageAcademy, type AcademyActor } from "./policy";
import { LESSON_MEDIA_LIMITS } from "./media-validation";
import { courses, lessonFiles, lessons } from "./schema";
import "./media-access.server";

/*
 * A lesson's video and downloadable files (docs/decisions/054-lesson-media.md). Admins upload
 * through the media engine (purposes "lesson-video", "lesson-file") and the commands below adopt
 * the admin's own finished upload in the lesson's transaction, which locks the lesson row and
 * writes the `lesson_media.*` audit row. A replaced or removed file is deleted (row and bytes)
 * once that transaction has committed: an adopted file is never swept, so nothing else would.
 */

export interface LessonTarget {
  courseId: string;
  lessonId: string;
}

/** What the lesson page and the admin page show of a file. */
export interface LessonMediaFile {
  id: string;
  url: string;
  contentType: string;
  size: number;
  name: string;
}

const fileColumns = {
  id: mediaFiles.id,
  contentType: mediaFiles.contentType,
  size: mediaFiles.size,
  originalName: mediaFiles.originalName,
  posterKey: mediaFiles.posterKey,
  durationSeconds: mediaFiles.durationSeconds,
};

/** The lesson's video and downloads, in order. Callers decide first whether the viewer may see them. */
export async function lessonMedia(lessonId: string, handle: Db = db()) {
  const [videoRow] = await handle
    .select(fileColumns)
    .from(lessons)
    .innerJoin(mediaFiles, eq(mediaFiles.id, lessons.videoFileId))
    .where(and(eq(lessons.id, lessonId), eq(mediaFiles.status, "ready")));
  const files = await handle
    .select({ entryId: lessonFiles.id, title: lessonFiles.title, ...fileColumns })
    .from(lessonFiles)
    .innerJoin(mediaFiles, eq(mediaFiles.id, lessonFiles.mediaFileId))
    .where(and(eq(lessonFiles.lessonId, lessonId), eq(mediaFiles.status, "ready")))
    .orderBy(asc(lessonFiles.position), asc(lessonFiles.id));
  return {
    video: videoRow
      ? {
          id: videoRow.id,
          url: mediaFileUrl(videoRow),
          poster: videoRow.posterKey ? mediaPosterUrl(videoRow) : null,
          contentType: videoRow.contentType,
          size: videoRow.size,
          name: videoRow.originalName,
          durationSeconds: videoRow.durationSeconds,
        }
      : null,
    files: files.map((file) => ({
      id: file.entryId,
      title: file.title,
      file: {
        id: file.id,
        url: mediaFileUrl(file),
        contentType: file.contentType,
        size: file.size,
        name: file.originalName,
      } satisfies LessonMediaFile,
    })),
  };
}

/** The admin page: the lesson (of that course) and its media, or null. */
export async function lessonMediaPage(target: LessonTarget) {
  const [lesson] = await db()
    .select({
      id: lessons.id,
      title: lessons.title,
      slug: lessons.slug,
      courseId: courses.id,
      courseTitle: courses.title,
      courseSlug: courses.slug,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, target.lessonId), eq(lessons.courseId, target.courseId)));
  if (!lesson) return null;
  return { lesson, ...(await lessonMedia(lesson.id)) };
}

function requireManager(actor: AcademyActor): string {
  if (!canManageAcademy(actor)) throw new NotAllowedError("manage the academy");
  return actor!.id;
}

/** The lesson, which must belong to the course of the address, locked for the transaction. */
async function lockedLesson(tx: Db, target: LessonTarget) {
  const [lesson] = await tx
    .select({ id: lessons.id, videoFileId: lessons.videoFileId })
    .from(lessons)
    .where(and(eq(lessons.id, target.lessonId), eq(lessons.courseId, target.courseId)))
    .for("update");
  if (!lesson) throw new AcademyRefusedError("notFound");
  return lesson;
}

async function audit(
  tx: Db,
  actorId: string,
  action: string,
  lessonId: string,
  details: Record<string, unknown>,
) {
  await recordAudit(tx, {
    actorId,
    action: `lesson_media.${action}`,
    targetType: "lesson",
    targetId: lessonId,
    details,
  });
}

/**
 * The media files (video and downloads) of lessons about to be deleted, read in the deleting
 * transaction: the caller deletes them with `deleteReleased` once it commits (decision 054).
 */
export async function lessonMediaIds(tx: Db, lessonIds: readonly string[]): Promise<string[]> {
  if (lessonIds.length === 0) return [];
  const videos = await tx
    .select({ id: lessons.videoFileId })
    .from(lessons)
    .where(inArray(lessons.id, [...lessonIds]));
  const files = await tx
    .select({ id: lessonFiles.mediaFileId })
    .from(lessonFiles)
    .where(inArray(lessonFiles.lessonId, [...lessonIds]));
  return [...videos, ...files].map((row) => row.id).filter((id): id is string => Boolean(id));
}

/** Deletes files a committed change let go of; a failure is logged (the bytes stay, unreachable). */
export async function deleteReleased(ids: (string | null | undefined)[]) {
  for (const id of ids) {
    if (!id) continue;
    await deleteMediaFile(id).catch((error) =>
      logger.warn({ err: error, id }, "deleting a lesson's released media file failed"),
    );
  }
}

/**
 * Gives the lesson a video, the admin's own finished upload of purpose "lesson-video"
 * (`MediaAttachError` otherwise); a video it had is deleted.
 */
export async function setLessonVideo(
  actor: AcademyActor,
  target: LessonTarget,
  mediaFileId: string,
): Promise<void> {
  const actorId = requireManager(actor);
  const replaced = await db().transaction(async (tx) => {
    const lesson = await lockedLesson(tx, target);
    const file = await attachMediaFile(tx, {
      id: mediaFileId,
      ownerId: actorId,
      purpose: "lesson-video",
    });
    await tx
      .update(lessons)
      .set({ videoFileId: file.id, updatedAt: new Date() })
      .where(eq(lessons.id, lesson.id));
    await audit(tx, actorId, "video_set", lesson.id, {
      fileId: file.id,
      name: file.originalName,
      replaced: lesson.videoFileId,
    });
    return lesson.videoFileId;
  });
  await deleteReleased([replaced]);
}

/** Takes the lesson's video away and deletes it (none: 404). */
export async function removeLessonVideo(actor: AcademyActor, target: LessonTarget): Promise<void> {
  const actorId = requireManager(actor);
  const removed = await db().transaction(async (tx) => {
    const lesson = await lockedLesson(tx, target);
    if (!lesson.videoFileId) throw new AcademyRefusedError("notFound");
    await tx
      .update(lessons)
      .set({ videoFileId: null, updatedAt: new Date() })
      .where(eq(lessons.id, lesson.id));
    await audit(tx, actorId, "video_remove", lesson.id, { fileId: lesson.videoFileId });
    return lesson.videoFileId;
  });
  await deleteReleased([removed]);
}

/**
 * Adds a download at the end of the list: the admin's own finished upload of purpose
 * "lesson-file", titled `title` or, when that is empty, by the file's name. At most
 * `LESSON_MEDIA_LIMITS.filesMax` per lesson (409 past it).
 */
export async function addLessonFile(
  actor: AcademyActor,
  target: LessonTarget,
  input: { mediaFileId: string; title: string },
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    const lesson = await lockedLesson(tx, target);
    const existing = await tx
      .select({ position: lessonFiles.position })
      .from(lessonFiles)
      .where(eq(lessonFiles.lessonId, lesson.id));
    if (existing.length >= LESSON_MEDIA_LIMITS.filesMax) throw new AcademyRefusedError("filesFull");
    const file = await attachMediaFile(tx, {
      id: input.mediaFileId,
      ownerId: actorId,
      purpose: "lesson-file",
    });
    const title = (input.title || file.originalName || file.id)
      .trim()
      .slice(0, LESSON_MEDIA_LIMITS.titleMax);
    const position = existing.reduce((top, row) => Math.max(top, row.position + 1), 0);
    const [entry] = await tx
      .insert(lessonFiles)
      .values({ lessonId: lesson.id, mediaFileId: file.id, title, position })
      .returning({ id: lessonFiles.id });
    await audit(tx, actorId, "file_add", lesson.id, {
      entryId: entry?.id,
      fileId: file.id,
      title,
    });
  });
}

/** The lesson's download `entryId`, locked (another lesson's: 404). */
async function lockedEntry(tx: Db, lessonId: string, entryId: string) {
  const [entry] = await tx
    .select({ id: lessonFiles.id, title: lessonFiles.title, mediaFileId: lessonFiles.mediaFileId })
    .from(lessonFiles)
    .where(and(eq(lessonFiles.id, entryId), eq(lessonFiles.lessonId, lessonId)))
    .for("update");
  if (!entry) throw new AcademyRefusedError("notFound");
  return entry;
}

export async function renameLessonFile(
  actor: AcademyActor,
  target: LessonTarget,
  entryId: string,
  title: string,
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    const lesson = await lockedLesson(tx, target);
    const entry = await lockedEntry(tx, lesson.id, entryId);
    await tx.update(lessonFiles).set({ title }).where(eq(lessonFiles.id, entry.id));
    await audit(tx, actorId, "file_rename", lesson.id, {
      entryId,
      title: { from: entry.title, to: title },
    });
  });
}

export async function moveLessonFile(
  actor: AcademyActor,
  target: LessonTarget,
  entryId: string,
  direction: "up" | "down",
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    const lesson = await lockedLesson(tx, target);
    await lockedEntry(tx, lesson.id, entryId);
    const order = await tx
      .select({ id: lessonFiles.id })
      .from(lessonFiles)
      .where(eq(lessonFiles.lessonId, lesson.id))
      .orderBy(asc(lessonFiles.position), asc(lessonFiles.id));
    const at = order.findIndex((row) => row.id === entryId);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return;
    [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [position, row] of order.entries())
      await tx.update(lessonFiles).set({ position }).where(eq(lessonFiles.id, row.id));
    await audit(tx, actorId, "file_move", lesson.id, { entryId, direction });
  });
}

/** Removes a download from the lesson and deletes its file. */
export async function removeLessonFile(
  actor: AcademyActor,
  target: LessonTarget,
  entryId: string,
): Promise<void> {
  const actorId = requireManager(actor);
  const removed = await db().transaction(async (tx) => {
    const lesson = await lockedLesson(tx, target);
    const entry = await lockedEntry(tx, lesson.id, entryId);
    await tx.delete(lessonFiles).where(eq(lessonFiles.id, entry.id));
    await audit(tx, actorId, "file_remove", lesson.id, {
      entryId,
      fileId: entry.mediaFileId,
      title: entry.title,
    });
    return entry.mediaFileId;
  });
  await deleteReleased([removed]);
}
