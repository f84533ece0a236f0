import { asc, desc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import { csvLines } from "#app/lib/csv";
import type { Page } from "#app/lib/pagination";
import { profiles } from "#app/modules/profiles/schema";
import { importErrors, importJobs } from "./schema";
import type { ImportJobView } from "./types";

export const IMPORT_JOBS_PAGE_SIZE = 20;

const columns = {
  id: importJobs.id,
  fileName: importJobs.fileName,
  status: importJobs.status,
  totalRows: importJobs.totalRows,
  processedRows: importJobs.processedRows,
  failedRows: importJobs.failedRows,
  createdRows: importJobs.createdRows,
  updatedRows: importJobs.updatedRows,
  createdAt: importJobs.createdAt,
  completedAt: importJobs.completedAt,
  createdByName: profiles.displayName,
};

type JobRow = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] };

function view(row: JobRow): ImportJobView {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    totalRows: row.totalRows,
    totalProcessed: row.processedRows,
    totalFailed: row.failedRows,
    created: row.createdRows,
    updated: row.updatedRows,
    isComplete: row.status === "complete",
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    createdByName: row.createdByName ?? null,
  };
}

export async function importJob(id: string): Promise<ImportJobView | undefined> {
  const [row] = await db()
    .select(columns)
    .from(importJobs)
    .leftJoin(profiles, eq(profiles.userId, importJobs.createdBy))
    .where(eq(importJobs.id, id))
    .limit(1);
  return row ? view(row as JobRow) : undefined;
}

/** The imports, newest first. */
export async function listImportJobs(page: number): Promise<Page<ImportJobView>> {
  const found = await paginate(
    db()
      .select({ ...columns, total: totalRows() })
      .from(importJobs)
      .leftJoin(profiles, eq(profiles.userId, importJobs.createdBy))
      .orderBy(desc(importJobs.createdAt), desc(importJobs.id)),
    { page, perPage: IMPORT_JOBS_PAGE_SIZE },
  );
  return { ...found, rows: found.rows.map((row) => view(row as JobRow)) };
}

/**
 * The error report: one line per row not imported (its spreadsheet row, the address as written,
 * the reason in `t`'s language), through the analytics export's spreadsheet-safe cells.
 */
export async function importErrorsCsv(
  jobId: string,
  t: (key: string, values?: object) => string,
): Promise<string> {
  const rows = await db()
    .select()
    .from(importErrors)
    .where(eq(importErrors.jobId, jobId))
    .orderBy(asc(importErrors.line));
  return csvLines([
    [t("admin.import.report.row"), t("admin.import.report.email"), t("admin.import.report.reason")],
    ...rows.map((row) => [
      row.line,
      row.email,
      t(`admin.import.reasons.${row.reason}`, { row: row.detail }),
    ]),
  ]);
}
