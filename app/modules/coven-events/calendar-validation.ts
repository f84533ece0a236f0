import { z } from "zod";
import { isTimeZone } from "#app/modules/calendar";

/**
 * The forms of the settings' calendar section, one per button (`intent`): a new feed address,
 * reminders on or off, a time zone picked from the IANA list, or the browser's zone again.
 */
export const calendarSettingsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("calendar-regenerate") }),
  z.object({
    intent: z.literal("calendar-reminders"),
    /** A checkbox: present ("on") when ticked. */
    reminders: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  }),
  z.object({
    intent: z.literal("calendar-zone"),
    timeZone: z
      .string()
      .trim()
      .max(64, "settings.calendar.errors.zone")
      .refine(isTimeZone, "settings.calendar.errors.zone"),
  }),
  z.object({ intent: z.literal("calendar-zone-auto") }),
]);

export type CalendarSettingsInput = z.output<typeof calendarSettingsSchema>;

/** The intents of the calendar section (the profile form posts none). */
export const CALENDAR_INTENTS = [
  "calendar-regenerate",
  "calendar-reminders",
  "calendar-zone",
  "calendar-zone-auto",
] as const;
