import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";

/** Search terms and result clicks ('query -> title (type)'), with the client address hashed. */
export const searchLog = pgTable(
  "search_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    term: text("term").notNull(),
    /** search: a submitted term; click: a chosen result, written as 'query -> title (type)'. */
    kind: text("kind").$type<"search" | "click">().notNull().default("search"),
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    ipHash: text("ip_hash"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("search_log_created_idx").on(t.createdAt)],
);
