import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { membersOnlyReading } from "#app/modules/reading/index.server";
import { expandQuery } from "./expand";
import type { KnowledgeAccess } from "./schema";
import { bestPassage, orQuery, queryWords } from "./text";

export interface KnowledgeViewer {
  id: string;
  isPremium: boolean;
  isAdmin: boolean;
}

export interface KnowledgeHit {
  sourceKind: string;
  title: string;
  url: string;
  /** Plain text: the best-matching passage (a few sentences). */
  excerpt: string;
  /** 0..1, higher = better. */
  score: number;
}

/** How candidates are scored (decision 060 compares them; `combined` is what the site uses). */
export type RetrievalMethod = "fts" | "trgm" | "combined";

/** What a viewer may read of the index. */
export function accessFor(viewer: KnowledgeViewer | null): KnowledgeAccess[] {
  if (!viewer) return ["public"];
  if (viewer.isAdmin || viewer.isPremium) return ["public", "members", "premium"];
  return ["public", "members"];
}

/** Weight of trigram word similarity against the full-text rank in the combined score. */
const TRGM_WEIGHT = 0.3;
/** ts_rank_cd with normalisation 32 (rank / (rank + 1)) taken as is. */
const FTS_SCALE = 1;
const CANDIDATES = 40;
/**
 * Added to an approved FAQ entry's score (decision 062): an answer an admin checked for that very
 * question is the guide's first source for it.
 */
const FAQ_BONUS = 0.15;
/** pg_trgm's word-similarity floor for a candidate found by trigrams alone. */
const TRGM_FLOOR = 0.3;

/**
 * Matches read per candidate branch before scoring. A question's words are common in a large
 * community (an OR query of chat words matched 77,000 of 110,000 passages on the benchmark's
 * seed), and scoring every match took seconds: each branch reads at most this many matches in
 * index order and only those are scored. Exact whenever a question has fewer matches, as on
 * the evaluation set.
 */
const MATCH_CAP = 2000;

/**
 * The passages the viewer may read that best match `query`, at most one per url, best first.
 * Candidates come from the stored tsvector (any query word, prefix-matched, GIN) and from pg_trgm
 * word similarity over title and heading (trigram GIN; over the passages' text it rechecked every
 * long body), each bounded by MATCH_CAP; scores combine the full-text rank with word similarity
 * over title, heading and text.
 */
export async function retrieve(
  query: string,
  viewer: KnowledgeViewer | null,
  options: {
    limit?: number;
    language?: string;
    method?: RetrievalMethod;
    /** Only these source kinds ("post", "article" …); all when absent. */
    kinds?: readonly string[];
    /** Pages never to return (the page the viewer is on). */
    excludeUrls?: readonly string[];
  } = {},
): Promise<KnowledgeHit[]> {
  const limit = Math.max(1, Math.min(options.limit ?? 5, 20));
  const method = options.method ?? "combined";
  // The query's own words, then the English words of the site's vocabulary it names in another
  // language (decision 066), capped on their own so they never crowd out the query's words.
  const own = queryWords(query);
  const words = [
    ...own,
    ...expandQuery(query, options.language).words.filter((w) => !own.includes(w)),
  ];
  const tsq = orQuery(words);
  if (!tsq) return [];
  const cleaned = words.join(" ");
  const access = accessFor(viewer);
  // While reading is members-only a guest reads no discussion text.
  const hidePosts = !viewer && (await membersOnlyReading());
  const doc = sql`(title || ' ' || heading || ' ' || body)`;
  const named = sql`(title || ' ' || heading)`;
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const accessList = list(access);
  if (options.kinds?.length === 0) return [];
  const kindFilter = options.kinds ? sql`and source_kind in (${list(options.kinds)})` : sql``;
  const excludeFilter = options.excludeUrls?.length
    ? sql`and url not in (${list(options.excludeUrls)})`
    : sql``;
  const rows = await db().transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TRGM_FLOOR)}, true)`,
    );
    const filters = sql`access in (${accessList})
          ${hidePosts ? sql`and source_kind <> 'post'` : sql``}
          ${kindFilter} ${excludeFilter}`;
    const byWords = sql`(select id from knowledge_chunks, to_tsquery('simple', ${tsq}) q
      where ${filters} and search @@ q limit ${MATCH_CAP})`;
    const byTrigrams = sql`(select id from knowledge_chunks
      where ${filters} and ${cleaned} <% ${named} limit ${MATCH_CAP})`;
    const candidates =
      method === "fts"
        ? byWords
        : method === "trgm"
          ? byTrigrams
          : sql`${byWords} union ${byTrigrams}`;
    const order =
      method === "fts"
        ? sql`fts desc`
        : method === "trgm"
          ? sql`trgm desc`
          : sql`(${TRGM_WEIGHT} * trgm + ${1 - TRGM_WEIGHT} * fts) desc`;
    const result = await tx.execute(sql`
      select * from (
        select source_kind, title, heading, url, body,
          ts_rank_cd(search, q, 32)::float8 as fts,
          word_similarity(${cleaned}, ${doc})::float8 as trgm
        from knowledge_chunks, to_tsquery('simple', ${tsq}) q
        where id in (${candidates})
      ) c
      order by ${order}
      limit ${CANDIDATES}`);
    return (result as unknown as { rows: Row[] }).rows;
  });
  const scored = rows.map((r) => {
    const fts = Math.min(1, Number(r.fts) * FTS_SCALE);
    const trgm = Number(r.trgm);
    const base =
      method === "fts"
        ? fts
        : method === "trgm"
          ? trgm
          : TRGM_WEIGHT * trgm + (1 - TRGM_WEIGHT) * fts;
    const score = r.source_kind === "faq" && base > 0 ? base + FAQ_BONUS : base;
    return { row: r, score };
  });
  scored.sort((a, b) => b.score - a.score);
  const seen = new Set<string>();
  const hits: KnowledgeHit[] = [];
  for (const { row, score } of scored) {
    if (seen.has(row.url)) continue;
    seen.add(row.url);
    hits.push({
      sourceKind: row.source_kind,
      title: row.heading ? `${row.title} — ${row.heading}` : row.title,
      url: row.url,
      excerpt: bestPassage(row.body, words),
      score: Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000,
    });
    if (hits.length >= limit) break;
  }
  return hits;
}

interface Row {
  source_kind: string;
  title: string;
  heading: string;
  url: string;
  body: string;
  fts: number | string;
  trgm: number | string;
}
