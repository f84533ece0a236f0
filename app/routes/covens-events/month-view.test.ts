import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { createCoven, joinCoven } from "#app/modules/covens/index.server";
import { createEvent } from "#app/modules/coven-events/index.server";
import { eventInput } from "../../../tests/helpers/event-fixtures";
import { member } from "../../../tests/helpers/community";
import { countQueries } from "../../../tests/helpers/query-count";
import { routeArgs } from "../../../tests/helpers/route-args";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import * as listRoute from "./list";

/*
 * The month view of /covens/events (`?view=month&month=YYYY-MM`) as the framework calls its
 * loader: days in the viewer's zone across a daylight saving change, occurrences of a series
 * expanded, an occurrence past midnight on the days it covers, the week's first day from the
 * language, the filters kept, and a constant number of queries whatever the month holds.
 */

let database: Database;
let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let leader: Account;
let insider: Account;
let covenSlug: string;

beforeAll(async () => {
  ({ database, cleanup } = await setupTestDatabase());
  leader = await member({ name: "Month Leader", tier: "full" });
  insider = await member({ name: "Month Insider", tier: "full" });
  const coven = await createCoven(leader.rules, {
    name: "Spring Circle",
    description: "",
    tags: [],
    language: "en",
    visibility: "open",
    memberLimit: 50,
  });
  covenSlug = coven.slug;
  await joinCoven(insider.rules, coven.slug);
  // Thursdays at 19:00 in Berlin through March 2027, whose last Sunday moves Berlin to summer time.
  await createEvent(
    leader.rules,
    coven.id,
    eventInput({
      title: "Thursday circle",
      start: new Date("2027-03-04T18:00:00Z"),
      end: new Date("2027-03-04T20:00:00Z"),
      timeZone: "Europe/Berlin",
      recurrence: { frequency: "weekly", interval: 1, weekdays: ["TH"], until: "2027-04-01" },
    }),
  );
  // 23:00 to 01:00 in Berlin, from Friday the 12th into Saturday the 13th.
  await createEvent(
    leader.rules,
    coven.id,
    eventInput({
      title: "Night vigil",
      start: new Date("2027-03-12T22:00:00Z"),
      end: new Date("2027-03-13T00:00:00Z"),
      onlineUrl: null,
      place: "Hilltop",
    }),
  );
  // 00:30 on 1 April in Berlin (summer time), still 31 March in UTC.
  await createEvent(
    leader.rules,
    coven.id,
    eventInput({
      title: "April dawn",
      start: new Date("2027-03-31T22:30:00Z"),
      end: new Date("2027-03-31T23:30:00Z"),
    }),
  );
});
afterAll(() => cleanup());

function month(path: string, who: Account | null, zone?: string, language?: string) {
  const headers: Record<string, string> = {};
  const cookies = [
    who?.cookie,
    zone ? `tz=${encodeURIComponent(zone)}` : undefined,
    language ? `i18nextLng=${language}` : undefined,
  ].filter(Boolean);
  if (cookies.length > 0) headers.cookie = cookies.join("; ");
  const request = new Request(`http://localhost:3000${path}`, { headers });
  return listRoute.loader(routeArgs(request, {}) as never);
}

type Loaded = Awaited<ReturnType<typeof month>>;

/** Titles on each day of the grid that has any, with "…" for a continued occurrence. */
function daysOf(loaded: Loaded): Record<string, string[]> {
  const days: Record<string, string[]> = {};
  for (const cell of loaded.calendar?.weeks.flat() ?? [])
    if (cell.items.length > 0)
      days[cell.key] = cell.items.map((item) => (item.continued ? `…${item.title}` : item.title));
  return days;
}

