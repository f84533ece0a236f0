import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { icsDocument, type CalendarEntry } from "./ics.server";
import { occurrencesBetween } from "./recurrence";

const NOW = new Date("2026-03-02T10:00:00Z");

function entry(partial: Partial<CalendarEntry> = {}): CalendarEntry {
  return {
    uid: "5f0c2a9e-1d7b-4c3a-9f3e-2b8a6d1e4c70@sanctuary.example",
    sequence: 0,
    title: "Full moon circle",
    description: "Bring a candle.",
    url: "https://sanctuary.example/covens/events/5f0c2a9e-1d7b-4c3a-9f3e-2b8a6d1e4c70",
    location: null,
    start: new Date("2026-03-05T18:00:00Z"),
    end: new Date("2026-03-05T20:00:00Z"),
    timeZone: "Europe/Berlin",
    rrule: null,
    changes: [],
    cancelled: false,
    updatedAt: new Date("2026-03-01T10:00:00Z"),
    ...partial,
  };
}

/** Parses a document the way a calendar program does: zones registered, exceptions related. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const vevents = calendar.getAllSubcomponents("vevent");
  const masters = vevents
    .filter((v) => !v.hasProperty("recurrence-id"))
    .map((v) => new ICAL.Event(v));
  for (const exception of vevents.filter((v) => v.hasProperty("recurrence-id"))) {
    const event = new ICAL.Event(exception);
    masters.find((master) => master.uid === event.uid)?.relateException(event);
  }
  return { calendar, vevents, masters };
}

/** Occurrence starts as a calendar program expands them, up to `until`. */
function expand(event: ICAL.Event, until: Date): string[] {
  const starts: string[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && next.toJSDate() < until; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next);
    starts.push(details.startDate.toJSDate().toISOString());
  }
  return starts;
}

describe("iCalendar output", () => {
  it("is a valid calendar a parser reads back: zone, stable UID, sequence, local times", () => {
    const text = icsDocument("Sanctuary", [entry({ sequence: 3 })], NOW);
    expect(text.split("\r\n")[0]).toBe("BEGIN:VCALENDAR");
    const { calendar, masters } = parse(text);
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe(
      "Europe/Berlin",
    );
    const [event] = masters;
    expect(event?.uid).toBe(entry().uid);
    expect(event?.sequence).toBe(3);
    expect(event?.summary).toBe("Full moon circle");
    expect(event?.startDate.zone?.tzid).toBe("Europe/Berlin");
    expect(event?.startDate.hour).toBe(19);
    expect(event?.startDate.toJSDate().toISOString()).toBe("2026-03-05T18:00:00.000Z");
    expect(event?.endDate.toJSDate().toISOString()).toBe("2026-03-05T20:00:00.000Z");
  });

  it("a recurring event expands in a calendar program exactly as on the site, moved and cancelled ones included", () => {
    const recurring = entry({
      rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH",
      start: new Date("2026-03-02T18:00:00Z"),
      end: new Date("2026-03-02T19:30:00Z"),
      changes: [
        {
          originalStart: new Date("2026-03-16T18:00:00Z"),
          cancelled: true,
          start: null,
          end: null,
        },
        {
          originalStart: new Date("2026-04-02T17:00:00Z"),
          cancelled: false,
          start: new Date("2026-04-04T08:00:00Z"),
          end: new Date("2026-04-04T10:00:00Z"),
        },
      ],
    });
    const { masters, vevents } = parse(icsDocument("Sanctuary", [recurring], NOW));
    expect(vevents).toHaveLength(2);
    const until = new Date("2026-05-01T00:00:00Z");
    const site = occurrencesBetween(
      {
        start: recurring.start,
        end: recurring.end,
        timeZone: recurring.timeZone,
        rrule: recurring.rrule,
        changes: recurring.changes,
      },
      new Date("2026-01-01T00:00:00Z"),
      until,
    )
      .filter((o) => !o.cancelled)
      .map((o) => o.start.toISOString());
    expect(expand(masters[0]!, until).sort()).toEqual(site.sort());
    // Across the change to summer time (29 March) the hour stays 19:00 in Berlin.
    expect(site).toContain("2026-03-30T17:00:00.000Z");
    expect(site).toContain("2026-04-04T08:00:00.000Z");
    expect(site).not.toContain("2026-03-16T18:00:00.000Z");
  });

  it("text cannot add properties, long and non-Latin lines are folded, and a cancelled event says so", () => {
    const hostile = entry({
      title: "Circle\r\nATTENDEE:mailto:victim@example.com; with, commas",
      description: "دائرة القمر الكامل — ".repeat(20),
      location: "Hall 3\nBEGIN:VALARM",
      cancelled: true,
    });
    const text = icsDocument("Sanctuary", [hostile], NOW);
    for (const line of text.split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    }
    const { vevents, masters } = parse(text);
    expect(vevents[0]?.hasProperty("attendee")).toBe(false);
    expect(vevents[0]?.getAllSubcomponents("valarm")).toHaveLength(0);
    expect(masters[0]?.summary).toBe(hostile.title.replace("\r\n", "\n"));
    expect(masters[0]?.description).toBe(hostile.description);
    expect(vevents[0]?.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("a feed holds several events in several zones, each zone once", () => {
    const text = icsDocument(
      "My Sanctuary events",
      [
        entry({ uid: "a@sanctuary.example" }),
        entry({ uid: "b@sanctuary.example", timeZone: "America/New_York" }),
        entry({ uid: "c@sanctuary.example" }),
      ],
      NOW,
    );
    const { calendar, masters } = parse(text);
    expect(masters.map((m) => m.uid)).toEqual([
      "a@sanctuary.example",
      "b@sanctuary.example",
      "c@sanctuary.example",
    ]);
    expect(
      calendar
        .getAllSubcomponents("vtimezone")
        .map((zone) => zone.getFirstPropertyValue("tzid"))
        .sort(),
    ).toEqual(["America/New_York", "Europe/Berlin"]);
    expect(masters[1]?.startDate.hour).toBe(13);
  });
});
