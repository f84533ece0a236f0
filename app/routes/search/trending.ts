import { trendingSearches } from "#app/modules/search/index.server";

/** GET /api/search/trending — the header search's trending terms (decision 026); may be empty. */
export async function loader() {
  return Response.json(
    { terms: await trendingSearches() },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
}