describe("/covens/events?view=month", () => {
  it("shows each day's occurrences in the viewer's zone, across the change to summer time", async () => {
    const loaded = await month("/covens/events?view=month&month=2027-03", insider, "Europe/Berlin");
    expect(loaded.calendar?.month).toBe("2027-03");
    expect(loaded.calendar?.previous).toBe("2027-02");
    expect(loaded.calendar?.next).toBe("2027-04");
    const days = daysOf(loaded);
    // Every Thursday, 19:00 in Berlin before and after the change (18:00 then 17:00 UTC).
    for (const day of ["2027-03-04", "2027-03-11", "2027-03-18", "2027-03-25"])
      expect(days[day]).toContain("Thursday circle");
    const thursdays = loaded
      .calendar!.weeks.flat()
      .flatMap((cell) => cell.items.filter((item) => item.title === "Thursday circle"))
      .map((item) => item.start);
    expect(thursdays).toContain("2027-03-25T18:00:00.000Z");
    expect(thursdays).toContain("2027-04-01T17:00:00.000Z");
    // The month ends at midnight in Berlin: 00:30 on 1 April is April's, shown in the grid's
    // last row beside March; in UTC it is still 31 March.
    expect(days["2027-04-01"]).toContain("April dawn");
    expect(days["2027-03-31"]).toBeUndefined();
    const utc = daysOf(await month("/covens/events?view=month&month=2027-03", insider, "UTC"));
    expect(utc["2027-03-31"]).toEqual(["April dawn"]);
    const april = daysOf(
      await month("/covens/events?view=month&month=2027-04", insider, "Europe/Berlin"),
    );
    expect(april["2027-04-01"]).toContain("April dawn");
    // Each occurrence links to its own date of the series.
    const first = loaded.calendar!.weeks.flat().find((cell) => cell.key === "2027-03-04");
    expect(first?.items[0]?.href).toMatch(/\?occurrence=2027-03-04T18%3A00%3A00.000Z$/);
  });

  it("puts an occurrence past midnight on the day it starts and the day it reaches", async () => {
    const berlin = daysOf(
      await month("/covens/events?view=month&month=2027-03", insider, "Europe/Berlin"),
    );
    expect(berlin["2027-03-12"]).toEqual(["Night vigil"]);
    expect(berlin["2027-03-13"]).toEqual(["…Night vigil"]);
    // In Tokyo (UTC+9) it is 07:00 to 09:00 on the 13th: one day.
    const tokyo = daysOf(
      await month("/covens/events?view=month&month=2027-03", insider, "Asia/Tokyo"),
    );
    expect(tokyo["2027-03-13"]).toContain("Night vigil");
    // (The Thursday circle of the 11th is early on the 12th there.)
    expect(tokyo["2027-03-12"]).toEqual(["Thursday circle"]);
    // In New York it is 18:00 to 20:00 on the 12th.
    const newYork = daysOf(
      await month("/covens/events?view=month&month=2027-03", insider, "America/New_York"),
    );
    expect(newYork["2027-03-12"]).toContain("Night vigil");
    expect(newYork["2027-03-13"]).toBeUndefined();
    expect(newYork["2027-03-11"]).toEqual(["Thursday circle"]);
  });

  it("starts weeks on the language's first day, and reads a bad month as the current one", async () => {
    const german = await month("/covens/events?view=month&month=2027-03", insider, "UTC", "de");
    expect(german.calendar?.firstDay).toBe(1);
    expect(german.calendar?.weeks[0]?.[0]?.key).toBe("2027-03-01");
    const arabic = await month("/covens/events?view=month&month=2027-03", insider, "UTC", "ar");
    expect(arabic.calendar?.firstDay).toBe(6);
    expect(arabic.calendar?.weeks[0]?.[0]?.key).toBe("2027-02-27");
    for (const bad of ["2027-13", "%00", "9999999-01", "<script>", "2027-03-01"]) {
      const loaded = await month(`/covens/events?view=month&month=${bad}`, null);
      expect(loaded.calendar?.month).toBe(loaded.calendar?.current);
    }
  });

  it("keeps the coven and format filters, and hides what the viewer may not see", async () => {
    const online = daysOf(
      await month(
        `/covens/events?view=month&month=2027-03&format=online&coven=${covenSlug}`,
        insider,
        "Europe/Berlin",
      ),
    );
    expect(Object.values(online).flat()).not.toContain("Night vigil");
    expect(Object.values(online).flat()).toContain("Thursday circle");
    const inPerson = await month(
      "/covens/events?view=month&month=2027-03&format=in_person",
      insider,
      "Europe/Berlin",
    );
    expect(Object.values(daysOf(inPerson)).flat()).toEqual(["Night vigil", "…Night vigil"]);
    expect(inPerson.query.format).toBe("in_person");
    expect(inPerson.covens.map((coven) => coven.slug)).toEqual([covenSlug]);
    // The events are public: a guest sees them; another coven's slug filters everything out.
    expect(
      Object.keys(daysOf(await month("/covens/events?view=month&month=2027-03", null))).length,
    ).toBeGreaterThan(0);
    expect(
      daysOf(await month("/covens/events?view=month&month=2027-03&coven=elsewhere", null)),
    ).toEqual({});
  });

  it("reads a month in the same number of queries whatever it holds", async () => {
    const busy = await countQueries(database, () =>
      month("/covens/events?view=month&month=2027-03", insider, "Europe/Berlin"),
    );
    const quiet = await countQueries(database, () =>
      month("/covens/events?view=month&month=2031-03", insider, "Europe/Berlin"),
    );
    expect(Object.keys(daysOf(busy.result)).length).toBeGreaterThan(5);
    expect(daysOf(quiet.result)).toEqual({});
    expect(busy.queries).toBeLessThanOrEqual(quiet.queries + 3);
    expect(busy.queries).toBeLessThanOrEqual(8);
  });
});
