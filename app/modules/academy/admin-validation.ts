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

/** What admins write for categories, modules and lessons (decision 053); forms and server share them. */
export const OUTLINE_LIMITS = {
  categoryTitleMax: 80,
  slugMax: 80,
  displayOrderMax: 10_000,
  categoriesMax: 200,
  moduleTitleMax: 120,
  modulesMax: 50,
  lessonTitleMax: 120,
  lessonsMax: 300,
  lessonBodyMax: 50_000,
  lessonMinutesMax: 600,
} as const;

/**
 * A slug as the address shows it: what `slugify` makes of it (lowercase letters and digits of
 * any script, joined by single hyphens). Empty means "make one from the title".
 */
const slugField = z
  .string()
  .trim()
  .max(OUTLINE_LIMITS.slugMax, "academy.outline.errors.slugTooLong")
  .refine(
    (value) =>
      value === "" || /^[\p{Ll}\p{Lo}\p{Lm}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{Lm}\p{N}]+)*$/u.test(value),
    "academy.outline.errors.slugInvalid",
  )
  .default("");

const direction = z.enum(["up", "down"], "errors.badRequest");

const categoryFields = {
  title: z
    .string("academy.outline.errors.categoryTitleRequired")
    .trim()
    .min(1, "academy.outline.errors.categoryTitleRequired")
    .max(OUTLINE_LIMITS.categoryTitleMax, "academy.outline.errors.categoryTitleTooLong"),
  slug: slugField,
  isActive: checkbox,
  displayOrder: z.coerce
    .number("academy.outline.errors.displayOrder")
    .int("academy.outline.errors.displayOrder")
    .min(0, "academy.outline.errors.displayOrder")
    .max(OUTLINE_LIMITS.displayOrderMax, "academy.outline.errors.displayOrder")
    .optional(),
};

/** Every form of `/admin/academy/categories`. */
export const categoryActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("category-create"), ...categoryFields }),
    z.object({ intent: z.literal("category-update"), categoryId: idSchema, ...categoryFields }),
    z.object({ intent: z.literal("category-move"), categoryId: idSchema, direction }),
    z.object({ intent: z.literal("category-delete"), categoryId: idSchema }),
  ],
  "errors.badRequest",
);

export type CategoryAction = z.output<typeof categoryActionSchema>;
export type CategoryFields = Omit<Extract<CategoryAction, { intent: "category-create" }>, "intent">;

const moduleTitle = z
  .string("academy.outline.errors.moduleTitleRequired")
  .trim()
  .min(1, "academy.outline.errors.moduleTitleRequired")
  .max(OUTLINE_LIMITS.moduleTitleMax, "academy.outline.errors.moduleTitleTooLong");

const lessonTitle = z
  .string("academy.outline.errors.lessonTitleRequired")
  .trim()
  .min(1, "academy.outline.errors.lessonTitleRequired")
  .max(OUTLINE_LIMITS.lessonTitleMax, "academy.outline.errors.lessonTitleTooLong");

/** Every form of a course's outline, `/admin/academy/courses/:id/outline`. */
export const outlineActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("module-create"), title: moduleTitle }),
    z.object({ intent: z.literal("module-rename"), moduleId: idSchema, title: moduleTitle }),
    z.object({ intent: z.literal("module-move"), moduleId: idSchema, direction }),
    z.object({
      intent: z.literal("module-delete"),
      moduleId: idSchema,
      /** How many lessons the admin was shown and agreed to delete with the module. */
      lessonCount: z.coerce
        .number("errors.badRequest")
        .int("errors.badRequest")
        .min(0, "errors.badRequest")
        .max(OUTLINE_LIMITS.lessonsMax, "errors.badRequest"),
    }),
    z.object({ intent: z.literal("lesson-create"), moduleId: idSchema, title: lessonTitle }),
    z.object({ intent: z.literal("lesson-move"), lessonId: idSchema, direction }),
    z.object({ intent: z.literal("lesson-module"), lessonId: idSchema, moduleId: idSchema }),
    z.object({ intent: z.literal("lesson-delete"), lessonId: idSchema }),
  ],
  "errors.badRequest",
);

export type OutlineAction = z.output<typeof outlineActionSchema>;

/** The lesson editor's form, `/admin/academy/courses/:id/lessons/:lessonId`. */
export const lessonFieldsSchema = z.object({
  title: lessonTitle,
  slug: slugField.refine((value) => value !== "", "academy.outline.errors.slugRequired"),
  body: z
    .string()
    .trim()
    .max(OUTLINE_LIMITS.lessonBodyMax, "academy.outline.errors.bodyTooLong")
    .default(""),
  estimatedMinutes: z.coerce
    .number("academy.outline.errors.lessonMinutes")
    .int("academy.outline.errors.lessonMinutes")
    .min(1, "academy.outline.errors.lessonMinutes")
    .max(OUTLINE_LIMITS.lessonMinutesMax, "academy.outline.errors.lessonMinutes"),
  requiresPrevious: checkbox,
});

export type LessonFields = z.output<typeof lessonFieldsSchema>;
