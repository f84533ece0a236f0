import * as rruleModule from "rrule";
import type { Options, RRule as RRuleInstance, Weekday as RRuleWeekday } from "rrule";

// rrule names its ES build only in "module": bundlers (the app, Vitest) read that, while Node
// itself (the CLI, scripts run with tsx) loads the CommonJS build, whose exports then arrive as
// the namespace's default.
const { RRule } =
  "RRule" in rruleModule
    ? rruleModule
    : (rruleModule as unknown as { default: typeof rruleModule }).default;
import { floatingDate, instantOf, wallTimeOf, wallTimeOfFloating, type WallTime } from "./zone";

/**
 * Recurring events. Members choose from the patterns practitioners use (weekly or every N weeks
 * on some days; monthly on the first … fourth or last given weekday), never free RRULE text; the
 * pattern is stored as an RFC 5545 RRULE so calendar feeds carry it unchanged. Occurrences are
 * expanded in the event's wall time, so a 19:00 circle stays at 19:00 across daylight saving.
 * An occurrence is identified by its original start; a change (moved, cancelled) is keyed by it
 * and leaves the others alone.
 */

export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const MONTH_WEEKS = [1, 2, 3, 4, -1] as const;
export type MonthWeek = (typeof MONTH_WEEKS)[number];

export const RECURRENCE_LIMITS = {
  /** "Every 12 weeks" at most: rarer gatherings are planned one by one. */
  maxInterval: 12,
  /** An end date at most this many years after the first occurrence. */
  maxYears: 5,
  /** Occurrences one expansion returns at most, whatever window it is asked for. */
  maxOccurrences: 400,
} as const;

export type Recurrence =
  | { frequency: "weekly"; interval: number; weekdays: Weekday[]; until: string | null }
  | { frequency: "monthly"; weekday: Weekday; week: MonthWeek; until: string | null };
// `until` is a calendar date (YYYY-MM-DD) in the event's zone, inclusive.

export interface OccurrenceChange {
  originalStart: Date;
  cancelled: boolean;
  /** Set when the occurrence was moved. */
  start: Date | null;
  end: Date | null;
}

export interface Schedule {
  start: Date;
  end: Date;
  timeZone: string;
  rrule: string | null;
  changes: readonly OccurrenceChange[];
}

export interface Occurrence {
  /** The occurrence's key: where the rule put it, whether or not it was moved. */
  originalStart: Date;
  start: Date;
  end: Date;
  cancelled: boolean;
  moved: boolean;
}

const RRULE_DAYS: Record<Weekday, RRuleWeekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function untilWall(until: string): WallTime | null {
  const match = DATE_PATTERN.exec(until);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day, hour: 23, minute: 59 };
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * Why a pattern cannot be used for an event starting at `start`, or null when it can. The
 * reasons are text keys of the event form.
 */
export function recurrenceProblem(
  recurrence: Recurrence,
  start: Date,
  timeZone: string,
): "interval" | "weekdays" | "until" | null {
  if (recurrence.frequency === "weekly") {
    if (
      !Number.isInteger(recurrence.interval) ||
      recurrence.interval < 1 ||
      recurrence.interval > RECURRENCE_LIMITS.maxInterval
    ) {
      return "interval";
    }
    if (recurrence.weekdays.length === 0) return "weekdays";
  }
  if (recurrence.until !== null) {
    const wall = untilWall(recurrence.until);
    if (!wall) return "until";
    const until = instantOf(wall, timeZone);
    const latest = new Date(start);
    latest.setUTCFullYear(latest.getUTCFullYear() + RECURRENCE_LIMITS.maxYears);
    if (until < start || until > latest) return "until";
  }
  return null;
}

/** The RRULE value (without "RRULE:") of a valid pattern. */
export function toRRule(recurrence: Recurrence, timeZone: string): string {
  const parts =
    recurrence.frequency === "weekly"
      ? [
          "FREQ=WEEKLY",
          ...(recurrence.interval > 1 ? [`INTERVAL=${recurrence.interval}`] : []),
          `BYDAY=${WEEKDAYS.filter((day) => recurrence.weekdays.includes(day)).join(",")}`,
        ]
      : ["FREQ=MONTHLY", `BYDAY=${recurrence.week}${recurrence.weekday}`];
  if (recurrence.until !== null) {
    const wall = untilWall(recurrence.until);
    // RFC 5545: with a zoned DTSTART, UNTIL is given in UTC.
    if (wall) parts.push(`UNTIL=${utcStamp(instantOf(wall, timeZone))}`);
  }
  return parts.join(";");
}

const WEEKLY =
  /^FREQ=WEEKLY(?:;INTERVAL=(\d{1,2}))?;BYDAY=((?:MO|TU|WE|TH|FR|SA|SU)(?:,(?:MO|TU|WE|TH|FR|SA|SU))*)(?:;UNTIL=(\d{8}T\d{6}Z))?$/;
const MONTHLY = /^FREQ=MONTHLY;BYDAY=(1|2|3|4|-1)(MO|TU|WE|TH|FR|SA|SU)(?:;UNTIL=(\d{8}T\d{6}Z))?$/;

