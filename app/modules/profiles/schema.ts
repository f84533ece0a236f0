import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";
import { SEARCHED_NAME_LENGTH } from "#app/modules/search";

import type { MysticalRank, Role } from "./ranks";

export { MYSTICAL_RANKS, ROLES, type MysticalRank, type Role } from "./ranks";

export const profiles = pgTable(
  "profiles",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    slug: text("slug").notNull().unique(),
    avatarUrl: text("avatar_url"),
    bio: text("bio").notNull().default(""),
    mysticalRank: text("mystical_rank").$type<MysticalRank>().notNull().default("initiate"),
    xpPoints: integer("xp_points").notNull().default(0),
    reputation: integer("reputation").notNull().default(0),
    mysticalBadges: jsonb("mystical_badges")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** null for members; admin or super_admin for the people who run the community. */
    role: text("role").$type<Role>(),
    /** The language the member chose in settings; null follows the browser. */
    language: text("language"),
    /** Whether a new notification plays a short sound on this member's open pages. */
    notificationSound: boolean("notification_sound").notNull().default(true),
    /** Whether announcements (admin broadcasts) also come by e-mail; their unsubscribe link clears it. */
    broadcastEmails: boolean("broadcast_emails").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("profiles_reputation_idx").on(t.reputation),
    index("profiles_display_name_lower_idx").on(sql`lower(${t.displayName})`),
    index("profiles_display_name_trgm_idx").using("gin", sql`${t.displayName} gin_trgm_ops`),
    // Member search compares only the start of a name (search/limits.ts), through this index.
    index("profiles_display_name_prefix_trgm_idx").using(
      "gin",
      sql`left(${t.displayName}, ${sql.raw(String(SEARCHED_NAME_LENGTH))}) gin_trgm_ops`,
    ),
  ],
);
