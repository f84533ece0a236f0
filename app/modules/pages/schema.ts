import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
});
