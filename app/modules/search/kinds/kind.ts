import { type MessageKey } from "#app/i18n/i18n";
import type { SQL } from "drizzle-orm";
import type { ResultDetails } from "../types";

/** The term in the forms the kinds' SQL needs. Each is bound as a parameter, never spliced. */
export interface TermSql {
  /** The normalized term as typed. */
  term: string;
  /** `%term%` with LIKE wildcards escaped, for ILIKE (served by the trigram indexes). */
  like: string;
  /** `%word%` for each word of the term (websearch syntax removed), escaped likewise. */
  wordLikes: string[];
  /** `websearch_to_tsquery('simple', term)`: quotes, OR and -exclusion as people write them. */
  tsquery: SQL;
  /** The term's longest word, to cut a long body down to the part around the match. */
  anchor: string;
  /** The term as a profile slug would spell it. */
  slug: string;
}

/**
 * One searchable kind of content. Adding a kind (videos, courses, spirits, books) means writing
 * one of these and listing it in `kinds/index.server.ts`; the query builder, the merge, the
 * dropdown, the search page and click logging pick it up from there.
 *
 * The builder runs two branches per kind in the same statement: title matches (scored
 * `scores.title`) and all matches (scored `scores.body`), each ordered by `orderBy` and cut to the
 * kind's limit; a row found by both keeps the title score. Two simple branches let PostgreSQL walk
 * an index in `orderBy` order and stop after a few rows, instead of scoring every match of a
 * common word before sorting.
 */
export interface SearchKind {
  /** Stable name: the result's `kind`, the click log's "(type)". Lower-case letters. */
  name: string;
  /** Translation keys: a single result's label in the dropdown, and the group heading on /search. */
  labelKey: MessageKey;
  headingKey: MessageKey;
  /** Results per kind: in the dropdown (SPEC §9: 6 posts, 3 per other kind) and on /search. */
  limits: { dropdown: number; page: number };
  /** SPEC §9 score rule: `title` when the title (or name) matches, else `body`. */
  scores: { title: number; body: number };
  /** Results carry a round avatar (members). */
  avatar?: boolean;
  /**
   * What a guest finds while reading is members-only (reading/policy.ts): `titles` = title
   * matches only, without an excerpt (a body match would tell what a hidden body says);
   * `hidden` = nothing. Absent: public content, found as usual.
   */
  membersOnly?: "titles" | "hidden";
  /**
   * Its readable words are in the spelling dictionary (`search_words`, kept by triggers on its
   * tables, decision 027). A term that finds nothing of these kinds is corrected against the
   * dictionary and searched again in them.
   */
  inDictionary?: boolean;
  /**
   * The select list: ref (what `href` needs), title, body (the text the excerpt is cut from),
   * image (or null), rank (a number agreeing with `orderBy`: higher first), then whatever
   * `details` reads. Keep them plain columns or cheap expressions: they are computed for every
   * row that reaches the sort; the builder cuts `body` down around the match only for the rows
   * kept.
   */
  columns(q: TermSql): SQL;
  /**
   * What a result row shows besides its title (author, category, rank, date), built for the kept
   * rows only: `select` is a jsonb of `ResultDetails`' shape over the kept row `k` (its columns)
   * and `join`'s tables, e.g. the author's profile.
   */
  details: { select: SQL; join?: SQL };
  /** What the date in `details` is: shown as "Posted …", "Joined …" or "Updated …". */
  dateMeaning?: NonNullable<ResultDetails["date"]>["meaning"];
  /** `from … [join …]`. */
  from: SQL;
  /** Rows every visitor may see (published, active …); `true` when all are. */
  visible: SQL;
  /** A match in the title or name (the builder also requires `anyMatch`). */
  titleMatch(q: TermSql): SQL;
  /** Any match: title or body. */
  anyMatch(q: TermSql): SQL;
  /** ORDER BY within one score, best first; an indexed order for large tables. */
  orderBy: SQL;
  /**
   * For large tables, where PostgreSQL cannot know whether a word is common or rare and a wrong
   * guess scans the table. Each branch then reads at most `matchCap` matches in any order (fast
   * through the full-text and trigram indexes, and early-stopping for a common word) and ranks
   * only those: exact whenever a term has fewer matches. With `recentFrom` it also reads the
   * matches among the newest rows: `recentFrom` is `from` with the table replaced by a window of
   * its first few thousand rows in `orderBy` order (a subquery aliased as the table, so `columns`
   * and the conditions apply unchanged). Walking that window in index order stops at the limit,
   * which makes a common word cost a few hundred rows and a rare one the window at most; it is
   * exact for a word common enough to fill the limit. Both reads are bounded, so no search scans
   * the whole table.
   */
  bounded?: { matchCap: number; recentFrom?: SQL };
  /** The path a result leads to. */
  href(ref: string): string;
}

/** Whether every kind's title score is above every kind's body score ("title beats body"). */
export function scoresAreOrdered(kinds: readonly SearchKind[]): boolean {
  const lowestTitle = Math.min(...kinds.map((k) => k.scores.title));
  const highestBody = Math.max(...kinds.map((k) => k.scores.body));
  return lowestTitle > highestBody;
}
