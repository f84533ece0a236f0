/** Book Forge's fixed values (docs/ARCHITECTURE.md "Book Forge"). */

export const BOOK_STATUSES = ["draft", "published", "unlisted"] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

export function isBookStatus(value: unknown): value is BookStatus {
  return typeof value === "string" && (BOOK_STATUSES as readonly string[]).includes(value);
}

export const BOOK_LIMITS = {
  titleMax: 160,
  subtitleMax: 200,
  descriptionMax: 4000,
  categoryMax: 60,
  tagsMax: 8,
  tagMax: 30,
  slugMax: 80,
  chapterTitleMax: 160,
  /** A chapter's Markdown; a long chapter of a novel is well under this. */
  chapterBodyMax: 200_000,
  chaptersMax: 200,
  coAuthorsMax: 5,
  /** The highest price in minor units (9 999.00 of the site currency). */
  priceMax: 999_900,
  coverBytes: 5 * 1024 * 1024,
  /** Why an admin hid a book. */
  hiddenReasonMax: 500,
  /** A reader's review: a few words at least, a page at most. */
  reviewMin: 10,
  reviewMax: 2000,
} as const;

/** Reviews per page on the book page. */
export const REVIEWS_PER_PAGE = 10;

/** A book's cover is a portrait 2:3, the shape of a printed book. */
export const BOOK_COVER = { width: 800, height: 1200 } as const;

/** How long an author's autosaves keep folding into one revision before a new one starts. */
export const REVISION_WINDOW_MS = 10 * 60 * 1000;

/** The languages a book may be written in (the site's own). */
export { LOCALE_CODES as BOOK_LANGUAGES } from "#app/i18n/locales";

/** The sales page's time buckets and how far back each looks. */
export const SALES_PERIODS = ["day", "week", "month"] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];
export const SALES_BUCKETS: Record<SalesPeriod, number> = { day: 30, week: 12, month: 12 };

/** Buyers per page on the sales page. */
export const BUYERS_PER_PAGE = 20;
