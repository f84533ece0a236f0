import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { ICalCalendar, ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";
import type { OccurrenceChange } from "./recurrence";

/**
 * iCalendar documents (RFC 5545) for one event or a member's feed, written by ical-generator with
 * a VTIMEZONE per zone used, so Google Calendar, Apple Calendar and Thunderbird show an event at
 * its local hour, recurring ones across daylight-saving changes too.
 *
 * - UID is the event's id at the site's host: stable across edits, so a calendar updates the
 *   entry instead of adding a second one; SEQUENCE grows with every change to the schedule.
 * - A recurring event is one VEVENT with its RRULE; a cancelled occurrence is an EXDATE, a moved
 *   one a second VEVENT with the same UID and a RECURRENCE-ID naming where the rule put it.
 */
export interface CalendarEntry {
  uid: string;
  sequence: number;
  title: string;
  /** Plain text. */
  description: string;
  url: string;
  location: string | null;
  start: Date;
  end: Date;
  timeZone: string;
  rrule: string | null;
  changes: readonly OccurrenceChange[];
  cancelled: boolean;
  updatedAt: Date;
}

function zoned(instant: Date, timeZone: string): DateTime {
  return DateTime.fromJSDate(instant, { zone: timeZone });
}

function localStamp(instant: Date, timeZone: string): string {
  return zoned(instant, timeZone).toFormat("yyyyLLdd'T'HHmmss");
}

export function icsDocument(name: string, entries: readonly CalendarEntry[], now: Date): string {
  const calendar = new ICalCalendar({ name, prodId: { company: "Sanctuary", product: "events" } });
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const entry of entries) {
    const base = {
      id: entry.uid,
      sequence: entry.sequence,
      stamp: now,
      lastModified: entry.updatedAt,
      summary: entry.title,
      description: entry.description,
      url: entry.url,
      location: entry.location,
      timezone: entry.timeZone,
      status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    };
    const event = calendar.createEvent({
      ...base,
      start: zoned(entry.start, entry.timeZone),
      end: zoned(entry.end, entry.timeZone),
    });
    if (!entry.rrule) continue;
    const cancelled = entry.changes.filter((change) => change.cancelled);
    const lines = [`RRULE:${entry.rrule}`];
    if (cancelled.length > 0) {
      const dates = cancelled.map((change) => localStamp(change.originalStart, entry.timeZone));
      lines.push(`EXDATE;TZID=${entry.timeZone}:${dates.join(",")}`);
    }
    event.repeating(lines.join("\r\n"));
    for (const change of entry.changes) {
      if (change.cancelled || !change.start) continue;
      const duration = entry.end.getTime() - entry.start.getTime();
      calendar.createEvent({
        ...base,
        start: zoned(change.start, entry.timeZone),
        end: zoned(change.end ?? new Date(change.start.getTime() + duration), entry.timeZone),
        recurrenceId: zoned(change.originalStart, entry.timeZone),
      });
    }
  }
  return calendar.toString();
}
