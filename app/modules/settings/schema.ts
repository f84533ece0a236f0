import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Key/value site settings (SPEC §3). Only rows with is_public true ever reach a browser. */
export const siteSettings = pgTable("site_settings", {
  settingKey: text("setting_key").primaryKey(),
  settingValue: text("setting_value").notNull(),
  isPublic: boolean("is_public").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
