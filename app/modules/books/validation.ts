import { z } from "zod";
import { idSchema } from "#app/lib/ids";
import { splitTags } from "#app/lib/tags";
import { isLocale } from "#app/i18n/locales";
import { BOOK_LIMITS, BOOK_STATUSES } from "./types";

/*
 * Book Forge's forms. The same limits hold for every way in (the editor's autosave fetches, the
 * details form, tests and seeds call the commands with parsed input).
 */

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

export const newBookSchema = z.object({
  title: text(BOOK_LIMITS.titleMax, "books.errors.titleTooLong").min(
    1,
    "books.errors.titleRequired",
  ),
});

/** A price typed as a decimal in the site currency ("12.50"); converted to minor units on the server. */
const priceSchema = z
  .string()
  .trim()
  .transform((value) => (value === "" ? "0" : value))
  .pipe(z.string().regex(/^\d{1,4}([.,]\d{1,2})?$/, "books.errors.priceInvalid"));

export const bookDetailsSchema = z.object({
  title: text(BOOK_LIMITS.titleMax, "books.errors.titleTooLong").min(
    1,
    "books.errors.titleRequired",
  ),
  subtitle: text(BOOK_LIMITS.subtitleMax, "books.errors.subtitleTooLong").default(""),
  description: text(BOOK_LIMITS.descriptionMax, "books.errors.descriptionTooLong").default(""),
  language: z.string().refine(isLocale, "books.errors.languageInvalid"),
  category: text(BOOK_LIMITS.categoryMax, "books.errors.categoryTooLong").default(""),
  tags: z
    .string()
    .default("")
    .transform(splitTags)
    .pipe(
      z
        .array(z.string().max(BOOK_LIMITS.tagMax, "books.errors.tagTooLong"))
        .max(BOOK_LIMITS.tagsMax, "books.errors.tooManyTags"),
    ),
  price: priceSchema,
  status: z.enum(BOOK_STATUSES, "books.errors.statusInvalid"),
  includedWithMembership: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
  /** Co-authors by their profile address (`/profile/{slug}`), comma separated. */
  coAuthors: z
    .string()
    .default("")
    .transform((raw) => [
      ...new Set(
        raw
          .split(",")
          .map((slug) => slug.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z.array(z.string().max(80)).max(BOOK_LIMITS.coAuthorsMax, "books.errors.tooManyCoAuthors"),
    ),
  removeCover: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});
export type BookDetails = z.output<typeof bookDetailsSchema>;

const chapterTitle = text(BOOK_LIMITS.chapterTitleMax, "books.errors.chapterTitleTooLong").min(
  1,
  "books.errors.chapterTitleRequired",
);

export const addChapterSchema = z.object({ title: chapterTitle });
export const renameChapterSchema = z.object({ chapterId: idSchema, title: chapterTitle });
export const moveChapterSchema = z.object({
  chapterId: idSchema,
  direction: z.enum(["up", "down"], "books.errors.directionInvalid"),
});
export const chapterIdSchema = z.object({ chapterId: idSchema });

/** An autosave: the text and the version it was based on (a stale one is refused with 409). */
export const saveChapterSchema = z.object({
  chapterId: idSchema,
  body: z.string().max(BOOK_LIMITS.chapterBodyMax, "books.errors.chapterTooLong"),
  baseVersion: z.coerce
    .number("books.errors.versionInvalid")
    .int("books.errors.versionInvalid")
    .min(1, "books.errors.versionInvalid")
    .max(2_000_000_000, "books.errors.versionInvalid"),
});

export const restoreRevisionSchema = z.object({ chapterId: idSchema, revisionId: idSchema });

/** An admin hides a book: which one and why (its authors read the reason). */
export const hideBookSchema = z.object({
  bookId: idSchema,
  reason: text(BOOK_LIMITS.hiddenReasonMax, "books.admin.reasonTooLong").min(
    1,
    "books.admin.reasonRequired",
  ),
});

export const bookIdSchema = z.object({ bookId: idSchema });

/** A reader's review: 1–5 stars and its text (the book page's form; tests call the command with it). */
export const bookReviewSchema = z.object({
  rating: z.coerce
    .number("books.reviews.errors.ratingInvalid")
    .int("books.reviews.errors.ratingInvalid")
    .min(1, "books.reviews.errors.ratingInvalid")
    .max(5, "books.reviews.errors.ratingInvalid"),
  body: z
    .string("books.reviews.errors.bodyTooShort")
    .trim()
    .min(BOOK_LIMITS.reviewMin, "books.reviews.errors.bodyTooShort")
    .max(BOOK_LIMITS.reviewMax, "books.reviews.errors.bodyTooLong"),
});
export type BookReviewInput = z.infer<typeof bookReviewSchema>;
