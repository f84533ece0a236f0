import { instantOf, isTimeZone } from "#app/modules/calendar";

/**
 * The instants an admin's "add times" form means: the wall time typed ("2031-03-14T10:00") in the
 * admin's zone, once, or at that hour on every weekday (Monday to Friday) from that date for
 * `weeks` weeks, each day's instant taken in the zone (so the hour holds across a summer-time
 * change). An impossible date ("2031-02-30") gives nothing.
 */
export function slotStarts(
  start: string,
  timeZone: string,
  repeat: "none" | "weekdays",
  weeks: number,
): Date[] {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(start);
  if (!match) return [];
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const first = new Date(Date.UTC(year, month - 1, day));
  if (first.getUTCMonth() !== month - 1 || first.getUTCDate() !== day || hour > 23 || minute > 59)
    return [];
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  const days = repeat === "none" ? 1 : weeks * 7;
  const starts: Date[] = [];
  for (let i = 0; i < days; i++) {
    const date = new Date(Date.UTC(year, month - 1, day + i));
    const weekday = date.getUTCDay();
    if (repeat === "weekdays" && (weekday === 0 || weekday === 6)) continue;
    const instant = instantOf(
      {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour,
        minute,
      },
      zone,
    );
    if (!Number.isNaN(instant.getTime())) starts.push(instant);
  }
  return starts;
}
