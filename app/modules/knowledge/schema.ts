import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tsvector } from "#app/db/tsvector";

/** Who may read a chunk: everyone, signed-in members, or premium members and admins. */
export type KnowledgeAccess = "public" | "members" | "premium";

/**
 * The knowledge index (docs/ARCHITECTURE.md "Knowledge index", decision 060): the site's readable
 * content cut into passages, each carrying its document's title, where it lives and who may read
 * it. Written only by the indexer (indexer.server.ts) from the source adapters (sources.server.ts).
 */
export const knowledgeChunks = pgTable(
  "knowledge_chunks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The adapter that wrote it: page, post, article … */
    sourceKind: text("source_kind").notNull(),
    /** The document within the source (a page slug, a post or article id). */
    sourceId: text("source_id").notNull(),
    /** Position of the chunk in its document. */
    position: integer("position").notNull(),
    url: text("url").notNull(),
    title: text("title").notNull(),
    /** The section heading the chunk sits under, empty for the lead. */
    heading: text("heading").notNull().default(""),
    /** Plain text of the passage (no Markdown). */
    body: text("body").notNull(),
    access: text("access").$type<KnowledgeAccess>().notNull(),
    /** The content's language when the source knows it; null when not. */
    language: text("language"),
    /** When the source document last changed (what the refresh compares). */
    sourceUpdatedAt: timestamp("source_updated_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', "title" || ' ' || "heading"), 'A') || setweight(to_tsvector('simple', "body"), 'B')`,
    ),
  },
  (t) => [
    index("knowledge_chunks_source_idx").on(t.sourceKind, t.sourceId),
    index("knowledge_chunks_search_idx").using("gin", t.search),
    // Trigram candidates match titles and headings only (retrieve.server.ts MATCH_CAP).
    index("knowledge_chunks_named_trgm_idx").using(
      "gin",
      sql`(${t.title} || ' ' || ${t.heading}) gin_trgm_ops`,
    ),
  ],
);

/** Runs of the full rebuild task: progress the admin screen polls, and the last errors. */
export const knowledgeRuns = pgTable("knowledge_runs", {
  id: uuid("id").primaryKey().defaultRandom(),
  status: text("status").$type<"queued" | "running" | "done" | "failed">().notNull(),
  /** Documents to index and documents done. */
  total: integer("total").notNull().default(0),
  done: integer("done").notNull().default(0),
  chunks: integer("chunks").notNull().default(0),
  errors: jsonb("errors")
    .$type<Array<{ source: string; id: string; message: string }>>()
    .notNull()
    .default([]),
  requestedBy: uuid("requested_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});
