import { z } from "zod";
import { idSchema } from "#app/lib/ids";
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

/** The article form of `/content-management/new` and `/content-management/:id`. */
export const articleFieldsSchema = z.object({
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
  publishAt: publishAtSchema,
  timeZoneOffset: z.coerce.number().int().min(-900).max(900).catch(0),
});
export type ArticleFields = z.output<typeof articleFieldsSchema>;

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
  ],
  "errors.badRequest",
);
export type ReaderAction = z.output<typeof readerActionSchema>;

/** Admin list filters: `?type=&status=&page=`. */
export const adminFiltersSchema = z.object({
  type: articleTypeSchema.optional().catch(undefined),
  status: z.enum(["draft", "scheduled", "published"]).optional().catch(undefined),
});
