import { occurrencesBetween, type Occurrence, type Schedule } from "#app/modules/calendar";

const DAY = 86_400_000;
/** Series kept per process; the oldest entry makes room (a few MB at most). */
const MAX_SERIES = 4_000;

const expanded = new Map<string, Occurrence[]>();

/**
 * `occurrencesBetween` for the lists, remembered per process. Expanding a series costs about a
 * millisecond (the RRULE walked from its first date, each date converted in its zone), and a
 * list of the next 90 days holds hundreds of series, so each is expanded once a day: over the
 * whole UTC days around the window, then cut to it. The key is everything the occurrences
 * depend on (times, zone, rule, moved and cancelled dates), so an edited event is a new entry
 * and a stale one is never served. Single events are not worth remembering.
 */
export function listOccurrences(schedule: Schedule, from: Date, to: Date): Occurrence[] {
  if (!schedule.rrule) return occurrencesBetween(schedule, from, to);
  const dayFrom = Math.floor(from.getTime() / DAY) * DAY;
  const dayTo = Math.ceil(to.getTime() / DAY) * DAY;
  const key = [
    schedule.start.getTime(),
    schedule.end.getTime(),
    schedule.timeZone,
    schedule.rrule,
    dayFrom,
    dayTo,
    ...schedule.changes.map(
      (c) =>
        `${c.originalStart.getTime()}:${c.cancelled ? 1 : 0}:${c.start?.getTime() ?? ""}:${c.end?.getTime() ?? ""}`,
    ),
  ].join("|");
  let occurrences = expanded.get(key);
  if (!occurrences) {
    occurrences = occurrencesBetween(schedule, new Date(dayFrom), new Date(dayTo));
    if (expanded.size >= MAX_SERIES) {
      const oldest = expanded.keys().next();
      if (!oldest.done) expanded.delete(oldest.value);
    }
    expanded.set(key, occurrences);
  }
  return occurrences.filter((o) => o.start < to && o.end > from);
}
