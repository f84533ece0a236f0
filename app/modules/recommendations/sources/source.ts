import type { MessageKey } from "#app/i18n/i18n";
import type { Candidate, Interaction, TasteQuery } from "../ranking";

/** What the page shows of a pick, the same shape for every kind of content. */
export interface RecommendedItem {
  title: string;
  href: string;
  excerpt: string;
  topic: { label: string; href: string | null };
  author: { displayName: string; slug: string; rank: string; avatarUrl: string | null };
  /** Replies (or comments) and reactions; a kind without them sends 0. */
  replyCount: number;
  reactionCount: number;
  featured: boolean;
  answered: boolean;
  /** ISO time of the last activity (or publication). */
  activeAt: string;
}

/**
 * One kind of content that can be recommended. Adding videos or courses means writing one of
 * these (`sources/<kind>.server.ts`) and listing it in `sources/index.server.ts`; taste, ranking,
 * reasons and the page follow. Each method is one query whatever the member's history, so a
 * page costs two queries per source.
 */
export interface RecommendationSource {
  /** Stable name, the `kind` of its interactions and candidates. Lower-case letters. */
  kind: string;
  /** Translation key of the kind's label on a pick ("Discussion"). */
  labelKey: MessageKey;
  /**
   * What the member did with this kind (read, replied, reacted, wrote), most recent first and
   * bounded per action, limited to content the member may still see.
   */
  history(viewerId: string): Promise<Interaction[]>;
  /**
   * Content matching the taste (topics, authors, terms, members alike) plus the popular and
   * featured content the cold start falls back on: visible to the member, never their own, never
   * already read or replied to or reacted to. `day` fixes the popularity clock for the day.
   */
  candidates(
    viewerId: string,
    query: TasteQuery,
    day: string,
  ): Promise<Candidate<RecommendedItem>[]>;
}
