import { type MessageKey } from "#app/i18n/i18n";
/** What the search returns to the browser, whatever the kind (shared by the dropdown and the page). */
export interface SearchResult {
  /** The registry name of the kind (post, member, page …), also written in click logs. */
  kind: string;
  /** Translation key of the kind's label ("Discussion", "Member" …). */
  labelKey: MessageKey;
  title: string;
  /** Where the result leads (a path on this site). */
  url: string;
  /** At most 120 characters around the match (may be empty). */
  excerpt: string;
  /** A picture for the kinds that have one (a member's avatar); `avatar` says to draw it round, with initials as fallback. */
  image: string | null;
  avatar: boolean;
  /** SPEC §9 score: the kind's title-match or body-match value. */
  score: number;
  /** Who wrote it, where and when; each kind fills what it has. */
  details: ResultDetails;
}

/** A result row's details, shown under its title with translated labels. */
export interface ResultDetails {
  /** The author's display name (posts). */
  author?: string;
  /** The category's title (posts). */
  category?: string;
  /** A member's rank (`ranks.*` translation keys). */
  rank?: string;
  /** The coven hosting an event (left out for invite-only covens, whose names strangers never see). */
  host?: string;
  /**
   * An ISO date-time, and what it is: when a post was written, a member joined, a page changed,
   * a coven was last active, an event starts (or, for a series under way, first started).
   */
  date?: {
    at: string;
    meaning: "posted" | "joined" | "updated" | "active" | "starts" | "recurring";
  };
}

export interface SearchGroup {
  kind: string;
  /** Translation key of the group's heading (plural, e.g. "Discussions"). */
  headingKey: MessageKey;
  results: SearchResult[];
}

/** A kind the /search page can filter by (its name and group heading). */
export interface KindFilter {
  name: string;
  headingKey: MessageKey;
}
