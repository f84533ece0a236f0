/**
 * The search page's address for a term. `exact`: without spelling correction, the "Search
 * instead for …" link (decision 027).
 */
export function searchPath(term: string, { exact = false }: { exact?: boolean } = {}): string {
  if (!term) return "/search";
  return `/search?q=${encodeURIComponent(term)}${exact ? "&exact=1" : ""}`;
}
