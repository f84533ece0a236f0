import { describe, expect, it } from "vitest";
import {
  RECURRENCE_LIMITS,
  isRuleStart,
  occurrencesBetween,
  parseRRule,
  recurrenceProblem,
  toRRule,
  upcomingOccurrences,
  type Recurrence,
  type Schedule,
} from "./recurrence";
import { wallTimeOf } from "./zone";

const BERLIN = "Europe/Berlin";
const at = (iso: string) => new Date(iso);
const isoList = (dates: Date[]) => dates.map((date) => date.toISOString());

function schedule(partial: Partial<Schedule> & Pick<Schedule, "start" | "end">): Schedule {
  return { timeZone: BERLIN, rrule: null, changes: [], ...partial };
}

describe("patterns as RRULE", () => {
  const cases: [Recurrence, string][] = [
    [{ frequency: "weekly", interval: 1, weekdays: ["TH"], until: null }, "FREQ=WEEKLY;BYDAY=TH"],
    [
      { frequency: "weekly", interval: 2, weekdays: ["TH", "MO"], until: null },
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH",
    ],
    [{ frequency: "monthly", weekday: "FR", week: -1, until: null }, "FREQ=MONTHLY;BYDAY=-1FR"],
    [
      { frequency: "monthly", weekday: "TU", week: 2, until: "2027-06-30" },
      // The end of 30 June in Berlin (summer time) is 21:59 UTC.
      "FREQ=MONTHLY;BYDAY=2TU;UNTIL=20270630T215900Z",
    ],
  ];
  it.each(cases)("%o is written as %s and read back", (recurrence, rrule) => {
    expect(toRRule(recurrence, BERLIN)).toBe(rrule);
    const read = parseRRule(rrule, BERLIN);
    expect(read).toEqual(
      recurrence.frequency === "weekly"
        ? { ...recurrence, weekdays: [...recurrence.weekdays].sort((a, b) => order(a) - order(b)) }
        : recurrence,
    );
  });

  it.each([
    "FREQ=SECONDLY",
    "FREQ=DAILY;INTERVAL=1",
    "FREQ=WEEKLY;BYDAY=MO\r\nATTENDEE:mailto:x@example.com",
    "FREQ=WEEKLY;INTERVAL=999;BYDAY=MO",
    "FREQ=MONTHLY;BYDAY=5FR",
    "freq=weekly;byday=mo",
    "",
  ])("a string it did not write (%j) is not a pattern", (rrule) => {
    expect(parseRRule(rrule, BERLIN)).toBeNull();
  });
});

function order(day: string): number {
  return ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].indexOf(day);
}

describe("checking a pattern", () => {
  const start = at("2026-03-05T18:00:00Z");
  it.each<[Recurrence, string | null]>([
    [{ frequency: "weekly", interval: 1, weekdays: ["TH"], until: null }, null],
    [{ frequency: "weekly", interval: 0, weekdays: ["TH"], until: null }, "interval"],
    [{ frequency: "weekly", interval: 13, weekdays: ["TH"], until: null }, "interval"],
    [{ frequency: "weekly", interval: 1.5, weekdays: ["TH"], until: null }, "interval"],
    [{ frequency: "weekly", interval: 1, weekdays: [], until: null }, "weekdays"],
    [{ frequency: "weekly", interval: 1, weekdays: ["TH"], until: "2026-02-30" }, "until"],
    [{ frequency: "weekly", interval: 1, weekdays: ["TH"], until: "2026-03-01" }, "until"],
    [{ frequency: "weekly", interval: 1, weekdays: ["TH"], until: "2031-03-06" }, "until"],
    [{ frequency: "weekly", interval: 1, weekdays: ["TH"], until: "5 March" }, "until"],
    [{ frequency: "monthly", weekday: "TH", week: 1, until: "2031-03-04" }, null],
  ])("%o → %s", (recurrence, problem) => {
    expect(recurrenceProblem(recurrence, start, BERLIN)).toBe(problem);
  });
});

