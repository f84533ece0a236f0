import { sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { createCoven, joinCoven } from "#app/modules/covens/index.server";
import { loader as eventIcsLoader } from "#app/routes/covens-events/event-ics";
import { loader as feedLoader } from "#app/routes/covens-events/calendar-feed";
import { eventInput, person } from "../../../tests/helpers/event-fixtures";
import { countQueries } from "../../../tests/helpers/query-count";
import { routeArgs } from "../../../tests/helpers/route-args";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { eventCalendar, feedCalendar, feedToken, regenerateFeedToken } from "./calendar.server";
import { now, setClock } from "./clock";
import {
  cancelEvent,
  cancelOccurrence,
  createEvent,
  EventRefusedError,
  moveOccurrence,
  rsvp,
} from "./events.server";
import { extendOccurrences } from "./occurrences.server";
import type { EventActor } from "./policy";
import {
  attendeesCsv,
  eventDetails,
  eventsBetween,
  occurrencePage,
  withSeats,
} from "./queries.server";

let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  process.env.PUBLIC_URL = "https://sanctuary.example";
  ({ database, cleanup } = await setupTestDatabase());
});
afterEach(() => setClock(null));
afterAll(() => cleanup());

const HOUR = 3_600_000;
/** Monday 2030-01-07, 10:00 in Berlin. */
const T0 = new Date("2030-01-07T09:00:00Z");
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
const WEEK = 7 * 24;
const DAYS = 24;

/** The archive's first page as /covens/events?when=past reads it: the past year, latest first. */
async function pastEvents(viewer: EventActor, pageSize = 50) {
  const end = now();
  const found = await occurrencePage(viewer, {
    from: new Date(end.getTime() - 365 * DAYS * HOUR),
    to: end,
    endedOnly: true,
    newestFirst: true,
    page: 1,
    pageSize,
  });
  return found.items;
}

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

function expand(event: ICAL.Event, until: Date): string[] {
  const starts: string[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && next.toJSDate() < until; next = iterator.next()) {
    starts.push(event.getOccurrenceDetails(next).startDate.toJSDate().toISOString());
  }
  return starts;
}

/** A weekly series on Wednesdays at 12:00 in Berlin from 2030-01-09, its 2nd meeting moved, its 3rd cancelled. */
async function series() {
  setClock(() => T0);
  const admin = await person("admin");
  const input = eventInput({
    start: at(50),
    end: at(52),
    recurrence: { frequency: "weekly", interval: 1, weekdays: ["WE"], until: "2030-02-27" },
    onlineUrl: "https://meet.example/circle",
  });
  const { id } = await createEvent(admin, null, input);
  await moveOccurrence(admin, id, at(50 + WEEK), at(50 + WEEK + 24), at(52 + WEEK + 24));
  await cancelOccurrence(admin, id, at(50 + 2 * WEEK));
  return { admin, id, input };
}

