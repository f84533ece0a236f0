import { sql } from "drizzle-orm";
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";
import type { ExperimentEventType, ExperimentStatus, ExperimentVariant } from "./policy";

/**
 * A/B tests (SPEC §3 "A/B test definition"): the nine experiments of SPEC §9, seeded by their
 * migration. The variant keys (A, B, C) are the renderings the pages know; admins edit names,
 * descriptions, weights, start date and status. `winner` is set when an admin ships a variant:
 * from then on everyone gets it.
 */
export const abTests = pgTable(
  "ab_tests",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    variants: jsonb("variants").$type<ExperimentVariant[]>().notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull().defaultNow(),
    status: text("status").$type<ExperimentStatus>().notNull().default("active"),
    winner: text("winner"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("ab_tests_status_check", sql`${t.status} in ('active', 'paused', 'completed')`)],
);

/**
 * One variant per test and person (SPEC §3 ab_test_assignments), drawn once and kept: a member
 * by account, a guest by the anonymous id cookie. A guest's rows move to the account it creates.
 */
export const abTestAssignments = pgTable(
  "ab_test_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    testId: text("test_id")
      .notNull()
      .references(() => abTests.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => user.id, { onDelete: "cascade" }),
    guestId: text("guest_id"),
    variant: text("variant").notNull(),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ab_test_assignments_user_idx").on(t.userId, t.testId),
    uniqueIndex("ab_test_assignments_guest_idx").on(t.guestId, t.testId),
    check(
      "ab_test_assignments_who_check",
      sql`${t.userId} is not null or ${t.guestId} is not null`,
    ),
  ],
);

/**
 * What happened under a variant (SPEC §3 ab_test_events): an impression (once per browser
 * session), a click on the tested element, a sign-up (the conversion) or a premium purchase.
 */
export const abTestEvents = pgTable(
  "ab_test_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    testId: text("test_id")
      .notNull()
      .references(() => abTests.id, { onDelete: "cascade" }),
    variant: text("variant").notNull(),
    eventType: text("event_type").$type<ExperimentEventType>().notNull(),
    userId: uuid("user_id").references(() => user.id, { onDelete: "cascade" }),
    guestId: text("guest_id"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ab_test_events_test_idx").on(t.testId, t.eventType, t.variant),
    index("ab_test_events_user_idx").on(t.userId, t.createdAt.desc()),
    index("ab_test_events_guest_idx").on(t.guestId, t.createdAt.desc()),
    check(
      "ab_test_events_type_check",
      sql`${t.eventType} in ('view', 'click', 'conversion', 'purchase')`,
    ),
  ],
);
