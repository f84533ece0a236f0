import { sql } from "drizzle-orm";
import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tsvector } from "#app/db/tsvector";
import { user } from "#app/modules/auth/schema";
import type { LandingContent } from "./landing";

/**
 * Pages edited by admins. `info` (about, privacy, terms …): Markdown in `body`. `landing`
 * (/free-courses, /sacred-oils …): the hero, sections and calls to action in `landing`, with
 * `body` holding their text for the search index (decision 047).
 */
export const pages = pgTable("pages", {
  slug: text("slug").primaryKey(),
  kind: text("kind").$type<"info" | "landing">().notNull().default("info"),
  title: text("title").notNull(),
  body: text("body").notNull(),
  landing: jsonb("landing").$type<LandingContent>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by").references(() => user.id, { onDelete: "set null" }),
  /**
   * Title and body as the site search's document (search/kinds/pages.server.ts), kept by the
   * database: a page's body is long, and parsing every page again on each search cost more than
   * the search of 100,000 posts' titles. A handful of rows: no index.
   */
  search: tsvector("search").generatedAlwaysAs(
    sql`to_tsvector('simple', "title" || ' ' || "body")`,
  ),
});