function parseStamp(stamp: string): Date {
  return new Date(
    `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
  );
}

function untilDate(stamp: string | undefined, timeZone: string): string | null {
  if (!stamp) return null;
  const wall = wallTimeOf(parseStamp(stamp), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** The pattern of a stored RRULE this module wrote; null for anything else. */
export function parseRRule(rrule: string, timeZone: string): Recurrence | null {
  const weekly = WEEKLY.exec(rrule);
  if (weekly) {
    return {
      frequency: "weekly",
      interval: weekly[1] ? Number(weekly[1]) : 1,
      weekdays: (weekly[2] ?? "").split(",") as Weekday[],
      until: untilDate(weekly[3], timeZone),
    };
  }
  const monthly = MONTHLY.exec(rrule);
  if (monthly) {
    return {
      frequency: "monthly",
      week: Number(monthly[1]) as MonthWeek,
      weekday: monthly[2] as Weekday,
      until: untilDate(monthly[3], timeZone),
    };
  }
  return null;
}

function ruleOf(recurrence: Recurrence, schedule: Schedule): RRuleInstance {
  const options: Partial<Options> = {
    dtstart: floatingDate(wallTimeOf(schedule.start, schedule.timeZone)),
  };
  if (recurrence.frequency === "weekly") {
    options.freq = RRule.WEEKLY;
    options.interval = recurrence.interval;
    options.byweekday = recurrence.weekdays.map((day) => RRULE_DAYS[day]);
    // Weeks start on Monday, as in the RRULE default; "every 2 weeks on MO,TH" counts from there.
    options.wkst = RRule.MO;
  } else {
    options.freq = RRule.MONTHLY;
    options.byweekday = [RRULE_DAYS[recurrence.weekday].nth(recurrence.week)];
  }
  if (recurrence.until !== null) {
    const wall = untilWall(recurrence.until);
    if (wall) options.until = floatingDate(wall);
  }
  return new RRule(options);
}

const DAY_MS = 86_400_000;

/** Where the rule puts occurrences whose original start lies within [from, to), as instants. */
function ruleStarts(schedule: Schedule, from: Date, to: Date): Date[] {
  if (!schedule.rrule) return schedule.start >= from && schedule.start < to ? [schedule.start] : [];
  const recurrence = parseRRule(schedule.rrule, schedule.timeZone);
  if (!recurrence) return schedule.start >= from && schedule.start < to ? [schedule.start] : [];
  // Floating dates differ from instants by the zone's offset (at most a day): widen, then filter.
  const floatingFrom = new Date(
    Math.max(from.getTime() - DAY_MS, schedule.start.getTime() - DAY_MS),
  );
  const floatingTo = new Date(to.getTime() + DAY_MS);
  const found = ruleOf(recurrence, schedule).between(
    floatingFrom,
    floatingTo,
    true,
    (_date, count) => count < RECURRENCE_LIMITS.maxOccurrences + 2,
  );
  return found
    .map((date) => instantOf(wallTimeOfFloating(date), schedule.timeZone))
    .filter((start) => start >= from && start < to);
}

/**
 * The occurrences that overlap [from, to), in order of start: moved ones where they were moved
 * to (including ones moved in from outside the window), cancelled ones marked. At most
 * RECURRENCE_LIMITS.maxOccurrences.
 */
export function occurrencesBetween(schedule: Schedule, from: Date, to: Date): Occurrence[] {
  const duration = schedule.end.getTime() - schedule.start.getTime();
  const changes = new Map(
    schedule.changes.map((change) => [change.originalStart.getTime(), change]),
  );
  const result: Occurrence[] = [];
  const seen = new Set<number>();
  const starts = ruleStarts(schedule, new Date(from.getTime() - duration), to);
  for (const originalStart of starts) {
    seen.add(originalStart.getTime());
    result.push(applyChange(originalStart, duration, changes.get(originalStart.getTime())));
  }
  for (const change of schedule.changes) {
    if (seen.has(change.originalStart.getTime()) || !change.start) continue;
    if (!isRuleStart(schedule, change.originalStart)) continue;
    result.push(applyChange(change.originalStart, duration, change));
  }
  return result
    .filter((occurrence) => occurrence.start < to && occurrence.end > from)
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .slice(0, RECURRENCE_LIMITS.maxOccurrences);
}

function applyChange(
  originalStart: Date,
  duration: number,
  change: OccurrenceChange | undefined,
): Occurrence {
  const start = change?.start ?? originalStart;
  const end = change?.start ? (change.end ?? new Date(start.getTime() + duration)) : null;
  return {
    originalStart,
    start,
    end: end ?? new Date(start.getTime() + duration),
    cancelled: change?.cancelled ?? false,
    moved: change?.start != null && change.start.getTime() !== originalStart.getTime(),
  };
}

/** Whether the rule (ignoring changes) puts an occurrence at exactly this instant. */
export function isRuleStart(schedule: Schedule, instant: Date): boolean {
  const near = ruleStarts(schedule, instant, new Date(instant.getTime() + 1));
  return near.some((start) => start.getTime() === instant.getTime());
}

/** The next occurrences from `from` on that are not cancelled (for lists and reminders). */
export function upcomingOccurrences(
  schedule: Schedule,
  from: Date,
  limit: number,
  horizonDays = 400,
): Occurrence[] {
  const to = new Date(from.getTime() + horizonDays * DAY_MS);
  return occurrencesBetween(schedule, from, to)
    .filter((occurrence) => !occurrence.cancelled && occurrence.start >= from)
    .slice(0, limit);
}
