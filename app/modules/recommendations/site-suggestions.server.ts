import { relatedTo, type KnowledgeViewer } from "#app/modules/knowledge/index.server";
import type { Action, Reason } from "./ranking";

/**
 * What /explore suggests beyond discussions: library articles, academy lessons, videos and
 * upcoming events, found in the knowledge index (decision 060) from the titles of what the member
 * engaged with most. The index filters by what the member may read.
 */
export const SUGGESTION_KINDS = ["article", "lesson", "video", "event"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** Seeds looked up, and suggestions shown. */
export const SUGGESTION_SEEDS = 3;
export const SITE_SUGGESTIONS = 6;

export interface SiteSuggestion {
  kind: SuggestionKind;
  title: string;
  url: string;
  excerpt: string;
  /** Always the seed it was found through ('Because you read “…”'): the truth of how it was chosen. */
  reason: Extract<Reason, { type: "similar" }>;
}

/** The page a passage is on: an article's sections (`#s-3`) are one suggestion. */
function pageOf(url: string): string {
  const hash = url.indexOf("#");
  return hash === -1 ? url : url.slice(0, hash);
}

/**
 * Up to SITE_SUGGESTIONS pages related to the member's strongest seeds, taken in turn from each
 * seed (the strongest seed's best, then the next seed's best …) so one interest does not fill the
 * list; a page found through two seeds, or through two of its sections, is shown once, with the
 * stronger seed (and better section) as its reason.
 */
export async function siteSuggestions(
  viewer: KnowledgeViewer,
  seeds: ReadonlyArray<{ title: string; action: Action }>,
): Promise<SiteSuggestion[]> {
  const lists = await Promise.all(
    seeds.slice(0, SUGGESTION_SEEDS).map((seed) =>
      // Twice as many as shown: several sections of one article count once (pageOf).
      relatedTo({ title: seed.title }, viewer, {
        kinds: SUGGESTION_KINDS,
        limit: SITE_SUGGESTIONS * 2,
      }),
    ),
  );
  const picked = new Map<string, SiteSuggestion>();
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let rank = 0; rank < longest && picked.size < SITE_SUGGESTIONS; rank++) {
    lists.forEach((hits, seedIndex) => {
      const hit = hits[rank];
      if (!hit || picked.size >= SITE_SUGGESTIONS) return;
      const page = pageOf(hit.url);
      if (picked.has(page)) return;
      const seed = seeds[seedIndex]!;
      picked.set(page, {
        kind: hit.sourceKind as SuggestionKind,
        title: hit.title,
        url: hit.url,
        excerpt: hit.excerpt,
        reason: { type: "similar", action: seed.action, title: seed.title },
      });
    });
  }
  return [...picked.values()];
}
