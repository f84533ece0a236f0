import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    /**
     * Results a search found (what the page showed, after any spelling correction); null for
     * clicks, for searches logged before it was recorded and when the search was refused as busy.
     */
    resultCount: integer("result_count"),
    ipHash: text("ip_hash"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("search_log_created_idx").on(t.createdAt)],
);

/**
 * The spelling dictionary (docs/decisions/027): each distinct word of what every visitor may
 * read (titles and bodies of published posts in active categories, and the informational pages),
 * as PostgreSQL's 'simple' full-text configuration spells it, with the number of those documents
 * holding it. A misspelt search word is corrected to its nearest word here (pg_trgm similarity
 * through the trigram index) instead of being compared with every post.
 *
 * Triggers keep the counts (migration 0010_search_words_triggers), so every write path, bulk load
 * and cascade is counted; a word leaves when no readable document holds it any more, so the
 * dictionary never suggests a word from deleted, pending, rejected or hidden content.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    /** Readable documents holding the word, in the title or the body. */
    documents: integer("documents").notNull(),
    /**
     * Of those, the ones holding it where a guest may read it while reading is members-only
     * (reading/policy.ts): a post's title, anywhere in a page. Guests are corrected to these only.
     */
    guestDocuments: integer("guest_documents").notNull(),
  },
  (t) => [index("search_words_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);
