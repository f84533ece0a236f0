import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  date,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { tsvector } from "#app/db/tsvector";
import { user } from "#app/modules/auth/schema";
import type { PracticeStep } from "./practice";
import type { ArticleStatus, ArticleType } from "./types";

/*
 * The practice library's content engine (issue 13 §1, docs/ARCHITECTURE.md "Practice library"):
 * grimoires, attunements, rituals and tutorials are rows of one `articles` table told apart by
 * `type`, with categories per type, ordered chapters for long works, and each member's reading
 * progress, bookmarks and private notes.
 */

/** Categories are per type: a grimoire's traditions are not a ritual's purposes. */
export const articleCategories = pgTable(
  "article_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").$type<ArticleType>().notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    displayOrder: integer("display_order").notNull().default(0),
    /**
     * A stable name for a category that has an address of its own (`demon` → `/demon-attunements`);
     * null for the rest. Renaming the title never moves the page.
     */
    key: text("key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("article_categories_type_idx").on(t.type, t.displayOrder),
    unique("article_categories_type_title_key").on(t.type, t.title),
    unique("article_categories_type_key_key").on(t.type, t.key),
  ],
);

export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").$type<ArticleType>().notNull(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    /** Markdown as written and the sanitized HTML rendered from it once, on save. */
    body: text("body").notNull().default(""),
    bodyHtml: text("body_html").notNull().default(""),
    /**
     * The part of the body everyone may read (before its second section) as HTML, and as text for
     * search: a premium article's search document is its title, summary and this excerpt only.
     */
    excerptHtml: text("excerpt_html").notNull().default(""),
    publicText: text("public_text").notNull().default(""),
    categoryId: uuid("category_id").references(() => articleCategories.id, {
      onDelete: "set null",
    }),
    coverUrl: text("cover_url"),
    /**
     * A practice's parts (rituals and attunements, `practice.ts`): what to gather (one item a
     * line), when to work, and the steps in order, each with its minutes (0 = untimed).
     */
    materials: text("materials").notNull().default(""),
    timing: text("timing").notNull().default(""),
    steps: jsonb("steps").$type<PracticeStep[]>().notNull().default([]),
    authorId: uuid("author_id").references(() => user.id, { onDelete: "set null" }),
    isPremium: boolean("is_premium").notNull().default(false),
    status: text("status").$type<ArticleStatus>().notNull().default("draft"),
    /** When a published article becomes visible; null = as soon as it is published. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    readingMinutes: integer("reading_minutes").notNull().default(1),
    /** Kept by the commands: page openings by non-admins, members who started reading. */
    views: integer("views").notNull().default(0),
    readers: integer("readers").notNull().default(0),
    search: tsvector("search").generatedAlwaysAs(
      sql`to_tsvector('simple', title || ' ' || summary || ' ' || public_text)`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Lists and category pages: live articles of a type (or a category), newest first.
    index("articles_live_idx")
      .on(t.type, t.publishedAt.desc(), t.id)
      .where(sql`${t.status} = 'published'`),
    index("articles_category_idx")
      .on(t.categoryId, t.publishedAt.desc(), t.id)
      .where(sql`${t.status} = 'published'`),
    index("articles_admin_idx").on(t.updatedAt.desc(), t.id),
    index("articles_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("articles_search_idx").using("gin", t.search),
    check("articles_status_check", sql`${t.status} in ('draft', 'published')`),
  ],
);

/** Ordered chapters of a long work; an article without chapters is its body alone. */
export const articleChapters = pgTable(
  "article_chapters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    bodyHtml: text("body_html").notNull().default(""),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Not unique: a move swaps two positions inside one transaction (the article row locked).
  (t) => [index("article_chapters_order_idx").on(t.articleId, t.position)],
);

/** Where a member stopped: the chapter and how far down it (per mille), resumed on return. */
export const articleProgress = pgTable(
  "article_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    chapterId: uuid("chapter_id").references(() => articleChapters.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index("article_progress_recent_idx").on(t.userId, t.updatedAt.desc()),
    check("article_progress_position_check", sql`${t.position} between 0 and 1000`),
  ],
);

export const articleBookmarks = pgTable(
  "article_bookmarks",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index("article_bookmarks_recent_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/** A member's private note on an article; only its author ever reads it. */
export const articleNotes = pgTable(
  "article_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("article_notes_owner_idx").on(t.userId, t.articleId, t.createdAt)],
);

/** One row per viewer per article per UTC day (`app/lib/viewer-key.server.ts`); a view counts when new. */
export const articleViews = pgTable(
  "article_views",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.day, t.viewerKey] })],
);

/**
 * A member's practice sessions: one row per practice per day in the member's time zone (marking
 * the same practice done twice on a day changes nothing). The streak counts the days.
 */
export const practiceSessions = pgTable(
  "practice_sessions",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    minutes: integer("minutes").notNull().default(0),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId, t.day] }),
    index("practice_sessions_member_day_idx").on(t.userId, t.day.desc()),
  ],
);
