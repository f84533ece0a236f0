import { useEffect, useState } from "react";

let request: Promise<string[]> | undefined;

/** One request per page load, shared by every search box; a failure shows no trending terms. */
function fetchTrending(): Promise<string[]> {
  request ??= fetch("/api/search/trending", { headers: { accept: "application/json" } })
    .then((response) =>
      response.ok ? (response.json() as Promise<{ terms: string[] }>) : { terms: [] },
    )
    .then((body) => body.terms)
    .catch((error: unknown) => {
      console.error(error);
      request = undefined;
      return [];
    });
  return request;
}

/**
 * The trending searches from the search log (decision 026), asked for the first time the box
 * wants them (`wanted`, e.g. when its popup opens); an empty list until they arrive or if none.
 */
export function useTrendingSearches(wanted: boolean): string[] {
  const [terms, setTerms] = useState<string[]>([]);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void fetchTrending().then((loaded) => {
      if (current) setTerms(loaded);
    });
    return () => {
      current = false;
    };
  }, [wanted]);
  return terms;
}
