import { config, ConfigError } from "#app/lib/config.server";
import { openConfiguredDatabase } from "./database";
import { logger } from "#app/lib/logger.server";
import { startJobs, stopJobs } from "#app/modules/events/index.server";

/**
 * `npm run worker`: a process that only runs the job queue's workers (domain events' subscribers,
 * e-mail delivery, event reminders) and the cron of recurring tasks (the billing sweep) against
 * PostgreSQL, beside web processes started with WORKERS=0, which run none of it. Any number may
 * run: pg-boss hands each job to one of them and sends each cron occurrence once. SIGTERM lets a
 * running job finish; jobs still waiting stay in the database for the next worker.
 */
export async function startWorker(): Promise<void> {
  let cfg;
  try {
    cfg = config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`The Sanctuary worker cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (!cfg.DATABASE_URL) {
    console.error(
      "The Sanctuary worker cannot start. It needs DATABASE_URL (PostgreSQL): the embedded database is opened by the web process alone, which then runs the workers itself.",
    );
    process.exit(1);
  }
  const opened = await openConfiguredDatabase(cfg);
  await startJobs(opened.database, {
    work: true,
    onError: (error) => logger.error({ err: error }, "job queue error"),
  });
  logger.info({ database: opened.database.kind }, "Sanctuary worker is running the job queues");

  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, "stopping the worker");
    void (async () => {
      await stopJobs().catch((error) =>
        logger.error({ err: error }, "stopping the workers failed"),
      );
      await opened
        .close()
        .catch((error) => logger.error({ err: error }, "closing the database failed"));
      logger.info("worker stopped");
      process.exit(0);
    })();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

await startWorker();
