import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One row per (event, subscriber) that has run to completion. The subscriber's effect and this
 * row commit in one transaction, so a job that pg-boss runs again (a retry after a crash, or after
 * the completion itself failed) finds the row and does nothing: each effect happens once.
 */
export const handledEvents = pgTable(
  "handled_events",
  {
    eventId: uuid("event_id").notNull(),
    subscriber: text("subscriber").notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);
