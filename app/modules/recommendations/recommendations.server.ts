import { type MessageKey, textKey } from "#app/i18n/i18n";
import {
  buildTaste,
  dayKey,
  isColdStart,
  rankPicks,
  strongestSeeds,
  tasteQuery,
  DAILY_PICKS,
  type Pick,
} from "./ranking";
import { RECOMMENDATION_SOURCES } from "./sources/index.server";
import { siteSuggestions, SUGGESTION_SEEDS, type SiteSuggestion } from "./site-suggestions.server";
import type { KnowledgeViewer } from "#app/modules/knowledge/index.server";
import type { RecommendationSource, RecommendedItem } from "./sources/source";

export type { RecommendedItem } from "./sources/source";
export type { Reason } from "./ranking";
export type { SiteSuggestion } from "./site-suggestions.server";

export interface Recommendation extends Pick<RecommendedItem> {
  /** Translation key of the content kind's label. */
  labelKey: MessageKey;
}

export interface TodaysRecommendations {
  /** The UTC day the picks are for ("YYYY-MM-DD"). */
  day: string;
  /** No history yet: the picks are what is popular or featured. */
  coldStart: boolean;
  items: Recommendation[];
  /** Articles, lessons, videos and events related to what the member engaged with most. */
  suggestions: SiteSuggestion[];
}

/**
 * The member's picks for today. Two rounds of queries, one query per source in each (history,
 * then candidates), whatever the length of the member's history; the ranking is pure
 * (`ranking.ts`). The same member gets the same order all day and a new one the next day.
 */
export async function todaysRecommendations(
  viewer: KnowledgeViewer,
  options: { now?: Date; limit?: number; sources?: readonly RecommendationSource[] } = {},
): Promise<TodaysRecommendations> {
  const sources = options.sources ?? RECOMMENDATION_SOURCES;
  const day = dayKey(options.now ?? new Date());
  const viewerId = viewer.id;
  const histories = await Promise.all(sources.map((source) => source.history(viewerId)));
  const taste = buildTaste(histories.flat(), viewerId, day);
  const [candidates, suggestions] = await Promise.all([
    Promise.all(
      sources.map((source) => source.candidates(viewerId, tasteQuery(taste, source.kind), day)),
    ),
    siteSuggestions(viewer, strongestSeeds(taste, SUGGESTION_SEEDS)),
  ]);
  const labels = new Map(sources.map((s) => [s.kind, s.labelKey]));
  const picks = rankPicks(candidates.flat(), taste, day, options.limit ?? DAILY_PICKS);
  return {
    day,
    coldStart: isColdStart(taste),
    items: picks.map((pick) => ({
      ...pick,
      labelKey: labels.get(pick.kind) ?? textKey(pick.kind),
    })),
    suggestions,
  };
}
