import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";

/** A booking's state: `booked`, `cancelled` by the member (frees the slot and the month), or `discarded` by an admin (frees the slot, the month stays used). */
export type ConsultationStatus = "booked" | "cancelled" | "discarded";

/**
 * The master's published availability (admin-managed): one slot, one booking. An unpublished
 * slot is not offered; a booking on it stays. One slot per start time.
 */
export const consultationSlots = pgTable(
  "consultation_slots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    published: boolean("published").notNull().default(true),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("consultation_slots_start_idx").on(t.startsAt),
    check("consultation_slots_duration_check", sql`${t.durationMinutes} between 15 and 240`),
  ],
);

/**
 * A member's consultation (decision 058). `month` is the UTC calendar month of the slot's start
 * ("2026-12"). Two partial unique indexes decide every race in the booking transaction: one
 * consultation per member and month unless cancelled (a discarded one still counts), and one
 * live booking per slot.
 */
export const consultations = pgTable(
  "consultations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    slotId: uuid("slot_id")
      .notNull()
      .references(() => consultationSlots.id, { onDelete: "restrict" }),
    month: text("month").notNull(),
    status: text("status").$type<ConsultationStatus>().notNull().default("booked"),
    rulesAcceptedAt: timestamp("rules_accepted_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    discardedAt: timestamp("discarded_at", { withTimezone: true }),
    discardedBy: uuid("discarded_by").references(() => user.id, { onDelete: "set null" }),
    discardReason: text("discard_reason"),
  },
  (t) => [
    uniqueIndex("consultations_one_per_month_idx")
      .on(t.userId, t.month)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex("consultations_one_per_slot_idx")
      .on(t.slotId)
      .where(sql`${t.status} = 'booked'`),
    index("consultations_user_idx").on(t.userId, t.createdAt.desc()),
    index("consultations_created_idx").on(t.createdAt.desc()),
    check("consultations_status_check", sql`${t.status} in ('booked', 'cancelled', 'discarded')`),
    check("consultations_month_check", sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);
