import { z } from "zod";
import {
  instantOf,
  isTimeZone,
  parseRRule,
  recurrenceProblem,
  WEEKDAYS,
  wallTimeOf,
  type Recurrence,
  type Weekday,
} from "#app/modules/calendar";
import { idSchema } from "#app/lib/ids";
import { visibilityProblem, type EventVisibility } from "./policy";

/*
 * The event form's rules, shared by the form (browser) and the commands (events.server.ts): the
 * form schema ends by asking `eventInputProblem`, the very check the commands run, so the page
 * and the server cannot disagree about a limit.
 */

export const EVENT_LIMITS = {
  title: 200,
  description: 20_000,
  place: 300,
  url: 2_000,
  capacity: 10_000,
  /** An occurrence lasts at most this long. */
  maxDurationMs: 7 * 86_400_000,
  /** A cover image as uploaded, before sharp re-encodes it. */
  coverBytes: 4 * 1024 * 1024,
  /** A host's message to attendees. */
  message: 2_000,
} as const;

/** A cover is cropped to a wide 1200 × 630 (the proportion link previews use). */
export const EVENT_COVER = { width: 1200, height: 630 } as const;

export const EVENT_VISIBILITIES = ["public", "premium", "coven"] as const;

export interface EventInput {
  title: string;
  /** Markdown. */
  description: string;
  start: Date;
  end: Date;
  timeZone: string;
  recurrence: Recurrence | null;
  onlineUrl: string | null;
  place: string | null;
  capacity: number | null;
  coverUrl: string | null;
  visibility: EventVisibility;
}

/** Why an input cannot be stored; each is also the text key of the form's message. */
export type EventInputProblem =
  | "title"
  | "description"
  | "timeZone"
  | "times"
  | "interval"
  | "weekdays"
  | "until"
  | "capacity"
  | "link"
  | "place"
  | "cover"
  | "visibility";

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** The reason an input cannot be stored, or null. */
export function eventInputProblem(input: EventInput, hasCoven: boolean): EventInputProblem | null {
  const title = input.title.trim();
  if (title.length === 0 || title.length > EVENT_LIMITS.title) return "title";
  if (input.description.length > EVENT_LIMITS.description) return "description";
  if (!isTimeZone(input.timeZone)) return "timeZone";
  const duration = input.end.getTime() - input.start.getTime();
  if (!(duration > 0) || duration > EVENT_LIMITS.maxDurationMs) return "times";
  if (input.recurrence) {
    const problem = recurrenceProblem(input.recurrence, input.start, input.timeZone);
    if (problem) return problem;
  }
  if (input.capacity !== null) {
    if (
      !Number.isInteger(input.capacity) ||
      input.capacity < 1 ||
      input.capacity > EVENT_LIMITS.capacity
    ) {
      return "capacity";
    }
  }
  if (
    input.onlineUrl !== null &&
    (input.onlineUrl.length > EVENT_LIMITS.url || !isHttpUrl(input.onlineUrl))
  ) {
    return "link";
  }
  if (input.place !== null && input.place.length > EVENT_LIMITS.place) return "place";
  if (
    input.coverUrl !== null &&
    (input.coverUrl.length > EVENT_LIMITS.url ||
      !(isHttpUrl(input.coverUrl) || /^\/uploads\/[\w./-]+$/.test(input.coverUrl)))
  ) {
    return "cover";
  }
  return visibilityProblem(input.visibility, hasCoven);
}

/** The form field that shows each problem. */
const PROBLEM_FIELD: Record<EventInputProblem, string> = {
  title: "title",
  description: "description",
  timeZone: "timeZone",
  times: "endTime",
  interval: "interval",
  weekdays: "weekdays",
  until: "until",
  capacity: "capacity",
  link: "onlineUrl",
  place: "place",
  cover: "cover",
  visibility: "visibility",
};

export const errorKey = (problem: EventInputProblem) => `events.form.errors.${problem}`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** "00:00" to "23:59". */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const optionalText = (max: number, problem: EventInputProblem) =>
  z
    .string()
    .trim()
    .max(max, errorKey(problem))
    .default("")
    .transform((value) => (value === "" ? null : value));

/** "2026-12-04" and "19:30" in a zone as an instant; null for a date no calendar has. */
export function wallInstant(date: string, time: string, timeZone: string): Date | null {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1) return null;
  const instant = instantOf({ year, month, day, hour, minute }, timeZone);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The weekday of an instant in a zone, as RRULE names it. */
