import { and, eq } from "drizzle-orm";
import { videos } from "#app/modules/videos/schema";
import { chunkMarkdown } from "./chunk";
import type { KnowledgeSource } from "./sources.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What everyone may watch (the video pages' and site search's rule): published and active. */
const watchable = and(eq(videos.status, "published"), eq(videos.isActive, true));

/**
 * Videos: the description (Markdown) under the video's title, linking to `/video/{slug}`; a video
 * with no description is one passage of its tags, so its title alone can still be found. Pending,
 * rejected and hidden videos never enter. Video pages are open, so the passages are public.
 */
export const videoSource: KnowledgeSource = {
  kind: "video",
  async list(tx) {
    return tx.select({ id: videos.id, updatedAt: videos.updatedAt }).from(videos).where(watchable);
  },
  async load(tx, id) {
    if (!UUID.test(id)) return null;
    const [row] = await tx
      .select({
        slug: videos.slug,
        title: videos.title,
        description: videos.description,
        tags: videos.tags,
        updatedAt: videos.updatedAt,
      })
      .from(videos)
      .where(and(eq(videos.id, id), watchable))
      .limit(1);
    if (!row) return null;
    const url = `/video/${encodeURIComponent(row.slug)}`;
    const passages = chunkMarkdown(row.description);
    const chunks =
      passages.length > 0
        ? passages.map((c) => ({
            url,
            heading: c.heading,
            body: c.text,
            access: "public" as const,
          }))
        : [{ url, heading: "", body: row.tags.join(", "), access: "public" as const }];
    return { id, title: row.title, language: null, updatedAt: row.updatedAt, chunks };
  },
};
