import { RECENT_SEARCHES_KEY, RECENT_SEARCHES_LIMIT } from "./limits";
import { normalizeTerm } from "./text";

/** Recent searches from localStorage (SPEC §3 `recent_searches`); empty when unavailable or garbled. */
export function readRecentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY) ?? "[]");
    return Array.isArray(value)
      ? value
          .filter((v): v is string => typeof v === "string" && normalizeTerm(v) !== null)
          .slice(0, RECENT_SEARCHES_LIMIT)
      : [];
  } catch {
    return [];
  }
}

/** The list with `term` first: no duplicates (ignoring case), at most 5, terms under 2 characters ignored. */
export function withRecentSearch(list: string[], raw: string): string[] {
  const term = normalizeTerm(raw);
  if (!term) return list;
  return [term, ...list.filter((v) => v.toLowerCase() !== term.toLowerCase())].slice(
    0,
    RECENT_SEARCHES_LIMIT,
  );
}

/** Remembers a search in this browser; returns the new list. Storage errors (private mode, quota) are ignored. */
export function rememberSearch(raw: string): string[] {
  const next = withRecentSearch(readRecentSearches(), raw);
  try {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
  } catch {
    // Not remembering is fine.
  }
  return next;
}
