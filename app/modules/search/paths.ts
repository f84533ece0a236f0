/**
 * The search page's address for a term. `exact`: without spelling correction, the "Search
 * instead for …" link (decision 027); `kind`: one kind of results only (the page's filter).
 */
export function searchPath(
  term: string,
  { exact = false, kind = null }: { exact?: boolean; kind?: string | null } = {},
): string {
  if (!term) return "/search";
  return `/search?q=${encodeURIComponent(term)}${exact ? "&exact=1" : ""}${kind ? `&kind=${encodeURIComponent(kind)}` : ""}`;
}
