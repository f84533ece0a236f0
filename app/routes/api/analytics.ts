import type { Route } from "./+types/analytics";
import { handleBeacon } from "#app/modules/analytics/index.server";

/** POST /api/analytics: see handleBeacon (server/app.ts answers a POST before reaching here). */
export async function action({ request }: Route.ActionArgs) {
  return handleBeacon(request);
}
