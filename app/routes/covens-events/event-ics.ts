import type { Route } from "./+types/event-ics";
import { getActor } from "#app/modules/auth/index.server";
import { eventCalendar } from "#app/modules/coven-events/index.server";

/**
 * GET /covens/events/{id}.ics: one event as iCalendar, for whoever may see it (404 otherwise, so
 * a coven's private event does not reveal that it exists). The online link is in it only for
 * members going and hosts.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const document = await eventCalendar(await getActor(request), params.id);
  if (document === null) return new Response("Not found", { status: 404 });
  return new Response(document, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="event-${params.id}.ics"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
