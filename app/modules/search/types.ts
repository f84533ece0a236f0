/** What the search returns to the browser, whatever the kind (shared by the dropdown and the page). */
export interface SearchResult {
  /** The registry name of the kind (post, member, page …), also written in click logs. */
  kind: string;
  /** Translation key of the kind's label ("Discussion", "Member" …). */
  labelKey: string;
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
}

export interface SearchGroup {
  kind: string;
  /** Translation key of the group's heading (plural, e.g. "Discussions"). */
  headingKey: string;
  results: SearchResult[];
}
