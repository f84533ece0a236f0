import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { posts } from "#app/modules/discussions/schema";

/*
 * A video's comments run on the discussions engine (decision 049): they hang off one `posts` row
 * with `video_id` set, the empty category and no text of its own, which every public list,
 * count, search and recommendation leaves out (`PUBLIC_POST`). The row is made by the first visit
 * of the video's page that may show comments, so videos shared before comments existed get theirs
 * the same way.
 */

/** The slug of a video's comment thread: fixed by the video's id, never shown. */
export function videoThreadSlug(videoId: string): string {
  return `video-${videoId}`;
}

/** The video's comment thread, made on first use; returns its slug. */
export async function ensureVideoThread(video: {
  id: string;
  title: string;
  uploaderId: string;
}): Promise<string> {
  const slug = videoThreadSlug(video.id);
  const [existing] = await db()
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.videoId, video.id))
    .limit(1);
  if (existing) return slug;
  await db()
    .insert(posts)
    .values({
      slug,
      title: video.title,
      content: "",
      category: "",
      userId: video.uploaderId,
      status: "published",
      videoId: video.id,
    })
    .onConflictDoNothing();
  return slug;
}
