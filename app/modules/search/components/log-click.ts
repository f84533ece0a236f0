/**
 * Reports a chosen result (SPEC §7: 'query -> title (type)'). A plain fetch, not a fetcher, so no
 * loader revalidates (the search page would log its term again); `keepalive` lets it finish while
 * the browser navigates away. A failure only loses a log line.
 */
export function logSearchClick(query: string, title: string, kind: string): void {
  try {
    void fetch("/api/search/click", {
      method: "POST",
      body: new URLSearchParams({ q: query, title, kind }),
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => {});
  } catch {
    // fetch itself missing or refusing: nothing to do.
  }
}
