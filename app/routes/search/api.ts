import type { Route } from "./+types/api";
import { dropdownSearch } from "#app/modules/search/index.server";

/** GET /api/search?q= — the header dropdown's results as JSON (at most 8, merged by score). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  const result = await dropdownSearch(request, url.searchParams.get("q"));
  if ("limited" in result)
    return Response.json(
      { error: "rateLimited" },
      { status: 429, headers: { ...headers, "Retry-After": "60" } },
    );
  if ("busy" in result)
    return Response.json(
      { error: "busy" },
      { status: 503, headers: { ...headers, "Retry-After": "5" } },
    );
  return Response.json(result, { headers });
}
