import { shortLivedByKey } from "#app/lib/short-lived";
import { accessFor, relatedTo, type KnowledgeViewer } from "#app/modules/knowledge/index.server";
import { threadHref } from "./links";
import type { RelatedLink } from "./components/related-discussions";

/** How many related threads the side column lists. */
export const RELATED_DISCUSSIONS = 5;

/**
 * Other discussions close to this one, from the knowledge index (its title as the query): only
 * published threads the viewer may read — premium categories only for premium readers, since the
 * index filters by access in SQL.
 */
export async function relatedDiscussions(
  post: { title: string; slug: string },
  viewer: KnowledgeViewer | null,
): Promise<RelatedLink[]> {
  // What a viewer gets depends only on what they may read: one answer per thread and access.
  const access = viewer ? accessFor(viewer).join(",") : "guest";
  return kept.get(JSON.stringify([post.slug, post.title, access]));
}

/**
 * A thread is read far more often than the index changes (the refresh runs every 5 minutes), so
 * each thread's list is kept for a few minutes per access level instead of searched on every view.
 */
const RELATED_TTL_MS = 5 * 60_000;
const RELATED_KEPT = 2_000;

const kept = shortLivedByKey(RELATED_TTL_MS, RELATED_KEPT, async (key) => {
  const [slug, title, access] = JSON.parse(key) as [string, string, string];
  const viewer: KnowledgeViewer | null =
    access === "guest" ? null : { id: "", isPremium: access.includes("premium"), isAdmin: false };
  const hits = await relatedTo({ title, url: threadHref(slug) }, viewer, {
    kinds: ["post"],
    limit: RELATED_DISCUSSIONS,
  });
  return hits.map((hit) => ({ title: hit.title, url: hit.url, excerpt: hit.excerpt }));
});
