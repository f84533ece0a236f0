import { and, desc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import { db, type Db } from "#app/db/client.server";
import { logger } from "#app/lib/logger.server";
import { jobs, queueTask } from "#app/modules/events/index.server";
import { processImportBatch } from "./process.server";
import { importJobs } from "./schema";

export const IMPORT_QUEUE = "member-import.process";
/** Batches one run handles before it hands over to a new job (SPEC §9: at most 100). */
export const BATCHES_PER_RUN = 100;
/** The pause between batches (SPEC §9: 1 s), leaving the database to the members in between. */
export const BATCH_PAUSE_MS = 1000;
/** A pending job no run has touched for this long is sent again from an admin page. */
export const STALLED_AFTER_MS = 60_000;

const importJobData = z.object({ jobId: z.uuid() });

/** Sends the job that works an import, in the caller's transaction. */
export async function queueImportRun(tx: Db, jobId: string): Promise<void> {
  await queueTask(tx, IMPORT_QUEUE, { jobId });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One run: up to `maxBatches` batches with a pause between them, stopping when the job is
 * complete; a job not yet complete after them is handed to a new run.
 */
export async function runImport(
  jobId: string,
  options: { maxBatches?: number; pauseMs?: number } = {},
): Promise<{ totalProcessed: number; totalFailed: number; isComplete: boolean }> {
  const maxBatches = options.maxBatches ?? BATCHES_PER_RUN;
  const pauseMs = options.pauseMs ?? BATCH_PAUSE_MS;
  let progress = await processImportBatch(jobId);
  for (let batch = 1; batch < maxBatches && !progress.isComplete; batch++) {
    if (pauseMs > 0) await pause(pauseMs);
    progress = await processImportBatch(jobId);
  }
  if (!progress.isComplete) await jobs().send(IMPORT_QUEUE, { jobId });
  return progress;
}

export const importTask = {
  queue: IMPORT_QUEUE,
  retry: { limit: 5, delaySeconds: 5, maxDelaySeconds: 120 },
  async run(data: unknown) {
    const parsed = importJobData.safeParse(data);
    if (!parsed.success) {
      logger.error({ data }, "member import job without a job id");
      return;
    }
    await runImport(parsed.data.jobId);
  },
};

/**
 * SPEC §9: an admin page starts the newest pending import. Here the job queue works imports, so
 * an admin page only re-sends one whose runs have stopped (a worker that died past its retries):
 * the newest pending job untouched for a minute, claimed by moving its `touched_at` so that
 * simultaneous admin pages send it once.
 */
export async function resumeStalledImport(): Promise<void> {
  const [job] = await db()
    .select({ id: importJobs.id, touchedAt: importJobs.touchedAt })
    .from(importJobs)
    .where(eq(importJobs.status, "pending"))
    .orderBy(desc(importJobs.createdAt))
    .limit(1);
  if (!job || Date.now() - job.touchedAt.getTime() < STALLED_AFTER_MS) return;
  await db().transaction(async (tx) => {
    const claimed = await tx
      .update(importJobs)
      .set({ touchedAt: new Date() })
      .where(
        and(
          eq(importJobs.id, job.id),
          eq(importJobs.status, "pending"),
          lt(importJobs.touchedAt, new Date(Date.now() - STALLED_AFTER_MS)),
        ),
      )
      .returning({ id: importJobs.id });
    if (claimed.length > 0) await queueImportRun(tx as unknown as Db, job.id);
  });
  logger.info({ jobId: job.id }, "a stalled member import was sent again");
}
