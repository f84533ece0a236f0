import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";

/** pending until every staged row is handled, then complete (SPEC §4 "Import job"). */
export const IMPORT_STATUSES = ["pending", "complete"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * One uploaded member file (SPEC §3 `import_jobs`). `processed_rows` is the cursor: rows up to
 * that number are handled, and it moves in the same transaction as their effects, so a job run
 * again continues where the last committed batch ended.
 */
export const importJobs = pgTable(
  "import_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status").$type<ImportStatus>().notNull().default("pending"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    totalRows: integer("total_rows").notNull(),
    processedRows: integer("processed_rows").notNull().default(0),
    failedRows: integer("failed_rows").notNull().default(0),
    createdRows: integer("created_rows").notNull().default(0),
    updatedRows: integer("updated_rows").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a run last worked on it or was sent for it: an admin page re-sends a stalled job. */
    touchedAt: timestamp("touched_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("import_jobs_status_created_idx").on(t.status, sql`${t.createdAt} desc`)],
);

/**
 * The file's data rows as mapped at upload, numbered 1… in file order (`line` is the spreadsheet
 * row, the header being row 1). Empty cells are empty strings; checking happens per batch.
 */
export const importRows = pgTable(
  "import_rows",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => importJobs.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    line: integer("line").notNull(),
    email: text("email").notNull(),
    /** The address as compared: trimmed and lower-cased, to find a row repeating an earlier one. */
    emailKey: text("email_key").notNull(),
    displayName: text("display_name").notNull(),
    tier: text("tier").notNull(),
    language: text("language").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.position] }),
    index("import_rows_job_email_idx").on(t.jobId, t.emailKey, t.position),
  ],
);

/** Rows that were not imported and why (a translation key and its values). */
export const importErrors = pgTable(
  "import_errors",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => importJobs.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    email: text("email").notNull(),
    reason: text("reason").notNull(),
    /** Values of the reason's text, e.g. the row a duplicate repeats. */
    detail: text("detail").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.line] })],
);
