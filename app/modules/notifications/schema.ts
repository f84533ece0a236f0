import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";
import type { NewNotificationContent } from "./content";

/** SPEC §3 notification types, plus the moderation outcome and mention notices of the forum. */
export const NOTIFICATION_TYPES = [
  "new_post",
  "new_reply",
  "new_user",
  "new_coven",
  "new_event",
  "new_video",
  "achievement",
  "mention",
  "accepted_answer",
  "moderation",
  "message",
  "ritual_request",
  "consultation",
  "announcement",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").$type<NotificationType>().notNull(),
    /** admin: shown under the Admin tab (SPEC §4); community: under Community. */
    audience: text("audience").$type<"admin" | "community">().notNull().default("community"),
    /**
     * What the notification says, as a kind and its values (content.ts), rendered in the reader's
     * language when read (decision 020).
     */
    params: jsonb("params").$type<NewNotificationContent>(),
    /** Rows written before `params`: their text, in the language of the day (SPEC §3 title). */
    title: text("title"),
    /** Rows written before `params`: sanitized HTML (SPEC §5 allow-list), sanitized again when shown. */
    message: text("message"),
    isRead: boolean("is_read").notNull().default(false),
    actionUrl: text("action_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_unread_idx").on(t.userId, t.isRead),
  ],
);