export function weekdayOf(instant: Date, timeZone: string): Weekday {
  const wall = wallTimeOf(instant, timeZone);
  // 2024-01-01 was a Monday: days since then, modulo 7.
  const days = Math.round(
    (Date.UTC(wall.year, wall.month - 1, wall.day) - Date.UTC(2024, 0, 1)) / 86_400_000,
  );
  return WEEKDAYS[((days % 7) + 7) % 7]!;
}

/** "The third Thursday" of the start's month, or the last one when asked (and it is the last). */
export function monthWeekOf(instant: Date, timeZone: string, last: boolean): -1 | 1 | 2 | 3 | 4 {
  const wall = wallTimeOf(instant, timeZone);
  const daysInMonth = new Date(Date.UTC(wall.year, wall.month, 0)).getUTCDate();
  const nth = Math.ceil(wall.day / 7);
  if (nth >= 5 || (last && wall.day + 7 > daysInMonth)) return -1;
  return nth as 1 | 2 | 3 | 4;
}

export const REPEATS = ["none", "weekly", "monthly"] as const;

const dayFields = Object.fromEntries(
  WEEKDAYS.map((day) => [`day-${day}`, z.string().max(10).optional()]),
) as Record<`day-${Weekday}`, z.ZodOptional<z.ZodString>>;

const fieldsSchema = z.object({
  title: z
    .string("events.form.errors.title")
    .trim()
    .min(1, errorKey("title"))
    .max(EVENT_LIMITS.title, errorKey("title")),
  description: z.string().max(EVENT_LIMITS.description, errorKey("description")).default(""),
  timeZone: z.string("events.form.errors.timeZone").refine(isTimeZone, errorKey("timeZone")),
  startDate: z.string("events.form.errors.startDate").regex(DATE, "events.form.errors.startDate"),
  startTime: z.string("events.form.errors.startTime").regex(TIME, "events.form.errors.startTime"),
  endDate: z.string("events.form.errors.endDate").regex(DATE, "events.form.errors.endDate"),
  endTime: z.string("events.form.errors.endTime").regex(TIME, "events.form.errors.endTime"),
  onlineUrl: optionalText(EVENT_LIMITS.url, "link"),
  place: optionalText(EVENT_LIMITS.place, "place"),
  capacity: z
    .string()
    .trim()
    .max(6, errorKey("capacity"))
    .default("")
    .transform((value) => (value === "" ? null : Number(value))),
  visibility: z.enum(EVENT_VISIBILITIES, errorKey("visibility")),
  repeat: z.enum(REPEATS, "events.form.errors.repeat").default("none"),
  interval: z
    .string()
    .trim()
    .max(3, errorKey("interval"))
    .default("1")
    .transform((value) => (value === "" ? 1 : Number(value))),
  monthWeek: z.enum(["nth", "last"], "events.form.errors.repeat").default("nth"),
  until: z
    .string()
    .default("")
    .refine((value) => value === "" || DATE.test(value), errorKey("until"))
    .transform((value) => (value === "" ? null : value)),
  removeCover: z.literal("on").optional(),
  ...dayFields,
});

/** The host chosen on the new-event form: a coven's id, or "site" for a site-wide event. */
const hostSchema = z.union([z.literal("site"), idSchema], "events.form.errors.host");

export interface EventFormData {
  /** Without the cover, which the action stores after the text fields passed. */
  input: Omit<EventInput, "coverUrl">;
  removeCover: boolean;
}

function toInput(
  fields: z.output<typeof fieldsSchema>,
  context: z.RefinementCtx,
  hasCoven: boolean,
): EventFormData | null {
  const start = wallInstant(fields.startDate, fields.startTime, fields.timeZone);
  const end = wallInstant(fields.endDate, fields.endTime, fields.timeZone);
  if (!start || !end) {
    context.addIssue({
      code: "custom",
      path: [start ? "endDate" : "startDate"],
      message: start ? "events.form.errors.endDate" : "events.form.errors.startDate",
    });
    return null;
  }
  let recurrence: Recurrence | null = null;
  const startDay = weekdayOf(start, fields.timeZone);
  if (fields.repeat === "weekly") {
    const chosen = WEEKDAYS.filter((day) => fields[`day-${day}`] === "on");
    // The first meeting is always one of the series, whichever other days were ticked.
    const weekdays = chosen.includes(startDay) ? chosen : [...chosen, startDay];
    recurrence = {
      frequency: "weekly",
      interval: fields.interval,
      weekdays: WEEKDAYS.filter((day) => weekdays.includes(day)),
      until: fields.until,
    };
  } else if (fields.repeat === "monthly") {
    recurrence = {
      frequency: "monthly",
      weekday: startDay,
      week: monthWeekOf(start, fields.timeZone, fields.monthWeek === "last"),
      until: fields.until,
    };
  }
  const input = {
    title: fields.title,
    description: fields.description,
    start,
    end,
    timeZone: fields.timeZone,
    recurrence,
    onlineUrl: fields.onlineUrl,
    place: fields.place,
    capacity: fields.capacity,
    visibility: fields.visibility,
  };
  const problem = eventInputProblem({ ...input, coverUrl: null }, hasCoven);
  if (problem) {
    context.addIssue({
      code: "custom",
      path: [PROBLEM_FIELD[problem]],
      message: errorKey(problem),
    });
    return null;
  }
  return { input, removeCover: fields.removeCover === "on" };
}

