import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { TermSql } from "./kind";

/**
 * About 600 characters of a long text around the first occurrence of `anchor` (its start when
 * absent), so a 20,000-character post does not travel to the server for a 120-character excerpt.
 */
export function textAround(column: AnyColumn | SQL, anchor: string): SQL {
  return sql`substr(${column}, greatest(1, strpos(lower(${column}), lower(${anchor})) - 200), 600)`;
}

/** Every word of the term appears in `column` (case-insensitive substrings; trigram-indexable). */
export function allWordsIn(column: AnyColumn, q: TermSql): SQL {
  const likes = q.wordLikes.length > 0 ? q.wordLikes : [q.like];
  return sql`(${sql.join(
    likes.map((like) => sql`${column} ilike ${like}`),
    sql` and `,
  )})`;
}
