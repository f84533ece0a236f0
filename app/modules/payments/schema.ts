import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";

export type ProviderName = "stripe" | "builtin";
/** What a one-time purchase buys (decision 064). */
export type ProductKind = "book";

/**
 * Every event a payment provider sent (or the built-in provider produced), keyed by the
 * provider's event id: a replayed event finds its row and changes nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").$type<ProviderName>().notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** When the provider created the event. */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** processed | ignored | failed */
    status: text("status").$type<"processed" | "ignored" | "failed">().notNull(),
    /** What processing did, in a few words (shown on the admin Payments screen). */
    result: text("result").notNull().default(""),
  },
  (t) => [
    uniqueIndex("payment_events_provider_event_idx").on(t.provider, t.eventId),
    index("payment_events_received_idx").on(t.receivedAt),
  ],
);

/**
 * A payment: a membership's (a paid invoice) or a one-time purchase's (decision 064: `product_kind`
 * and `product_id` name what was bought, e.g. a book). The member's payment history and the
 * admin's transactions. A paid purchase row is what owning the product means; a refund ends it.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").$type<ProviderName>().notNull(),
    /** The provider's invoice (or built-in charge) id. */
    providerPaymentId: text("provider_payment_id").notNull(),
    /** What a refund is issued against (Stripe payment intent or charge). */
    providerRefundRef: text("provider_refund_ref"),
    providerSubscriptionId: text("provider_subscription_id"),
    /** A one-time purchase's product ("book") and its id; null for membership payments. */
    productKind: text("product_kind").$type<ProductKind>(),
    productId: uuid("product_id"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<"paid" | "refunded">().notNull().default("paid"),
    /** Human receipt number, R-000123. */
    receiptNumber: integer("receipt_number").generatedAlwaysAsIdentity(),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payments_provider_payment_idx").on(t.provider, t.providerPaymentId),
    index("payments_user_idx").on(t.userId, t.paidAt.desc()),
    index("payments_paid_at_idx").on(t.paidAt),
    index("payments_product_idx")
      .on(t.productKind, t.productId, t.userId)
      .where(sql`${t.productKind} is not null`),
  ],
);

/** One row per sale, for the admins' Sales badge (unseen ones) and alerts. */
export const salesNotifications = pgTable(
  "sales_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin opens the transactions screen. */
    seenAt: timestamp("seen_at", { withTimezone: true }),
  },
  (t) => [
    index("sales_notifications_unseen_idx")
      .on(t.createdAt)
      .where(sql`${t.seenAt} is null`),
  ],
);

/**
 * A checkout started by a member: /payment-success asks the provider about it by this id. A member
 * has at most one open checkout (a partial unique index): starting again returns to it or
 * replaces it, so two tabs can never hold two payable checkouts.
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").$type<ProviderName>().notNull(),
    providerSessionId: text("provider_session_id").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** open | complete | expired */
    status: text("status").$type<"open" | "complete" | "expired">().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("checkout_sessions_user_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("checkout_sessions_one_open_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * The built-in provider's own books (what Stripe keeps on its side): subscriptions it bills,
 * so the whole membership lifecycle runs offline with test cards. A member has at most one live
 * (active or past-due) subscription: the database refuses a second, so no race can charge twice.
 */
export const builtinSubscriptions = pgTable(
  "builtin_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** active | past_due | canceled */
    status: text("status").$type<"active" | "past_due" | "canceled">().notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** The last four digits of the test card, for the billing screen. */
    cardLast4: text("card_last4").notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("builtin_subscriptions_period_end_idx").on(t.currentPeriodEnd),
    uniqueIndex("builtin_subscriptions_one_live_idx")
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'past_due')`),
  ],
);

/**
 * A one-time purchase's checkout (decision 064), apart from the membership's `checkout_sessions`
 * (whose one-open-per-member rule is the membership's): the product and its price as they were
 * when the member pressed Buy. One open checkout per member and product.
 */
export const purchaseCheckouts = pgTable(
  "purchase_checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").$type<ProviderName>().notNull(),
    providerSessionId: text("provider_session_id").notNull(),
    productKind: text("product_kind").$type<ProductKind>().notNull(),
    productId: uuid("product_id").notNull(),
    productName: text("product_name").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** open | complete | expired */
    status: text("status").$type<"open" | "complete" | "expired">().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("purchase_checkouts_user_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("purchase_checkouts_one_open_idx")
      .on(t.userId, t.productKind, t.productId)
      .where(sql`${t.status} = 'open'`),
  ],
);