/** The new-event form: the fields and the host. */
export const newEventSchema = fieldsSchema
  .extend({ host: hostSchema })
  .transform((fields, context) => {
    const result = toInput(fields, context, fields.host !== "site");
    if (!result) return z.NEVER;
    return { ...result, covenId: fields.host === "site" ? null : fields.host };
  });

/** The edit form: the host stays, so whether "coven members" is possible is known. */
export function editEventSchema(hasCoven: boolean) {
  return fieldsSchema.transform((fields, context) => toInput(fields, context, hasCoven) ?? z.NEVER);
}

/** The host's message to the attendees of one occurrence. */
export const messageSchema = z.object({
  message: z
    .string("events.message.errors.empty")
    .trim()
    .min(1, "events.message.errors.empty")
    .max(EVENT_LIMITS.message, "events.message.errors.tooLong"),
  includeWaitlist: z.literal("on").optional(),
});

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as the form's date and time fields in a zone. */
export function wallFields(instant: Date, timeZone: string): { date: string; time: string } {
  const wall = wallTimeOf(instant, timeZone);
  return {
    date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`,
    time: `${pad(wall.hour)}:${pad(wall.minute)}`,
  };
}

/** A blank form: tomorrow evening in the viewer's zone, 19:00 to 21:00. */
export function newEventValues(timeZone: string, from: Date, host: string): Record<string, string> {
  const tomorrow = wallFields(new Date(from.getTime() + 86_400_000), timeZone).date;
  return {
    timeZone,
    startDate: tomorrow,
    startTime: "19:00",
    endDate: tomorrow,
    endTime: "21:00",
    repeat: "none",
    interval: "1",
    visibility: "public",
    host,
  };
}

/** A stored event as its edit form's fields, in the event's own zone. */
export function storedEventValues(event: {
  title: string;
  description: string;
  startAt: Date;
  endAt: Date;
  timeZone: string;
  rrule: string | null;
  onlineUrl: string | null;
  place: string | null;
  capacity: number | null;
  visibility: EventVisibility;
}): Record<string, string> {
  const start = wallFields(event.startAt, event.timeZone);
  const end = wallFields(event.endAt, event.timeZone);
  const values: Record<string, string> = {
    title: event.title,
    description: event.description,
    timeZone: event.timeZone,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    onlineUrl: event.onlineUrl ?? "",
    place: event.place ?? "",
    capacity: event.capacity === null ? "" : String(event.capacity),
    visibility: event.visibility,
    repeat: "none",
    interval: "1",
  };
  const recurrence = event.rrule ? parseRRule(event.rrule, event.timeZone) : null;
  if (recurrence?.frequency === "weekly") {
    values.repeat = "weekly";
    values.interval = String(recurrence.interval);
    for (const day of recurrence.weekdays) values[`day-${day}`] = "on";
  } else if (recurrence?.frequency === "monthly") {
    values.repeat = "monthly";
    values.monthWeek = recurrence.week === -1 ? "last" : "nth";
  }
  if (recurrence?.until) values.until = recurrence.until;
  return values;
}

/** Moving one occurrence: where it starts and ends now, in the event's own zone. */
export const moveSchema = z.object({
  occurrence: z.iso.datetime({ message: "events.page.badOccurrence" }),
  startDate: z.string("events.form.errors.startDate").regex(DATE, "events.form.errors.startDate"),
  startTime: z.string("events.form.errors.startTime").regex(TIME, "events.form.errors.startTime"),
  endDate: z.string("events.form.errors.endDate").regex(DATE, "events.form.errors.endDate"),
  endTime: z.string("events.form.errors.endTime").regex(TIME, "events.form.errors.endTime"),
});
