import { instantOf, wallTimeOf } from "#app/modules/calendar";

/*
 * The month calendar's arithmetic (the `?view=month` of /covens/events). A month is read in the
 * viewer's zone: it starts at midnight of its first day there and ends at midnight of the next
 * month's first day, which need not be whole days of 24 hours (a daylight saving change inside
 * it). Day cells are plain calendar dates, "YYYY-MM-DD", so the grid itself needs no zone.
 */

export interface MonthKey {
  year: number;
  /** 1–12. */
  month: number;
}

/** 1 = Monday … 7 = Sunday, as Intl.Locale's weekInfo numbers them. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const MONTH_PARAM = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY = 86_400_000;

/** `?month=YYYY-MM`, or null when it is missing or not one (years 1970–9999). */
export function parseMonth(value: string | null | undefined): MonthKey | null {
  const match = MONTH_PARAM.exec(value ?? "");
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 1970) return null;
  return { year, month: Number(match[2]) };
}

export function monthParam({ year, month }: MonthKey): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
}

/** The month `delta` months away (negative: earlier). */
export function shiftMonth({ year, month }: MonthKey, delta: number): MonthKey {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month an instant falls in, as a person in the zone reads it. */
export function monthOf(instant: Date, timeZone: string): MonthKey {
  const wall = wallTimeOf(instant, timeZone);
  return { year: wall.year, month: wall.month };
}

/** "YYYY-MM-DD" of a calendar date given as a UTC Date (only its UTC fields are read). */
function keyOfUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The calendar day ("YYYY-MM-DD") an instant falls on in the zone. */
export function dayKeyOf(instant: Date, timeZone: string): string {
  const wall = wallTimeOf(instant, timeZone);
  return keyOfUtc(new Date(Date.UTC(wall.year, wall.month - 1, wall.day)));
}

/** The instant a calendar day ("YYYY-MM-DD") begins in the zone. */
export function dayStart(key: string, timeZone: string): Date {
  const [year = 1970, month = 1, day = 1] = key.split("-").map(Number);
  return instantOf({ year, month, day, hour: 0, minute: 0 }, timeZone);
}

/** The first and last day of the month in the zone: [from, to). */
export function monthBounds(key: MonthKey, timeZone: string): { from: Date; to: Date } {
  const next = shiftMonth(key, 1);
  return {
    from: instantOf({ ...key, day: 1, hour: 0, minute: 0 }, timeZone),
    to: instantOf({ ...next, day: 1, hour: 0, minute: 0 }, timeZone),
  };
}

/**
 * The first day of the week where the language is spoken: Intl.Locale's weekInfo (a getter in
 * some engines, a method in others, missing in a few), else Monday, the ISO week's start.
 */
export function firstDayOfWeek(locale: string): Weekday {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      weekInfo?: { firstDay?: number };
      getWeekInfo?: () => { firstDay?: number };
    };
    const day = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
    if (day !== undefined && day >= 1 && day <= 7) return day as Weekday;
  } catch {
    // An unknown tag: the ISO default.
  }
  return 1;
}

export interface GridDay {
  /** "YYYY-MM-DD". */
  key: string;
  /** Day of the month, 1–31. */
  day: number;
  inMonth: boolean;
}

/**
 * The weeks of the month as rows of seven days starting on `firstDay`, with the neighbouring
 * months' days that fill the first and last rows (four to six rows).
 */
export function monthWeeks(key: MonthKey, firstDay: Weekday): GridDay[][] {
  const first = new Date(Date.UTC(key.year, key.month - 1, 1));
  const isoWeekday = first.getUTCDay() || 7;
  const lead = (isoWeekday - firstDay + 7) % 7;
  const length = new Date(Date.UTC(key.year, key.month, 0)).getUTCDate();
  const rows = Math.ceil((lead + length) / 7);
  const weeks: GridDay[][] = [];
  for (let row = 0; row < rows; row += 1) {
    const week: GridDay[] = [];
    for (let column = 0; column < 7; column += 1) {
      const date = new Date(first.getTime() + (row * 7 + column - lead) * DAY);
      week.push({
        key: keyOfUtc(date),
        day: date.getUTCDate(),
        inMonth: date.getUTCMonth() === key.month - 1,
      });
    }
    weeks.push(week);
  }
  return weeks;
}

/**
 * The days ("YYYY-MM-DD") an occurrence covers in the zone, in order: the day it starts and,
 * when it runs past midnight, each following day it reaches (an end exactly at midnight does
 * not reach the next day).
 */
export function daysCovered(start: Date, end: Date, timeZone: string): string[] {
  const first = dayKeyOf(start, timeZone);
  const last = dayKeyOf(new Date(Math.max(start.getTime(), end.getTime() - 1)), timeZone);
  const days = [first];
  let cursor = new Date(`${first}T00:00:00Z`);
  // A bound: an occurrence longer than the grid is cut by the caller anyway.
  while (days.length < 62 && keyOfUtc(cursor) < last) {
    cursor = new Date(cursor.getTime() + DAY);
    days.push(keyOfUtc(cursor));
  }
  return days;
}