describe("recurring events", () => {
  it("list each meeting where it takes place: a moved one at its new time, a cancelled one not at all", async () => {
    const { id } = await series();
    const viewer = await person();
    await rsvp(viewer, id, at(50 + WEEK), "going");
    const { result: items, queries } = await countQueries(database, async () =>
      withSeats(viewer, await eventsBetween(viewer, T0, at(4 * WEEK))),
    );
    const mine = items.filter((item) => item.id === id);
    expect(mine.map((item) => [item.start.toISOString(), item.moved])).toEqual([
      [at(50).toISOString(), false],
      [at(50 + WEEK + 24).toISOString(), true],
      [at(50 + 3 * WEEK).toISOString(), false],
    ]);
    expect(mine[1]).toMatchObject({ going: 1, viewerRsvp: "going" });
    expect(mine[0]).toMatchObject({ going: 0, viewerRsvp: null });
    // Events, changes, seat counts, the viewer's answers: whatever the list holds.
    expect(queries).toBeLessThanOrEqual(4);
  });

  it("are paged from the stored occurrences exactly as they are expanded, in constant queries", async () => {
    const { id, admin } = await series();
    const viewer = await person();
    const page = (pageSize: number, pageNumber = 1) =>
      occurrencePage(viewer, { from: T0, to: at(8 * WEEK), page: pageNumber, pageSize });
    const expanded = (await eventsBetween(viewer, T0, at(8 * WEEK))).filter((i) => i.id === id);
    const { result: stored, queries } = await countQueries(database, () => page(100));
    const mine = stored.items.filter((item) => item.id === id);
    expect(mine.map((i) => [i.occurrenceStart, i.start, i.end, i.moved])).toEqual(
      expanded.map((i) => [i.occurrenceStart, i.start, i.end, i.moved]),
    );
    expect(queries).toBeLessThanOrEqual(3);
    // Pages of two follow the same order without gaps or repeats.
    const total = stored.total;
    const walked = [];
    for (let n = 1; n <= Math.ceil(total / 2); n++) walked.push(...(await page(2, n)).items);
    expect(walked.map((i) => `${i.id} ${i.start.toISOString()}`)).toEqual(
      stored.items.map((i) => `${i.id} ${i.start.toISOString()}`),
    );
    // A page past the last reads the last.
    expect((await page(2, 999)).page).toBe(Math.ceil(total / 2));
    // Filters: the series is online and site-wide.
    const inPerson = await occurrencePage(viewer, {
      from: T0,
      to: at(8 * WEEK),
      format: "in_person",
      page: 1,
      pageSize: 100,
    });
    expect(inPerson.items.some((i) => i.id === id)).toBe(false);
    // Cancelling the event takes every stored occurrence with it.
    await cancelEvent(admin, id);
    expect((await page(100)).items.some((i) => i.id === id)).toBe(false);
  });

  it("a series without an end is stored half a year ahead, and the task moves that window on", async () => {
    setClock(() => T0);
    const admin = await person("admin");
    const { id } = await createEvent(
      admin,
      null,
      eventInput({
        start: at(50),
        end: at(52),
        recurrence: { frequency: "weekly", interval: 1, weekdays: ["WE"], until: null },
      }),
    );
    // 100 days later the list looks 90 days ahead: past the 180 days stored at creation.
    setClock(() => at(100 * DAYS));
    const ahead = () =>
      occurrencePage(null, { from: at(100 * DAYS), to: at(190 * DAYS), page: 1, pageSize: 500 });
    const before = (await ahead()).items.filter((i) => i.id === id);
    expect(await extendOccurrences()).toBeGreaterThanOrEqual(1);
    const after = (await ahead()).items.filter((i) => i.id === id);
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.at(-1)!.start.getTime()).toBeGreaterThan(at(180 * DAYS).getTime());
    // Nothing is due any more: a second run stores nothing.
    expect(await extendOccurrences()).toBe(0);
  });

  it("are published as iCalendar that a calendar program expands the same way", async () => {
    const { id, admin } = await series();
    const text = (await eventCalendar(admin, id))!;
    const { masters, vevents } = parse(text);
    expect(masters).toHaveLength(1);
    const master = masters[0]!;
    expect(master.uid).toMatch(/@sanctuary$/);
    // Created, then two changes to the schedule.
    expect(master.sequence).toBe(2);
    expect(master.startDate.zone?.tzid).toBe("Europe/Berlin");
    expect(vevents.find((v) => v.hasProperty("recurrence-id"))).toBeDefined();
    expect(expand(master, at(4 * WEEK))).toEqual([
      at(50).toISOString(),
      at(50 + WEEK + 24).toISOString(),
      at(50 + 3 * WEEK).toISOString(),
    ]);
    expect(text).toContain("https://meet.example/circle");
    // The same UID after a change; SEQUENCE grows.
    await moveOccurrence(admin, id, at(50 + 3 * WEEK), at(51 + 3 * WEEK), at(53 + 3 * WEEK));
    const again = parse((await eventCalendar(admin, id))!).masters[0]!;
    expect(again.uid).toBe(master.uid);
    expect(again.sequence).toBe(3);
  });
});

