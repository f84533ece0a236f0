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
 * SPEC §9 trending suggestions, as translation keys under `search.trending`: shown and searched in
 * the viewer's language, since members write in their own language and the full-text
 * configuration is 'simple' (no stemming, no translation).
 */
export const TRENDING_SEARCHES = [
  "crystalHealing",
  "tarotReading",
  "demonSummoning",
  "protectionSpells",
  "astralProjection",
  "chakraAlignment",
  "lucidDreaming",
  "energyCleansing",
] as const;
