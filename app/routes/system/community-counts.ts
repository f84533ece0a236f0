import { communityCounts } from "#app/modules/shell/index.server";

/** GET /api/community-counts: the side navigation's counts, refetched on a realtime `counts` event. */
export async function loader() {
  return Response.json(await communityCounts(), { headers: { "Cache-Control": "no-store" } });
}
