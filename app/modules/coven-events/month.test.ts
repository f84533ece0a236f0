import { describe, expect, it } from "vitest";
import {
  dayKeyOf,
  daysCovered,
  firstDayOfWeek,
  monthBounds,
  monthWeeks,
  parseMonth,
  shiftMonth,
} from "./month";

/*
 * The month calendar's arithmetic: a month's bounds are midnights in the viewer's zone (so a
 * month holding a daylight saving change is not a whole number of 24-hour days), weeks start on
 * the language's first day, and an occurrence past midnight covers the next day too.
 */

describe("month bounds", () => {
  it("are midnights in the viewer's zone, across a daylight saving change", () => {
    // Berlin moves to summer time on 2027-03-28: March starts at UTC+1 and ends at UTC+2.
    const march = monthBounds({ year: 2027, month: 3 }, "Europe/Berlin");
    expect(march.from.toISOString()).toBe("2027-02-28T23:00:00.000Z");
    expect(march.to.toISOString()).toBe("2027-03-31T22:00:00.000Z");
    expect((march.to.getTime() - march.from.getTime()) / 3_600_000).toBe(31 * 24 - 1);
    // New York falls back on 2027-11-07: November is an hour longer.
    const november = monthBounds({ year: 2027, month: 11 }, "America/New_York");
    expect(november.from.toISOString()).toBe("2027-11-01T04:00:00.000Z");
    expect(november.to.toISOString()).toBe("2027-12-01T05:00:00.000Z");
    // December's end is the next year's first midnight.
    expect(monthBounds({ year: 2027, month: 12 }, "UTC").to.toISOString()).toBe(
      "2028-01-01T00:00:00.000Z",
    );
  });

  it("read an instant's day and month in the zone", () => {
    const instant = new Date("2027-03-31T22:30:00Z");
    expect(dayKeyOf(instant, "UTC")).toBe("2027-03-31");
    expect(dayKeyOf(instant, "Europe/Berlin")).toBe("2027-04-01");
    expect(dayKeyOf(instant, "America/Los_Angeles")).toBe("2027-03-31");
  });
});

describe("the grid", () => {
  it("starts each week on the language's first day", () => {
    expect(firstDayOfWeek("de")).toBe(1);
    expect(firstDayOfWeek("en")).toBe(7);
    expect(firstDayOfWeek("ar")).toBe(6);
    expect(firstDayOfWeek("not a language!")).toBe(1);
    // March 2027 begins on a Monday.
    const monday = monthWeeks({ year: 2027, month: 3 }, 1);
    expect(monday[0]?.[0]).toEqual({ key: "2027-03-01", day: 1, inMonth: true });
    expect(monday).toHaveLength(5);
    const sunday = monthWeeks({ year: 2027, month: 3 }, 7);
    expect(sunday[0]?.[0]).toEqual({ key: "2027-02-28", day: 28, inMonth: false });
    expect(sunday[0]?.[1]?.key).toBe("2027-03-01");
    const saturday = monthWeeks({ year: 2027, month: 3 }, 6);
    expect(saturday[0]?.[0]?.key).toBe("2027-02-27");
    expect(saturday.at(-1)?.at(-1)?.key).toBe("2027-04-02");
    for (const weeks of [monday, sunday, saturday]) {
      expect(weeks.every((week) => week.length === 7)).toBe(true);
      expect(weeks.flat().filter((day) => day.inMonth)).toHaveLength(31);
    }
    // February 2027 starting on Monday fills exactly four rows.
    expect(monthWeeks({ year: 2027, month: 2 }, 1)).toHaveLength(4);
  });

  it("puts an occurrence on each day it covers in the zone", () => {
    const start = new Date("2027-03-12T23:00:00Z");
    const end = new Date("2027-03-13T01:00:00Z");
    expect(daysCovered(start, end, "UTC")).toEqual(["2027-03-12", "2027-03-13"]);
    // Already the 13th in Berlin: one day.
    expect(daysCovered(start, end, "Europe/Berlin")).toEqual(["2027-03-13"]);
    // Ending exactly at midnight does not reach the next day.
    expect(
      daysCovered(new Date("2027-03-12T20:00:00Z"), new Date("2027-03-13T00:00:00Z"), "UTC"),
    ).toEqual(["2027-03-12"]);
    expect(
      daysCovered(new Date("2027-03-12T20:00:00Z"), new Date("2027-03-15T10:00:00Z"), "UTC"),
    ).toEqual(["2027-03-12", "2027-03-13", "2027-03-14", "2027-03-15"]);
  });

  it("reads only well-formed months", () => {
    expect(parseMonth("2027-03")).toEqual({ year: 2027, month: 3 });
    for (const bad of ["", "2027-13", "2027-00", "27-03", "2027-3", "1969-12", "2027-03x", null])
      expect(parseMonth(bad)).toBeNull();
    expect(shiftMonth({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(shiftMonth({ year: 2027, month: 12 }, 1)).toEqual({ year: 2028, month: 1 });
  });
});
