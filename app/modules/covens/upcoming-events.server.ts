import { now } from "#app/modules/coven-events";
import { eventsBetween, withSeats } from "#app/modules/coven-events/index.server";
import type { CovenActor } from "./policy";

/** How far ahead the events tab looks, and how many of the coven's occurrences it lists. */
const EVENTS_AHEAD_DAYS = 90;
const EVENTS_SHOWN = 20;

/**
 * The coven's upcoming occurrences the viewer may see (the events policy decides each), for the
 * coven page's events tab: the next 90 days, at most 20, as the page shows them.
 */
export async function covenUpcomingEvents(actor: CovenActor, covenId: string) {
  const from = now();
  const to = new Date(from.getTime() + EVENTS_AHEAD_DAYS * 86_400_000);
  const items = await eventsBetween(actor, from, to, { covenId });
  const shown = await withSeats(
    actor,
    items.filter((item) => item.end > from).slice(0, EVENTS_SHOWN),
  );
  return shown.map((item) => ({
    id: item.id,
    title: item.title,
    online: item.online,
    place: item.place,
    recurring: item.recurring,
    going: item.going,
    capacity: item.capacity,
    occurrenceStart: item.occurrenceStart.toISOString(),
    start: item.start.toISOString(),
    end: item.end.toISOString(),
  }));
}