describe("expanding occurrences", () => {
  it("keeps a weekly circle at 19:00 Berlin time across the change to summer time", () => {
    const circle = schedule({
      start: at("2026-03-19T18:00:00Z"), // Thursday 19:00 CET
      end: at("2026-03-19T20:00:00Z"),
      rrule: "FREQ=WEEKLY;BYDAY=TH",
    });
    const found = occurrencesBetween(
      circle,
      at("2026-03-01T00:00:00Z"),
      at("2026-04-10T00:00:00Z"),
    );
    expect(isoList(found.map((o) => o.start))).toEqual([
      "2026-03-19T18:00:00.000Z",
      "2026-03-26T18:00:00.000Z",
      // Summer time from 29 March: 19:00 local is 17:00 UTC.
      "2026-04-02T17:00:00.000Z",
      "2026-04-09T17:00:00.000Z",
    ]);
    for (const occurrence of found) {
      expect(wallTimeOf(occurrence.start, BERLIN)).toMatchObject({ hour: 19, minute: 0 });
      expect(occurrence.end.getTime() - occurrence.start.getTime()).toBe(2 * 3_600_000);
    }
  });

  it("every two weeks on Monday and Thursday, and monthly on the last Friday", () => {
    const fortnightly = schedule({
      start: at("2026-03-02T18:00:00Z"),
      end: at("2026-03-02T19:00:00Z"),
      rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH",
    });
    expect(
      isoList(
        occurrencesBetween(fortnightly, at("2026-03-01T00:00:00Z"), at("2026-03-21T00:00:00Z")).map(
          (o) => o.start,
        ),
      ),
    ).toEqual([
      "2026-03-02T18:00:00.000Z",
      "2026-03-05T18:00:00.000Z",
      "2026-03-16T18:00:00.000Z",
      "2026-03-19T18:00:00.000Z",
    ]);
    const monthly = schedule({
      start: at("2026-01-30T19:00:00Z"),
      end: at("2026-01-30T21:00:00Z"),
      rrule: "FREQ=MONTHLY;BYDAY=-1FR",
    });
    const days = occurrencesBetween(
      monthly,
      at("2026-01-01T00:00:00Z"),
      at("2026-06-01T00:00:00Z"),
    ).map((o) => wallTimeOf(o.start, BERLIN));
    expect(days.map((d) => `${d.month}-${d.day} ${d.hour}:00`)).toEqual([
      "1-30 20:00",
      "2-27 20:00",
      "3-27 20:00",
      "4-24 20:00",
      "5-29 20:00",
    ]);
  });

  it("ends on the last day given, inclusive", () => {
    const rrule = toRRule(
      { frequency: "weekly", interval: 1, weekdays: ["TH"], until: "2026-03-26" },
      BERLIN,
    );
    const circle = schedule({
      start: at("2026-03-05T18:00:00Z"),
      end: at("2026-03-05T19:00:00Z"),
      rrule,
    });
    const found = occurrencesBetween(
      circle,
      at("2026-01-01T00:00:00Z"),
      at("2027-01-01T00:00:00Z"),
    );
    expect(found).toHaveLength(4);
    expect(found.at(-1)?.start.toISOString()).toBe("2026-03-26T18:00:00.000Z");
  });

  it("a cancelled occurrence is marked, a moved one moves, and the others stay", () => {
    const circle = schedule({
      start: at("2026-03-05T18:00:00Z"),
      end: at("2026-03-05T20:00:00Z"),
      rrule: "FREQ=WEEKLY;BYDAY=TH",
      changes: [
        { originalStart: at("2026-03-12T18:00:00Z"), cancelled: true, start: null, end: null },
        // The 19th moves to Saturday the 21st, 10:00 Berlin time, for three hours.
        {
          originalStart: at("2026-03-19T18:00:00Z"),
          cancelled: false,
          start: at("2026-03-21T09:00:00Z"),
          end: at("2026-03-21T12:00:00Z"),
        },
      ],
    });
    const found = occurrencesBetween(
      circle,
      at("2026-03-01T00:00:00Z"),
      at("2026-03-27T00:00:00Z"),
    );
    expect(
      found.map((o) => [o.start.toISOString(), o.end.toISOString(), o.cancelled, o.moved]),
    ).toEqual([
      ["2026-03-05T18:00:00.000Z", "2026-03-05T20:00:00.000Z", false, false],
      ["2026-03-12T18:00:00.000Z", "2026-03-12T20:00:00.000Z", true, false],
      ["2026-03-21T09:00:00.000Z", "2026-03-21T12:00:00.000Z", false, true],
      ["2026-03-26T18:00:00.000Z", "2026-03-26T20:00:00.000Z", false, false],
    ]);
    expect(
      upcomingOccurrences(circle, at("2026-03-10T00:00:00Z"), 2).map((o) => o.start.toISOString()),
    ).toEqual(["2026-03-21T09:00:00.000Z", "2026-03-26T18:00:00.000Z"]);
  });

  it("an occurrence moved into the window from outside it is found there, and not where it was", () => {
    const circle = schedule({
      start: at("2026-03-05T18:00:00Z"),
      end: at("2026-03-05T19:00:00Z"),
      rrule: "FREQ=WEEKLY;BYDAY=TH",
      changes: [
        {
          originalStart: at("2026-04-16T17:00:00Z"),
          cancelled: false,
          start: at("2026-03-10T17:00:00Z"),
          end: at("2026-03-10T18:00:00Z"),
        },
        // A change that names no occurrence of the rule is ignored.
        {
          originalStart: at("2026-04-17T17:00:00Z"),
          cancelled: false,
          start: at("2026-03-11T17:00:00Z"),
          end: at("2026-03-11T18:00:00Z"),
        },
      ],
    });
    const march = occurrencesBetween(
      circle,
      at("2026-03-09T00:00:00Z"),
      at("2026-03-12T00:00:00Z"),
    );
    expect(march.map((o) => [o.start.toISOString(), o.originalStart.toISOString()])).toEqual([
      ["2026-03-10T17:00:00.000Z", "2026-04-16T17:00:00.000Z"],
    ]);
    const april = occurrencesBetween(
      circle,
      at("2026-04-15T00:00:00Z"),
      at("2026-04-18T00:00:00Z"),
    );
    expect(april).toEqual([]);
    expect(isRuleStart(circle, at("2026-04-16T17:00:00Z"))).toBe(true);
    expect(isRuleStart(circle, at("2026-04-16T18:00:00Z"))).toBe(false);
  });

  it("an occurrence already under way at the window's start is included", () => {
    const retreat = schedule({
      start: at("2026-03-06T08:00:00Z"),
      end: at("2026-03-08T16:00:00Z"),
    });
    expect(
      occurrencesBetween(retreat, at("2026-03-07T00:00:00Z"), at("2026-03-08T00:00:00Z")),
    ).toHaveLength(1);
    expect(
      occurrencesBetween(retreat, at("2026-03-09T00:00:00Z"), at("2026-03-10T00:00:00Z")),
    ).toHaveLength(0);
  });

  it("a wall time skipped by the clock change moves forward, as calendar programs do", () => {
    const night = schedule({
      start: at("2026-03-22T01:30:00Z"), // Sunday 02:30 CET
      end: at("2026-03-22T02:00:00Z"),
      rrule: "FREQ=WEEKLY;BYDAY=SU",
    });
    const found = occurrencesBetween(night, at("2026-03-28T00:00:00Z"), at("2026-03-30T00:00:00Z"));
    // 29 March has no 02:30 in Berlin: it becomes 03:30 summer time (01:30 UTC).
    expect(isoList(found.map((o) => o.start))).toEqual(["2026-03-29T01:30:00.000Z"]);
  });

  it("returns at most the limit, however wide the window", () => {
    const daily = schedule({
      start: at("2026-01-05T18:00:00Z"),
      end: at("2026-01-05T19:00:00Z"),
      rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU",
    });
    const found = occurrencesBetween(daily, at("2026-01-01T00:00:00Z"), at("2100-01-01T00:00:00Z"));
    expect(found).toHaveLength(RECURRENCE_LIMITS.maxOccurrences);
  });

  it("a one-off event is one occurrence, and a stored rule it cannot read falls back to that", () => {
    const once = schedule({ start: at("2026-03-05T18:00:00Z"), end: at("2026-03-05T19:00:00Z") });
    expect(
      occurrencesBetween(once, at("2026-03-01T00:00:00Z"), at("2026-04-01T00:00:00Z")),
    ).toHaveLength(1);
    const odd = { ...once, rrule: "FREQ=SECONDLY" };
    expect(
      occurrencesBetween(odd, at("2026-03-01T00:00:00Z"), at("2026-04-01T00:00:00Z")),
    ).toHaveLength(1);
  });
});
