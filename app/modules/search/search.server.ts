import { sql, type SQL } from "drizzle-orm";
import { getViewer } from "#app/modules/auth/index.server";
import type { ReadingAccess } from "#app/modules/reading";
import { getReadingAccess } from "#app/modules/reading/index.server";
import { MYSTICAL_RANKS, slugify } from "#app/modules/profiles";
import { SearchBusyError, runSearchStatement } from "./capacity.server";
import type { SearchKind, TermSql } from "./kinds/kind";
import { SEARCH_KINDS } from "./kinds/index.server";
import { textAround } from "./kinds/sql";
import { DROPDOWN_RESULTS } from "./limits";
import { allowSearch, logSearchTerm } from "./log.server";
import { correctSpelling } from "./spelling.server";
import { anchorWord, excerptAround, normalizeTerm, termWords } from "./text";
import type { KindFilter, ResultDetails, SearchGroup, SearchResult } from "./types";

export { normalizeTerm } from "./text";

interface Row {
  kind: string;
  ref: string;
  title: string;
  body: string | null;
  image: string | null;
  score: number;
  rank: number;
  details: Record<string, unknown> | null;
  /** The term this row was found for: the one typed, or its spelling correction. */
  term: string;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function termSql(term: string): TermSql {
  return {
    term,
    like: `%${escapeLike(term)}%`,
    wordLikes: termWords(term).map((w) => `%${escapeLike(w)}%`),
    tsquery: sql`websearch_to_tsquery('simple', ${term})`,
    anchor: anchorWord(term),
    slug: slugify(term.replace(/^@/, ""), 80),
  };
}

/**
 * One branch: a kind's title matches or all its matches, best first, cut to `limit`; a bounded
 * kind reads at most a capped set of matches, and with `recentFrom` also its newest rows in index
 * order.
 * The inner selects (with their LIMIT) are not flattened into the outer one, so the body window is
 * computed for the few rows kept, not for every match of a common word.
 */
function branch(kind: SearchKind, q: TermSql, which: "title" | "body", limit: number): SQL[] {
  const match =
    which === "title" ? sql`${kind.anyMatch(q)} and ${kind.titleMatch(q)}` : kind.anyMatch(q);
  const where = sql`${kind.visible} and ${match}`;
  const select = sql`select ${kind.columns(q)} from ${kind.from} where ${where}`;
  const inner: SQL[] = [];
  if (!kind.bounded) {
    inner.push(sql`${select} order by ${kind.orderBy} limit ${limit}::int`);
  } else {
    const { matchCap, recentFrom } = kind.bounded;
    if (recentFrom)
      inner.push(
        sql`select ${kind.columns(q)} from ${recentFrom} where ${where} order by ${kind.orderBy} limit ${limit}::int`,
      );
    inner.push(
      sql`select * from (${select} limit ${matchCap}::int) m order by m.rank desc, m.ref limit ${limit}::int`,
    );
  }
  return inner.map(
    (
      rows,
    ) => sql`(select ${kind.name}::text as kind, k.ref::text as ref, k.title::text as title, ${textAround(sql`k.body::text`, q.anchor)} as body, k.image::text as image,
      k.rank::float8 as rank, ${kind.scores[which]}::int as score, ${kind.details.select} as details from (${rows}) k ${kind.details.join ?? sql``})`,
  );
}

/**
 * One statement for every kind: a UNION ALL of a title branch and an any-match branch per kind
 * (each read once or twice, see `SearchKind.bounded`), scored by the kind's SPEC §9 rule and cut
 * to the kind's limit. One database round trip whatever the number of kinds.
 */
export function searchStatement(
  term: string,
  limitOf: (kind: SearchKind) => number,
  kinds: readonly SearchKind[] = SEARCH_KINDS,
): SQL {
  const q = termSql(term);
  return sql.join(
    kinds.flatMap((kind) => [
      ...branch(kind, q, "title", limitOf(kind)),
      ...branch(kind, q, "body", limitOf(kind)),
    ]),
    sql` union all `,
  );
}

/**
 * The best `limitOf(kind)` rows of each kind: a row found by both branches keeps its title score;
 * then by score and the kind's rank. A kind's title branch holds its best title matches and its
 * body branch its best matches of any sort, so together they hold its overall best.
 */
export function bestPerKind<T extends Omit<Row, "term">>(
  rows: T[],
  limitOf: (kind: SearchKind) => number,
  kinds: readonly SearchKind[] = SEARCH_KINDS,
): T[] {
  const unique = new Map<string, T>();
  for (const row of rows) {
    const key = `${row.kind}\u0000${row.ref}`;
    const seen = unique.get(key);
    if (!seen || row.score > seen.score) unique.set(key, row);
  }
  return kinds.flatMap((kind) =>
    [...unique.values()]
      .filter((r) => r.kind === kind.name)
      .sort((a, b) => b.score - a.score || b.rank - a.rank)
      .slice(0, limitOf(kind)),
  );
}

/**
 * The kinds a reader may find: a guest of members-only reading searches none marked `hidden`.
 * `only`: the /search page's kind filter, one kind of those.
 */
function kindsFor(access: ReadingAccess, only?: string | null): readonly SearchKind[] {
  const readable =
    access === "full" ? SEARCH_KINDS : SEARCH_KINDS.filter((kind) => kind.membersOnly !== "hidden");
  return only ? readable.filter((kind) => kind.name === only) : readable;
}

/** The kinds this reader can filter the /search page by, in registry order. */
export function kindFilters(access: ReadingAccess): KindFilter[] {
  return kindsFor(access).map((kind) => ({ name: kind.name, headingKey: kind.headingKey }));
}

/**
 * A guest of members-only reading keeps only title matches of `titles` kinds, without the body
 * (so no excerpt): a body match would say what the hidden body contains.
 */
function readableRows<T extends Omit<Row, "term">>(rows: T[], access: ReadingAccess): T[] {
  if (access === "full") return rows;
  return rows.flatMap((row) => {
    const kind = SEARCH_KINDS.find((k) => k.name === row.kind);
    if (kind?.membersOnly !== "titles") return [row];
    return row.score === kind.scores.title ? [{ ...row, body: null }] : [];
  });
}

async function searchRows(
  term: string,
  limitOf: (kind: SearchKind) => number,
  access: ReadingAccess,
  kinds = kindsFor(access),
): Promise<Row[]> {
  const rows = await runSearchStatement<Omit<Row, "term">>(searchStatement(term, limitOf, kinds));
  const best = bestPerKind(
    rows.map((r) => ({ ...r, score: Number(r.score), rank: Number(r.rank) })),
    limitOf,
    kinds,
  );
  return readableRows(best, access).map((row) => ({ ...row, term }));
}

interface FoundRows {
  rows: Row[];
  /** The spelling-corrected term the rows of dictionary kinds were found for, if any. */
  corrected: string | null;
}

/**
 * The rows for a term. With `spelling`, a term that finds nothing of the kinds whose words are
 * in the dictionary (posts, pages) is corrected (spelling.server.ts, decision 027) and those
 * kinds are searched again for the correction; its rows join the first search's (members found
 * by name as typed), each with its kind's SPEC §9 score and limit. The correction counts only
 * when it finds something: "Showing results for …" always shows results.
 */
async function findRows(
  term: string,
  limitOf: (kind: SearchKind) => number,
  access: ReadingAccess,
  spelling: boolean,
  only?: string | null,
): Promise<FoundRows> {
  const kinds = kindsFor(access, only);
  const rows = await searchRows(term, limitOf, access, kinds);
  const dictionaryKinds = kinds.filter((kind) => kind.inDictionary);
  if (
    !spelling ||
    dictionaryKinds.length === 0 ||
    rows.some((row) => dictionaryKinds.some((kind) => kind.name === row.kind))
  )
    return { rows, corrected: null };
  const corrected = await correctSpelling(term, access);
  if (!corrected) return { rows, corrected: null };
  const correctedRows = await searchRows(corrected, limitOf, access, dictionaryKinds);
  return correctedRows.length > 0
    ? { rows: [...rows, ...correctedRows], corrected }
    : { rows, corrected: null };
}

/** The details a kind's SQL built, kept only where they have the expected type. */
function readDetails(kind: SearchKind, value: Record<string, unknown> | null): ResultDetails {
  const text = (key: string) =>
    typeof value?.[key] === "string" && value[key] !== "" ? value[key] : undefined;
  const details: ResultDetails = {};
  const author = text("author");
  const category = text("category");
  const rank = text("rank");
  const host = text("host");
  const at = text("date");
  if (author) details.author = author;
  if (host) details.host = host;
  if (category) details.category = category;
  if (rank && (MYSTICAL_RANKS as readonly string[]).includes(rank)) details.rank = rank;
  if (at && kind.dateMeaning && !Number.isNaN(Date.parse(at)))
    details.date = {
      at: new Date(at).toISOString(),
      // A series already under way shows when it began, not as if it started then.
      meaning: value?.recurring === true ? "recurring" : kind.dateMeaning,
    };
  return details;
}

function toResult(row: Row): SearchResult | null {
  const kind = SEARCH_KINDS.find((k) => k.name === row.kind);
  if (!kind) return null;
  return {
    kind: kind.name,
    labelKey: kind.labelKey,
    title: row.title,
    url: kind.href(row.ref),
    excerpt: row.body ? excerptAround(row.body, row.term) : "",
    image: row.image,
    avatar: Boolean(kind.avatar),
    score: row.score,
    details: readDetails(kind, row.details),
  };
}

/**
 * Results of all kinds in one list: by score (title matches of every kind before body matches),
 * ties by registry order, then by the kind's rank.
 */
export function mergeRows<T extends { kind: string; score: number; rank: number }>(
  rows: T[],
  limit: number,
  kinds: readonly SearchKind[] = SEARCH_KINDS,
): T[] {
  const order = new Map(kinds.map((k, i) => [k.name, i]));
  return [...rows]
    .sort(
      (a, b) =>
        b.score - a.score ||
        (order.get(a.kind) ?? 99) - (order.get(b.kind) ?? 99) ||
        b.rank - a.rank,
    )
    .slice(0, limit);
}

function toResults(rows: Row[]): SearchResult[] {
  return rows.map(toResult).filter((r): r is SearchResult => r !== null);
}

/** Results, and the spelling correction they are (partly) for. */
export interface Found<T> {
  results: T;
  corrected: string | null;
}

export interface SearchOptions {
  /** Correct a misspelt term that finds too little (decision 027); off: exactly what was typed. */
  spelling?: boolean;
  /** One kind only (the /search page's filter); a name outside the reader's kinds finds nothing. */
  only?: string | null;
}

/** The header dropdown: per-kind limits of SPEC §9 (6 posts, 3 per other kind), at most 8 merged. */
export async function findQuick(
  term: string,
  access: ReadingAccess = "full",
  { spelling = false }: SearchOptions = {},
): Promise<Found<SearchResult[]>> {
  const { rows, corrected } = await findRows(term, (k) => k.limits.dropdown, access, spelling);
  return { results: toResults(mergeRows(rows, DROPDOWN_RESULTS)), corrected };
}

/** The dropdown's results for exactly the term typed. */
export async function quickSearch(
  term: string,
  access: ReadingAccess = "full",
): Promise<SearchResult[]> {
  return (await findQuick(term, access)).results;
}

/** The /search page: more per kind, grouped in registry order, each group best first. */
export async function findByKind(
  term: string,
  access: ReadingAccess = "full",
  { spelling = false, only = null }: SearchOptions = {},
): Promise<Found<SearchGroup[]>> {
  const { rows, corrected } = await findRows(term, (k) => k.limits.page, access, spelling, only);
  const groups = SEARCH_KINDS.map((kind) => ({
    kind: kind.name,
    headingKey: kind.headingKey,
    results: toResults(
      mergeRows(
        rows.filter((r) => r.kind === kind.name),
        kind.limits.page,
      ),
    ),
  })).filter((group) => group.results.length > 0);
  return { results: groups, corrected };
}

/** The /search page's groups for exactly the term typed. */
export async function searchByKind(
  term: string,
  access: ReadingAccess = "full",
): Promise<SearchGroup[]> {
  return (await findByKind(term, access)).results;
}

export type DropdownResponse =
  | { term: string | null; results: SearchResult[]; corrected: string | null }
  | { limited: true }
  | { busy: true };

/**
 * GET /api/search: the dropdown asks while someone types, so this is rate-limited but not logged;
 * only a submitted term (the /search page) or a chosen result is a search worth recording.
 */
export async function dropdownSearch(
  request: Request,
  raw: string | null,
): Promise<DropdownResponse> {
  const term = normalizeTerm(raw);
  if (!term) return { term: null, results: [], corrected: null };
  if (!(await allowSearch(request))) return { limited: true };
  const found = await whenNotBusy(
    findQuick(term, await getReadingAccess(request), { spelling: true }),
  );
  return found ? { term, ...found } : { busy: true };
}

/** The results, or null when search is busy (all turns taken, or the statement ran out of time). */
async function whenNotBusy<T>(search: Promise<T>): Promise<T | null> {
  try {
    return await search;
  } catch (error) {
    if (error instanceof SearchBusyError) return null;
    throw error;
  }
}

export interface SubmittedSearch {
  raw: string;
  term: string | null;
  /** The kinds this reader can filter by, and the one chosen (null: all). */
  kinds: KindFilter[];
  kind: string | null;
  groups: SearchGroup[];
  /** The spelling correction the results are (partly) for ("Showing results for …"), if any. */
  corrected: string | null;
  /** Searched exactly as typed, without correction (the "Search instead for …" link). */
  exact: boolean;
  limited: boolean;
  /** Search could not run now: the page says so (503) and keeps the term. */
  busy: boolean;
}

/**
 * The /search page: a term of 2 characters or more is rate-limited, searched, then logged (SPEC §7,
 * with the member when signed in, as typed, and the number of results found). A shorter one gives no results and is
 * not logged. Unless `exact`, a misspelt term is corrected (decision 027).
 */
export async function submittedSearch(
  request: Request,
  rawInput: string | null,
  { exact = false, kind: rawKind = null }: { exact?: boolean; kind?: string | null } = {},
): Promise<SubmittedSearch> {
  const raw = rawInput ?? "";
  const term = normalizeTerm(raw);
  const access = await getReadingAccess(request);
  const kinds = kindFilters(access);
  // An unknown or unavailable kind (a stale or edited link) searches every kind.
  const kind = kinds.some((k) => k.name === rawKind) ? rawKind : null;
  const none = { kinds, kind, groups: [], corrected: null, exact, limited: false, busy: false };
  if (!term) return { raw, term: null, ...none };
  if (!(await allowSearch(request))) return { raw, term, ...none, limited: true };
  const [viewer, found] = await Promise.all([
    getViewer(request),
    whenNotBusy(findByKind(term, access, { spelling: !exact, only: kind })),
  ]);
  // Logged after the search, with what it found: admins see the terms that found nothing.
  await logSearchTerm(request, {
    term,
    kind: "search",
    userId: viewer?.user.id ?? null,
    resultCount: found ? found.results.reduce((n, group) => n + group.results.length, 0) : null,
  });
  if (!found) return { raw, term, ...none, busy: true };
  return { raw, term, ...none, groups: found.results, corrected: found.corrected };
}
