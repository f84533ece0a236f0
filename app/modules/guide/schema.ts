import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";

/**
 * SPEC §3 chat_conversations: one per visitor session (and member, when signed in), created on
 * the first message ('open', channel 'web', subject 'Website Chat') and reused after.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status").$type<"open" | "active" | "closed">().notNull().default("open"),
    channel: text("channel").notNull().default("web"),
    subject: text("subject").notNull().default("Website Chat"),
    /** `{ visitor_session_id }` as SPEC names it. */
    metadata: jsonb("metadata").$type<{ visitor_session_id: string }>().notNull(),
    /** The member who chatted, when signed in; null for guests. */
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_conversations_session_idx").on(sql`(${t.metadata}->>'visitor_session_id')`),
    index("chat_conversations_created_idx").on(t.createdAt),
  ],
);

/** SPEC §3 chat_messages: sender_type user or bot (read as role user or assistant). */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    senderType: text("sender_type").$type<"user" | "bot">().notNull(),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_messages_conversation_idx").on(t.conversationId, t.createdAt)],
);
