import { csvResponse } from "#app/lib/csv";
import type { Route } from "./+types/attendees-csv";
import { idParam } from "#app/lib/ids";
import { publicUrl } from "#app/lib/config.server";
import { getActor } from "#app/modules/auth/index.server";
import { EventRefusedError } from "#app/modules/coven-events/index.server";
import { attendeesCsv } from "#app/modules/coven-events/index.server";

/**
 * GET /covens/events/{id}/attendees.csv?occurrence=…: one occurrence's answers as CSV, for the
 * event's hosts only (403 for other viewers who see the event, 404 for those who do not).
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const id = idParam(params.id);
  const raw = url.searchParams.get("occurrence") ?? "";
  const occurrence = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(occurrence.getTime()))
    return new Response("Bad Request", { status: 400 });
  try {
    const csv = await attendeesCsv(await getActor(request), id, occurrence, publicUrl());
    return csvResponse(csv, `attendees-${id}.csv`);
  } catch (error) {
    if (error instanceof EventRefusedError)
      return new Response(error.reason === "notAllowed" ? "Forbidden" : "Not found", {
        status: error.reason === "notAllowed" ? 403 : 404,
      });
    throw error;
  }
}
