import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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
    /** Who bills this membership (stripe | builtin); null for free members and manual grants. */
    provider: text("provider").$type<"stripe" | "builtin">(),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    /** End of the paid period: renewals extend it; a cancelled membership keeps access until it. */
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currency: text("currency"),
    /** When the provider state last applied was observed: an older snapshot never overwrites it. */
    billingSyncedAt: timestamp("billing_synced_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscribers_tier_idx").on(t.subscriptionTier),
    index("subscribers_status_idx").on(t.subscriptionStatus),
    uniqueIndex("subscribers_provider_subscription_idx").on(t.provider, t.providerSubscriptionId),
    index("subscribers_period_end_idx").on(t.currentPeriodEnd),
  ],
);
