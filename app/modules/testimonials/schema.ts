import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";
import type { TestimonialStatus } from "./policy";

/**
 * Testimonials (SPEC §2 /testimonials): written by members, shown once an admin approved them.
 * The author's name is read from the profile when shown (`show_name`), so a renamed member's
 * testimonial follows; without it the page says "A member". One pending testimonial per member.
 */
export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    showName: boolean("show_name").notNull().default(true),
    status: text("status").$type<TestimonialStatus>().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("testimonials_status_idx").on(t.status, t.decidedAt.desc(), t.id),
    index("testimonials_user_idx").on(t.userId),
    uniqueIndex("testimonials_one_pending_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    check("testimonials_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
