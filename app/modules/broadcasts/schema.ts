import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { user } from "#app/modules/auth/schema";
import type { Audience, BroadcastChannels, Translations } from "./types";

/** draft: being written; sending: its job works through the deliveries; sent: every member done. */
export type BroadcastStatus = "draft" | "sending" | "sent";

/**
 * An announcement an admin sends to a chosen audience (SPEC issue 16 §4): its Markdown text, the
 * translations members in those languages receive instead, the audience and channels, and its
 * delivery figures, counted by the send job in the same transaction as each batch.
 */
export const broadcasts = pgTable(
  "broadcasts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** Per language code: the subject and body members with that language receive. */
    translations: jsonb("translations")
      .$type<Translations>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    audience: jsonb("audience").$type<Audience>().notNull(),
    channels: jsonb("channels").$type<BroadcastChannels>().notNull(),
    status: text("status").$type<BroadcastStatus>().notNull().default("draft"),
    /** Members the audience held when sending began (one delivery row each). */
    recipients: integer("recipients").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    notified: integer("notified").notNull().default(0),
    emailed: integer("emailed").notNull().default(0),
    /** Members the e-mail channel skipped: they turned announcement e-mails off. */
    optedOut: integer("opted_out").notNull().default(0),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("broadcasts_created_at_idx").on(t.createdAt.desc(), t.id),
    check("broadcasts_status_check", sql`${t.status} in ('draft', 'sending', 'sent')`),
  ],
);

/**
 * One row per member of a broadcast's audience, written when sending begins. The primary key
 * (broadcast, member) makes a second row impossible, and `delivered_at` is set in the transaction
 * that writes the member's notification and outbox e-mail: a batch either did all three or none,
 * so a job run again after a crash skips whoever it already reached.
 */
export const broadcastDeliveries = pgTable(
  "broadcast_deliveries",
  {
    broadcastId: uuid("broadcast_id")
      .notNull()
      .references(() => broadcasts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    notified: boolean("notified").notNull().default(false),
    emailed: boolean("emailed").notNull().default(false),
    optedOut: boolean("opted_out").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.broadcastId, t.userId] }),
    index("broadcast_deliveries_pending_idx")
      .on(t.broadcastId, t.userId)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
