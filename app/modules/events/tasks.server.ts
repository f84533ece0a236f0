import { emailTask } from "#app/modules/email/index.server";
import {
  messageEmailTask,
  occurrencesTask,
  reminderTask,
} from "#app/modules/coven-events/index.server";
import { billingSweepTask } from "#app/modules/payments/index.server";
import { mediaSweepTask } from "#app/modules/media/index.server";
import { rebuildTask, refreshTask } from "#app/modules/knowledge/index.server";
import { faqSyncTask, retentionTask } from "#app/modules/guide/index.server";
import { analyticsDailyTask } from "#app/modules/analytics/index.server";
import { importTask } from "#app/modules/member-import/index.server";
import { broadcastTask } from "#app/modules/broadcasts/index.server";

/** Which run of a job this is: pg-boss counts the retries. */
export interface Attempt {
  retryCount: number;
  /** No retry follows if this run fails. */
  last: boolean;
}

/**
 * Scheduled work that is not a reaction to a domain event: a queue of its own whose jobs are
 * sent with `startAfter` (a reminder an hour before an event), through a command's transaction
 * (an e-mail to deliver), or by pg-boss's cron (the billing sweep), and a function that runs one.
 * A job may run more than once (pg-boss delivers at least once): `run` keeps its effect to one.
 */
export interface Task {
  queue: string;
  run(data: unknown, attempt: Attempt): Promise<void>;
  /** Retries after a failure and the first delay in seconds, doubling up to `maxDelaySeconds`. */
  retry?: { limit: number; delaySeconds: number; maxDelaySeconds: number };
  /**
   * A cron expression (UTC): pg-boss sends one job per occurrence, whichever and however many
   * processes run the workers, and a running job keeps the next occurrence from queueing a second.
   */
  cron?: string;
}

/**
 * Every task queue; startJobs creates and works them, drainJobs runs the due ones in tests.
 * Read when called, not when this file loads: the billing sweep's module emits events, so it may
 * still be loading (an import cycle through this module) when this file does.
 */
export function tasks(): readonly Task[] {
  return [
    reminderTask,
    messageEmailTask,
    emailTask,
    billingSweepTask,
    mediaSweepTask,
    occurrencesTask,
    rebuildTask,
    refreshTask,
    faqSyncTask,
    retentionTask,
    analyticsDailyTask,
    importTask,
    broadcastTask,
  ];
}
