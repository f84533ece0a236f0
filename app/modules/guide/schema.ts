import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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
    /** The newest message's time: what the retention period and the admin list count from. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the FAQ learning job last read it; it reads again only after a newer message. */
    faqScannedAt: timestamp("faq_scanned_at", { withTimezone: true }),
  },
  (t) => [
    index("chat_conversations_last_message_idx").on(t.lastMessageAt),
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
    /** A bot reply: the guide found nothing on the site to answer with. */
    unanswered: boolean("unanswered").notNull().default(false),
    /** A bot reply: the visitor's thumbs up (1) or down (-1); null when not rated. */
    rating: integer("rating"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_messages_conversation_idx").on(t.conversationId, t.createdAt)],
);

export type ChatFaqStatus = "candidate" | "approved" | "rejected" | "merged";

/**
 * SPEC §3 chat_faq: a question visitors asked with the guide's answer, learned from the
 * conversations (faq.server.ts, SPEC §5) and unapproved until an admin approves it on
 * /admin/chat-learning; approved entries are public at /faq/{slug}. Near-duplicate questions
 * share one entry (`normalized` + trigram similarity); how often it was asked is its asks.
 */
export const chatFaq = pgTable(
  "chat_faq",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    conversationId: uuid("conversation_id").references(() => chatConversations.id, {
      onDelete: "set null",
    }),
    isApproved: boolean("is_approved").notNull().default(false),
    status: text("status").$type<ChatFaqStatus>().notNull().default("candidate"),
    /** The question lower-cased, without punctuation and extra spaces: what grouping compares. */
    normalized: text("normalized").notNull(),
    /** Set on approval; the address /faq/{slug} keeps it after edits. */
    slug: text("slug"),
    /** A merged entry: the one it was merged into. */
    mergedIntoId: uuid("merged_into_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chat_faq_slug_idx").on(t.slug),
    index("chat_faq_status_idx").on(t.status),
    index("chat_faq_normalized_trgm_idx").using("gin", sql`${t.normalized} gin_trgm_ops`),
  ],
);

/**
 * Each visitor question counted towards an FAQ entry, once per message (the job may read a
 * conversation again). No reference to the message: the count outlives the retention period.
 */
export const chatFaqAsks = pgTable(
  "chat_faq_asks",
  {
    messageId: uuid("message_id").primaryKey(),
    faqId: uuid("faq_id")
      .notNull()
      .references(() => chatFaq.id, { onDelete: "cascade" }),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_faq_asks_faq_idx").on(t.faqId)],
);
