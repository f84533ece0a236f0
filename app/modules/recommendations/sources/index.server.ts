import { discussionSource } from "./discussions.server";
import type { RecommendationSource } from "./source";

/**
 * The kinds of content recommended, in no particular order (ranking merges them). Videos,
 * courses and grimoires plug in here as they arrive: one `RecommendationSource` each.
 */
export const RECOMMENDATION_SOURCES: readonly RecommendationSource[] = [discussionSource];
