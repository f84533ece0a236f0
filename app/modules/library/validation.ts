import { z } from "zod";
import { idSchema } from "#app/lib/ids";
import { PRACTICE_LIMITS, materialList, stepsFromForm } from "./practice";
import { ARTICLE_LIMITS, ARTICLE_TYPES, type ArticleType } from "./types";

/** A checkbox: sent as "on" when ticked, absent otherwise. */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

const optionalId = (message: string) =>
  z
    .string()
    .default("")
    .refine((value) => value === "" || idSchema.safeParse(value).success, { message })
    .transform((value) => value || null);

export const articleTypeSchema = z.enum(
  ARTICLE_TYPES as unknown as [ArticleType, ...ArticleType[]],
  "library.errors.type",
);

/**
 * "When to publish" as the editor's `datetime-local` field sends it, read in the admin's time
 * zone (`timeZoneOffset`, minutes as `Date#getTimezoneOffset` gives them); empty = now.
 */
const publishAtSchema = z
  .string()
  .trim()
  .max(40, "library.errors.publishAt")
  .default("")
  .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value), {
    message: "library.errors.publishAt",
  });

const stepSchema = z.object({
  title: z
    .string("library.errors.stepTitleRequired")
    .trim()
    .min(1, "library.errors.stepTitleRequired")
    .max(PRACTICE_LIMITS.stepTitle, "library.errors.stepTitleTooLong"),
  text: z
    .string()
    .trim()
    .max(PRACTICE_LIMITS.stepText, "library.errors.stepTextTooLong")
    .default(""),
  minutes: z.coerce
    .number("library.errors.stepMinutes")
    .int("library.errors.stepMinutes")
    .min(0, "library.errors.stepMinutes")
    .max(PRACTICE_LIMITS.stepMinutes, "library.errors.stepMinutes")
    .default(0),
});

/** A practice's parts (`practice.ts`), as the editor sends them. */
export const practiceFieldsSchema = z.object({
  materials: z
    .string()
    .max(PRACTICE_LIMITS.materials, "library.errors.materialsTooLong")
    .refine((value) => materialList(value).length <= PRACTICE_LIMITS.materialLines, {
      message: "library.errors.materialsTooMany",
    })
    .transform((value) => materialList(value).join("\n"))
    .default(""),
  timing: z.string().trim().max(PRACTICE_LIMITS.timing, "library.errors.timingTooLong").default(""),
  steps: z.array(stepSchema).max(PRACTICE_LIMITS.steps, "library.errors.stepsTooMany").default([]),
});

/** The article form of `/content-management/new` and `/content-management/:id`. */
const articleObjectSchema = z.object({
  type: articleTypeSchema,
  title: z
    .string("library.errors.titleRequired")
    .trim()
    .min(1, "library.errors.titleRequired")
    .max(ARTICLE_LIMITS.title, "library.errors.titleTooLong"),
  summary: z
    .string()
    .trim()
    .max(ARTICLE_LIMITS.summary, "library.errors.summaryTooLong")
    .default(""),
  body: z.string().max(ARTICLE_LIMITS.body, "library.errors.bodyTooLong").default(""),
  categoryId: optionalId("library.errors.category"),
  isPremium: checkbox,
  removeCover: checkbox,
  publishAt: publishAtSchema,
  timeZoneOffset: z.coerce.number().int().min(-900).max(900).catch(0),
  ...practiceFieldsSchema.shape,
});

/** The steps arrive as `steps.<n>.<field>` fields; they are gathered into a list first. */
export const articleFieldsSchema = z.preprocess(
  (input) =>
    input && typeof input === "object" && !Array.isArray(input) && !("steps" in input)
      ? { ...input, steps: stepsFromForm(input as Record<string, string>) }
      : input,
  articleObjectSchema,
);
export type PracticeFields = z.output<typeof practiceFieldsSchema>;
/** An article's fields; the practice parts may be left out (a save without them keeps them). */
export type ArticleFields = Omit<
  z.output<typeof articleObjectSchema>,
  keyof PracticeFields | "removeCover"
> &
  Partial<PracticeFields> & { removeCover?: boolean };

export const chapterFieldsSchema = z.object({
  title: z
    .string("library.errors.chapterTitleRequired")
    .trim()
    .min(1, "library.errors.chapterTitleRequired")
    .max(ARTICLE_LIMITS.chapterTitle, "library.errors.chapterTitleTooLong"),
  body: z.string().max(ARTICLE_LIMITS.chapterBody, "library.errors.bodyTooLong").default(""),
});
export type ChapterFields = z.output<typeof chapterFieldsSchema>;

export const categoryFieldsSchema = z.object({
  type: articleTypeSchema,
  title: z
    .string("library.errors.categoryTitleRequired")
    .trim()
    .min(1, "library.errors.categoryTitleRequired")
    .max(ARTICLE_LIMITS.categoryTitle, "library.errors.categoryTitleTooLong"),
  description: z
    .string()
    .trim()
    .max(ARTICLE_LIMITS.categoryDescription, "library.errors.categoryDescriptionTooLong")
    .default(""),
});
export type CategoryFields = z.output<typeof categoryFieldsSchema>;

/** What a reader posts on an article page. */
export const readerActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("progress"),
      chapterId: optionalId("errors.badId"),
      position: z.coerce.number().int().min(0).max(1000).catch(0),
    }),
    z.object({ intent: z.literal("bookmark") }),
    z.object({ intent: z.literal("unbookmark") }),
    z.object({
      intent: z.literal("note"),
      note: z
        .string("library.errors.noteRequired")
        .trim()
        .min(1, "library.errors.noteRequired")
        .max(ARTICLE_LIMITS.note, "library.errors.noteTooLong"),
    }),
    z.object({ intent: z.literal("delete-note"), noteId: idSchema }),
    z.object({ intent: z.literal("session-done") }),
  ],
  "errors.badRequest",
);
export type ReaderAction = z.output<typeof readerActionSchema>;

/** Admin list filters: `?type=&status=&page=`. */
export const adminFiltersSchema = z.object({
  type: articleTypeSchema.optional().catch(undefined),
  status: z.enum(["draft", "scheduled", "published"]).optional().catch(undefined),
});
