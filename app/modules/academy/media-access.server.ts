import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { registerMediaAccess, type MediaFile } from "#app/modules/media/index.server";
import type { Viewer } from "#app/modules/auth/index.server";
import { lessonRefusalFor } from "./academy.server";
import { lessonFiles, lessons } from "./schema";

/*
 * Who receives the bytes of a lesson's video (purpose "lesson-video") and downloads
 * ("lesson-file"): exactly whoever may open the lesson (`lessonRefusal`, the lesson page's rule):
 * a published course's enrolled members — premium members only on a premium course, checked now,
 * so a lapsed membership loses the bytes with the page — once a required previous lesson is done;
 * drafts and files no lesson uses nobody. The media engine lets admins (and the uploader, an admin)
 * through always. Everyone else gets the engine's 404, so not even the file's existence leaks.
 * Registered when this module loads (the academy's commands import it).
 */
async function lessonOf(file: MediaFile): Promise<string | null> {
  if (file.purpose === "lesson-video") {
    const [row] = await db()
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.videoFileId, file.id))
      .limit(1);
    return row?.id ?? null;
  }
  const [row] = await db()
    .select({ id: lessonFiles.lessonId })
    .from(lessonFiles)
    .where(eq(lessonFiles.mediaFileId, file.id))
    .limit(1);
  return row?.id ?? null;
}

export async function mayReceiveLessonMedia(
  viewer: Viewer | null,
  file: MediaFile,
): Promise<boolean> {
  const lessonId = await lessonOf(file);
  if (!lessonId) return false;
  return (await lessonRefusalFor(viewer?.actor ?? null, lessonId)) === null;
}

registerMediaAccess("lesson-video", mayReceiveLessonMedia);
registerMediaAccess("lesson-file", mayReceiveLessonMedia);
