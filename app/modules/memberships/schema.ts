import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";

import type { Tier } from "./tiers";

export { TIERS, type Tier } from "./tiers";

/** One row per member (SPEC §3, §4): the membership tier and its billing state. */
export const subscribers = pgTable(
  "subscribers",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    subscribed: boolean("subscribed").notNull().default(false),
    subscriptionTier: text("subscription_tier").$type<Tier>().notNull().default("free"),
    subscriptionStatus: text("subscription_status").notNull().default("active"),
    monthlyPrice: integer("monthly_price").notNull().default(0),
    subscriptionStart: timestamp("subscription_start", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("subscribers_tier_idx").on(t.subscriptionTier)],
);
