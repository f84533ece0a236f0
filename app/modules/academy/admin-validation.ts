import { z } from "zod";
import { idSchema } from "#app/lib/ids";
import { COURSE_LEVELS, type CourseLevel } from "./policy";

/** Lengths of what admins write in /admin/academy; the forms and the server use the same numbers. */
export const COURSE_LIMITS = {
  titleMax: 120,
  summaryMax: 300,
  descriptionMax: 20_000,
  minutesMax: 10_000,
  /** The cover image as uploaded; it is stored re-encoded at COURSE_COVER's size. */
  coverBytes: 4 * 1024 * 1024,
} as const;

/** A course cover as stored and shown: 16:9, wide enough for the course page on a large screen. */
export const COURSE_COVER = { width: 1200, height: 675 } as const;

/** A checkbox: sent as "on" when ticked, absent otherwise. */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

/** The course form of `/admin/academy/courses/new` and `/admin/academy/courses/:id`. */
export const courseFieldsSchema = z.object({
  title: z
    .string("academy.admin.errors.titleRequired")
    .trim()
    .min(1, "academy.admin.errors.titleRequired")
    .max(COURSE_LIMITS.titleMax, "academy.admin.errors.titleTooLong"),
  summary: z
    .string()
    .trim()
    .max(COURSE_LIMITS.summaryMax, "academy.admin.errors.summaryTooLong")
    .default(""),
  description: z
    .string()
    .trim()
    .max(COURSE_LIMITS.descriptionMax, "academy.admin.errors.descriptionTooLong")
    .default(""),
  level: z.enum(COURSE_LEVELS as [CourseLevel, ...CourseLevel[]], "academy.admin.errors.level"),
  categoryId: z
    .string()
    .default("")
    .refine((value) => value === "" || idSchema.safeParse(value).success, {
      message: "academy.admin.errors.category",
    })
    .transform((value) => value || null),
  isPremium: checkbox,
  /** Ticked on the edit page: the current cover goes (a newly chosen file wins over it). */
  removeCover: checkbox,
  estimatedMinutes: z.coerce
    .number("academy.admin.errors.minutes")
    .int("academy.admin.errors.minutes")
    .min(0, "academy.admin.errors.minutes")
    .max(COURSE_LIMITS.minutesMax, "academy.admin.errors.minutes"),
});

export type CourseFields = z.output<typeof courseFieldsSchema>;
