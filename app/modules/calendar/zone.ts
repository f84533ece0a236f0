import { DateTime, IANAZone } from "luxon";

/**
 * Time-zone arithmetic for scheduled events: an event is planned in wall time ("every Thursday at
 * 19:00 in Europe/Berlin") and stored as instants, so it keeps its local hour across daylight
 * saving changes. Luxon carries the IANA rules; the rest of the code passes plain Dates.
 */

/** Wall-clock fields, as a person in a zone reads them (month 1–12). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export function isTimeZone(value: string): boolean {
  return value.length <= 64 && IANAZone.isValidZone(value);
}

export function wallTimeOf(instant: Date, timeZone: string): WallTime {
  const local = DateTime.fromJSDate(instant, { zone: timeZone });
  return {
    year: local.year,
    month: local.month,
    day: local.day,
    hour: local.hour,
    minute: local.minute,
  };
}

/**
 * The instant a wall time names in a zone. A time skipped by a spring-forward change (02:30 on
 * that night) moves forward by the gap, as calendar programs do; an hour repeated in autumn
 * means its first occurrence.
 */
export function instantOf(wall: WallTime, timeZone: string): Date {
  return DateTime.fromObject(wall, { zone: timeZone }).toJSDate();
}

/** A wall time as a "floating" Date whose UTC fields are the wall fields (for rrule). */
export function floatingDate(wall: WallTime): Date {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));
}

export function wallTimeOfFloating(date: Date): WallTime {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  };
}
