import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";

/**
 * Every XP and reputation award, with what earned it. The unique key makes an award idempotent
 * (reacting, un-reacting and reacting again earns once), and the ledger explains a member's score.
 */
export const reputationEvents = pgTable(
  "reputation_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    sourceId: text("source_id").notNull(),
    xp: integer("xp").notNull(),
    reputation: integer("reputation").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reputation_events_once_idx").on(t.userId, t.kind, t.sourceId),
    index("reputation_events_user_idx").on(t.userId, t.createdAt),
  ],
);
