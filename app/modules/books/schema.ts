import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";
import { posts } from "#app/modules/discussions/schema";
import type { BookStatus } from "./types";

/*
 * Book Forge (docs/ARCHITECTURE.md "Book Forge"): members' books, written chapter by chapter,
 * with each chapter's revisions and each reader's place. Who owns a paid book is not stored here:
 * it is a paid `payments` row naming the book (decision 064), so a refund ends access by itself.
 */

export const books = pgTable(
  "books",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    description: text("description").notNull().default(""),
    coverUrl: text("cover_url"),
    /** The language the book is written in (one of the site's), for readers and the EPUB. */
    language: text("language").notNull().default("en"),
    category: text("category").notNull().default(""),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Minor units of the site currency; 0 is a free book. */
    price: integer("price").notNull().default(0),
    status: text("status").$type<BookStatus>().notNull().default("draft"),
    /** Premium members read it without buying (the author's choice). */
    includedWithMembership: boolean("included_with_membership").notNull().default(false),
    authorId: uuid("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Set by an admin who hid the book: it leaves every list and page except its authors'. */
    hiddenReason: text("hidden_reason"),
    /** How many times the book page was opened by someone other than its authors. */
    views: integer("views").notNull().default(0),
    /** The book's discussion thread in the Books category, made when it is first published. */
    discussionPostId: uuid("discussion_post_id").references(() => posts.id, {
      onDelete: "set null",
    }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("books_author_idx").on(t.authorId, t.updatedAt.desc()),
    index("books_status_idx").on(t.status, t.publishedAt.desc()),
  ],
);

/** Members who may edit a book beside its author. */
export const bookCoAuthors = pgTable(
  "book_co_authors",
  {
    bookId: uuid("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.bookId, t.userId] }),
    index("book_co_authors_user_idx").on(t.userId),
  ],
);

export const bookChapters = pgTable(
  "book_chapters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookId: uuid("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    /** 1, 2, 3 … with no gaps: the reader's address `/book/{slug}/read/{position}`. */
    position: integer("position").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    words: integer("words").notNull().default(0),
    /** Raised by every save: a save based on an older one is refused (two tabs, two authors). */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("book_chapters_book_idx").on(t.bookId, t.position)],
);

/** A chapter's text as it was: autosaves of one author fold into the newest for a while. */
export const bookChapterRevisions = pgTable(
  "book_chapter_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chapterId: uuid("chapter_id")
      .notNull()
      .references(() => bookChapters.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    words: integer("words").notNull(),
    authorId: uuid("author_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("book_chapter_revisions_chapter_idx").on(t.chapterId, t.updatedAt.desc())],
);

/** Where a reader is in a book (the chapter last opened). */
export const bookProgress = pgTable(
  "book_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    bookId: uuid("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] })],
);

/**
 * Book-page views per book and day (UTC), for the sales page's conversion: one counter row per
 * day, raised by each view of someone other than the book's editors (and not a crawler).
 */
export const bookDailyViews = pgTable(
  "book_daily_views",
  {
    bookId: uuid("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.day] })],
);

/** An owner's review of a book: 1–5 stars and a text, one per owner, editable. */
export const bookReviews = pgTable(
  "book_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookId: uuid("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("book_reviews_book_user_idx").on(t.bookId, t.userId),
    index("book_reviews_book_idx").on(t.bookId, t.updatedAt.desc()),
    check("book_reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);
