import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";

/** Informational pages (about, privacy, terms …): Markdown edited by admins. */
export const pages = pgTable("pages", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by").references(() => user.id, { onDelete: "set null" }),
});