describe("an event's page data and calendar", () => {
  it("show the online link to members going and hosts only, and stay hidden outside a coven", async () => {
    setClock(() => T0);
    const owner = await person();
    const coven = await createCoven(owner, {
      name: "Calendar circle",
      description: "",
      tags: [],
      language: "en",
      visibility: "open",
      memberLimit: 50,
    });
    const member = await person();
    await joinCoven(member, coven.slug);
    const input = eventInput({ start: at(30), end: at(32), visibility: "coven", capacity: 1 });
    const { id } = await createEvent(owner, coven.id, input);

    const before = (await eventDetails(member, id))!;
    expect(before).toMatchObject({
      hasOnlineLink: true,
      onlineUrl: null,
      canRsvp: true,
      canManage: false,
    });
    expect(await eventCalendar(member, id)).not.toContain("meet.example");
    await rsvp(member, id, input.start, "going");
    const after = (await eventDetails(member, id))!;
    expect(after).toMatchObject({
      onlineUrl: "https://meet.example/full-moon",
      viewerRsvp: "going",
      counts: { going: 1, maybe: 0, waitlisted: 0 },
    });
    expect(after.attendees.map((a) => a.userId)).toEqual([member.id]);
    expect(await eventCalendar(member, id)).toContain("meet.example");
    expect((await eventDetails(owner, id))!.onlineUrl).toBe("https://meet.example/full-moon");

    const outsider = await person();
    expect(await eventDetails(outsider, id)).toBeNull();
    expect(await eventCalendar(outsider, id)).toBeNull();
    const response = await eventIcsLoader(
      routeArgs(new Request(`https://sanctuary.example/covens/events/${id}.ics`), { id }),
    );
    expect(response.status).toBe(404);

    // Hosts export the answers; members may not.
    const waiting = await person();
    await joinCoven(waiting, coven.slug);
    await rsvp(waiting, id, input.start, "going");
    const csv = await attendeesCsv(owner, id, input.start, "https://sanctuary.example");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("name,profile,rsvp,waitlist_position,responded_at");
    expect(lines.slice(1).map((line) => line.split(",")[2])).toEqual(['"going"', '"waitlisted"']);
    await expect(attendeesCsv(member, id, input.start, "")).rejects.toBeInstanceOf(
      EventRefusedError,
    );
  });

  it("public events come as a file to anyone; past ones are in the archive", async () => {
    setClock(() => T0);
    const admin = await person("admin");
    const input = eventInput({ start: at(-30), end: at(-28), title: "Past sabbat" });
    const { id } = await createEvent(admin, null, input);
    const response = await eventIcsLoader(
      routeArgs(new Request(`https://sanctuary.example/covens/events/${id}.ics`), { id }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(parse(await response.text()).masters[0]?.summary).toBe("Past sabbat");
    expect((await pastEvents(null)).map((item) => item.id)).toContain(id);
    expect((await eventsBetween(null, T0, at(WEEK))).map((item) => item.id)).not.toContain(id);
  });

  it("the archive shows the latest past events first, however many the year holds", async () => {
    setClock(() => at(1000));
    const admin = await person("admin");
    const { id } = await createEvent(
      admin,
      null,
      eventInput({ start: at(900), end: at(901), title: "Template sabbat" }),
    );
    // 600 more past events twelve hours apart within the year, in one statement: more than one
    // bounded read of the list holds, so an oldest-first read would miss the latest.
    await database.db.execute(sql`
      insert into coven_events (uid, title, start_at, end_at, time_zone, series_end_at, visibility, created_by)
      select uid || '-' || g, 'Older sabbat ' || g, start_at - g * interval '12 hours',
        end_at - g * interval '12 hours', time_zone, series_end_at - g * interval '12 hours',
        visibility, created_by
      from coven_events, generate_series(1, 600) g where id = ${id}`);
    // Rows inserted behind the commands' back get their occurrences as at a start.
    expect(await extendOccurrences()).toBeGreaterThanOrEqual(600);
    const archive = (await pastEvents(null, 50))
      .map((item) => item.title)
      .filter((title) => /^(Template|Older) sabbat/.test(title));
    expect(archive.slice(0, 3)).toEqual(["Template sabbat", "Older sabbat 1", "Older sabbat 2"]);
  });
});

describe("the personal calendar feed", () => {
  it("holds the events the member is going to, under a secret that can be replaced", async () => {
    setClock(() => T0);
    const admin = await person("admin");
    const member = await person();
    const going = eventInput({ start: at(30), end: at(31), title: "New moon meditation" });
    const notGoing = eventInput({ start: at(40), end: at(41), title: "Herb walk" });
    const a = await createEvent(admin, null, going);
    await createEvent(admin, null, notGoing);
    await rsvp(member, a.id, going.start, "going");

    const token = await feedToken(member.id);
    expect(await feedToken(member.id)).toBe(token);
    const response = await feedLoader(
      routeArgs(new Request(`https://sanctuary.example/calendar/${token}.ics`), { secret: token }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const { masters } = parse(await response.text());
    expect(masters.map((m) => m.summary)).toEqual(["New moon meditation"]);
    // Going members get the online link in their feed.
    expect(masters[0]?.location).toBe("https://meet.example/full-moon");

    const fresh = await regenerateFeedToken(member.id);
    expect(fresh).not.toBe(token);
    expect(await feedCalendar(token)).toBeNull();
    expect(await feedCalendar(fresh)).toContain("New moon meditation");
    const gone = await feedLoader(
      routeArgs(new Request(`https://sanctuary.example/calendar/${token}.ics`), { secret: token }),
    );
    expect(gone.status).toBe(404);
  });
});
