import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * SPEC §3 names three tables of the same shape (id, name, description, positive_powers); they
 * are made by one function so they stay the same shape. `created_at` orders the rotation of the
 * spirit of the day (see spirits.server.ts `spiritOfTheDay`).
 */
function spiritTable<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      id: uuid("id").primaryKey().defaultRandom(),
      name: text("name").notNull().unique(),
      description: text("description").notNull().default(""),
      positivePowers: text("positive_powers")
        .array()
        .notNull()
        .default(sql`'{}'::text[]`),
      createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      index(`${name}_order_idx`).on(t.createdAt, t.id),
      index(`${name}_name_trgm_idx`).using("gin", sql`${t.name} gin_trgm_ops`),
    ],
  );
}

export const dailyDemons = spiritTable("daily_demons");
export const dailyAngels = spiritTable("daily_angels");
export const dailyElenthosSpirits = spiritTable("daily_elenthos_spirits");
