/** Search limits (SPEC §5, §9), shared by the server, the dropdown and the search page. */

/** Terms shorter than this after trimming give no results and are neither logged nor remembered. */
export const SEARCH_MIN_LENGTH = 2;
/** Longer input is cut: nobody types a 100-character query, and it bounds the SQL parameters. */
export const SEARCH_MAX_LENGTH = 100;
/**
 * Searches read at most this many characters of a display name (names are at most 60). A name
 * stored longer (written before validation held, or straight into the database) then costs a
 * search no more than any other: pg_trgm's word similarity grows with the square of the text.
 * The trigram index `profiles_display_name_prefix_trgm_idx` is on exactly this prefix.
 */
export const SEARCHED_NAME_LENGTH = 64;
/** Likewise for the bio a member result's excerpt is cut from (bios are at most 500). */
export const SEARCHED_BIO_LENGTH = 1_000;
/** The dropdown waits this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 200;
/** At most this many results in the dropdown, merged across kinds by score. */
export const DROPDOWN_RESULTS = 8;
/** Excerpts are at most this many characters, ellipses included. */
export const EXCERPT_LENGTH = 120;
/** Recent searches kept in the browser (localStorage `recent_searches`), newest first. */
export const RECENT_SEARCHES_LIMIT = 5;
export const RECENT_SEARCHES_KEY = "recent_searches";

/**
 * Trending searches (decision 026): the terms most people searched for in the last 7 days that
 * find something, read from the newest 5,000 logged searches at most, kept 5 minutes per process.
 * A term shows once at least two different people (members or addresses) searched for it, so
 * one person's private query is never suggested to everyone.
 */
export const TRENDING = {
  days: 7,
  scanned: 5_000,
  minSearchers: 2,
  candidates: 16,
  shown: 8,
  ttlMs: 5 * 60_000,
} as const;

/**
 * Spelling correction (decision 027): a term that finds no discussion or page has each unknown
 * word replaced by its nearest word of the dictionary (`search_words`) and is searched again.
 * Candidates are the `candidates` most similar words, at least `minSimilarity` similar (pg_trgm's
 * similarity; also the `%` operator's default threshold, which the trigram index serves); the
 * one fewest edits away wins. Words of 3 to 32 letters only, as the dictionary holds; at most
 * `words` of a term are looked up.
 */
export const SPELLING = {
  minSimilarity: 0.3,
  candidates: 8,
  minLength: 3,
  maxLength: 32,
  words: 8,
} as const;
