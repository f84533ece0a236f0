import { and, desc, eq, gt, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { shortLived } from "#app/lib/short-lived";
import { SearchBusyError } from "./capacity.server";
import { TRENDING } from "./limits";
import { searchLog } from "./schema";
import { quickSearch } from "./search.server";

/**
 * The most searched terms since `since`, most searchers first (then most searches, then the
 * latest): one aggregate over the newest logged searches only, so its cost does not grow with the
 * log. Terms are compared without case; two different searchers at least.
 */
async function mostSearched(since: Date, limit: number): Promise<string[]> {
  const recent = db()
    .select({
      term: sql<string>`lower(${searchLog.term})`.as("term"),
      // A member, else the hashed address, else the row itself (counted as its own searcher).
      searcher:
        sql<string>`coalesce(${searchLog.userId}::text, ${searchLog.ipHash}, ${searchLog.id}::text)`.as(
          "searcher",
        ),
      createdAt: searchLog.createdAt,
    })
    .from(searchLog)
    .where(and(eq(searchLog.kind, "search"), gt(searchLog.createdAt, since)))
    .orderBy(desc(searchLog.createdAt))
    .limit(TRENDING.scanned)
    .as("recent");
  const searchers = sql`count(distinct ${recent.searcher})`;
  const rows = await db()
    .select({ term: recent.term })
    .from(recent)
    .groupBy(recent.term)
    .having(sql`${searchers} >= ${TRENDING.minSearchers}`)
    .orderBy(
      sql`${searchers} desc`,
      sql`count(*) desc`,
      sql`max(${recent.createdAt}) desc`,
      recent.term,
    )
    .limit(limit);
  return rows.map((row) => row.term);
}

/** Whether a term finds anything today (search busy: left out this time). */
async function findsSomething(term: string): Promise<boolean> {
  try {
    return (await quickSearch(term)).length > 0;
  } catch (error) {
    if (error instanceof SearchBusyError) return false;
    throw error;
  }
}

/** The trending searches, uncached: the most searched terms that still find something. */
export async function loadTrendingSearches(now = new Date()): Promise<string[]> {
  const since = new Date(now.getTime() - TRENDING.days * 24 * 60 * 60 * 1000);
  const trending: string[] = [];
  for (const term of await mostSearched(since, TRENDING.candidates)) {
    if (trending.length === TRENDING.shown) break;
    if (await findsSomething(term)) trending.push(term);
  }
  return trending;
}

const kept = shortLived(TRENDING.ttlMs, () => loadTrendingSearches());

/** The header search's trending suggestions, loaded at most once per 5 minutes per process. */
export function trendingSearches(): Promise<string[]> {
  return kept.get();
}
