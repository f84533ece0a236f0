import type { Route } from "./+types/calendar-feed";
import { feedCalendar } from "#app/modules/coven-events/index.server";

/**
 * GET /calendar/{secret}.ics: a member's personal feed of the events they are going to, polled
 * by calendar programs without a session. The secret is the only key: an unknown or regenerated
 * one answers 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const document = await feedCalendar(params.secret);
  if (document === null) return new Response("Not found", { status: 404 });
  return new Response(document, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-cache",
      "X-Robots-Tag": "noindex",
    },
  });
}
