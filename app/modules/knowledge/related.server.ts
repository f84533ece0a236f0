import { retrieve, type KnowledgeHit, type KnowledgeViewer } from "./retrieve.server";

/**
 * Below this combined score a "related" page shares no more than a passing word with the title.
 * Lower than the guide's ANSWER_THRESHOLD (0.3): a reader browsing is better served by a loosely
 * related thread than by nothing, but not by one found through a single common word.
 */
export const RELATED_THRESHOLD = 0.2;

/**
 * Pages of the index close to a document (a discussion, something a member read), by its title:
 * the document itself excluded, only what the viewer may read, only the given kinds. Used for
 * "Related discussions" beside a thread and for /explore's suggestions.
 *
 * The title alone is the query. Measured on the demo community, adding the opening of the text
 * brought in threads that shared only everyday words ("one", "own", "read") with it, ranked above
 * threads on the same subject.
 */
export async function relatedTo(
  document: { title: string; url?: string },
  viewer: KnowledgeViewer | null,
  options: { kinds: readonly string[]; limit?: number },
): Promise<KnowledgeHit[]> {
  const hits = await retrieve(document.title, viewer, {
    kinds: options.kinds,
    limit: options.limit ?? 5,
    excludeUrls: document.url ? [document.url] : [],
  });
  return hits.filter((hit) => hit.score >= RELATED_THRESHOLD);
}
