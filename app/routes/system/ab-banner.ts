import { isbot } from "isbot";
import type { Route } from "./+types/ab-banner";
import { getViewer } from "#app/modules/auth/index.server";
import { EXPERIMENTS } from "#app/modules/experiments";
import { allowBannerLookup, experimentVariants } from "#app/modules/experiments/index.server";
import { tooManyRequests } from "#app/lib/too-many-requests.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * GET /api/ab-tests/banner: the guest's variant of the banner timing test (SPEC §9), drawn and
 * counted as an impression by the server, asked by the join banner once the page is idle. Only
 * browsers that run the banner ask, so a guest without JavaScript or a crawler is not counted as
 * shown a banner it never saw. Members and crawlers get no banner (`variant: null`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (isbot(request.headers.get("user-agent")) || (await getViewer(request)))
    return Response.json({ variant: null }, { headers: PRIVATE });
  if (!allowBannerLookup(request)) return tooManyRequests(request);
  const variants = await experimentVariants({ request, context }, [EXPERIMENTS.bannerTiming]);
  return Response.json({ variant: variants[EXPERIMENTS.bannerTiming] }, { headers: PRIVATE });
}
