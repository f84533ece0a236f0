import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { registerMediaAccess } from "#app/modules/media/index.server";
import { isPubliclyVisible } from "./policy";
import { videos } from "./schema";

/*
 * Who receives the bytes of an uploaded video (purpose "video"): anyone once the video using it
 * is published and active; the media engine itself lets its owner and admins through always, so a
 * pending video plays for its uploader and the moderators, and nobody else (404). The poster
 * (`/media/files/<id>/poster`) follows the same rule. Registered when this module loads (the
 * commands import it).
 */
registerMediaAccess("video", async (_viewer, file) => {
  const [row] = await db()
    .select({ status: videos.status, isActive: videos.isActive })
    .from(videos)
    .where(eq(videos.mediaFileId, file.id))
    .limit(1);
  return row ? isPubliclyVisible(row) : false;
});
