import { PgBoss, fromPglite, type Job } from "pg-boss";
import { db, type Database, type Db } from "#app/db/client.server";
import { handledEvents } from "./schema";
import type { Subscription } from "./subscribe.server";
import { SUBSCRIPTIONS } from "./subscribers.server";
import { tasks, type Task } from "./tasks.server";
import type { DomainEvent } from "./types";

/** A job's data: the event and the id its subscribers' handled_events rows are keyed by. */
export interface EventJob {
  id: string;
  event: DomainEvent;
}

export interface JobsOptions {
  /** Run workers in this process (the app does; tests drain the queues themselves). */
  work: boolean;
  /** Seconds before a failed job runs again, doubling each time (0 in tests: at once). */
  retryDelaySeconds?: number;
  onError?: (error: unknown) => void;
}

/** Attempts after the first before a job is left failed (with retryDelay 2 s: about a minute in all). */
const RETRY_LIMIT = 5;

let active: PgBoss | undefined;

/** The started pg-boss of this process; commands send through it (emitEvent). */
export function jobs(): PgBoss {
  if (!active) throw new Error("The job queue is not started yet.");
  return active;
}

/**
 * Starts pg-boss on the open database (installing its schema, `pgboss`, on first start), creates
 * one queue per subscription and, with `work`, runs their workers in this process. On PGlite it
 * shares the one embedded connection; on PostgreSQL it has a small pool of its own.
 */
export async function startJobs(database: Database, options: JobsOptions): Promise<PgBoss> {
  const common = {
    supervise: options.work,
    // The cron pass (recurring tasks) runs where the workers run: with WORKERS=0 the web
    // process sends jobs only. Several processes may run it; pg-boss sends each occurrence once.
    schedule: options.work,
    useListenNotify: options.work,
    registerInstance: false,
  } as const;
  const boss =
    database.kind === "pglite"
      ? new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: "pglite" })
      : new PgBoss({
          ...common,
          connectionString: database.url!,
          max: 3,
          application_name: "sanctuary-jobs",
        });
  boss.on("error", (error) => options.onError?.(error));
  await boss.start();
  const retryDelay = options.retryDelaySeconds ?? 2;
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  for (const subscription of SUBSCRIPTIONS) {
    if (existing.has(subscription.queue)) continue;
    await boss.createQueue(subscription.queue, {
      retryLimit: RETRY_LIMIT,
      retryDelay,
      retryBackoff: retryDelay > 0,
      notify: true,
    });
  }
  for (const task of tasks()) {
    const retry = retryOptions(task, options.retryDelaySeconds);
    if (existing.has(task.queue)) await boss.updateQueue(task.queue, retry);
    else
      await boss.createQueue(task.queue, {
        ...retry,
        notify: true,
        // A recurring task runs one job at a time and queues at most one more.
        ...(task.cron ? { policy: "stately" } : {}),
      });
    // Stored once for every process (an upsert): only processes that run the cron pass act on it.
    if (task.cron) await boss.schedule(task.queue, task.cron, null, { missed: "once" });
  }
  active = boss;
  if (options.work) {
    for (const subscription of SUBSCRIPTIONS) {
      await boss.work<EventJob>(subscription.queue, WORK_OPTIONS, (jobs) =>
        runEach(jobs, (job) => runJob(subscription, job.data)),
      );
    }
    for (const task of tasks()) {
      await boss.work(task.queue, WORK_OPTIONS, (jobs) =>
        runEach(jobs, (job) => task.run(job.data, attemptOf(task, job.retryCount))),
      );
    }
  }
  return boss;
}

/**
 * How workers fetch. With LISTEN/NOTIFY a worker wakes when a job is sent, but after a fetch it
 * waits for the next notice (or the 30 s backstop): one job per fetch would leave a backlog — the
 * accounts of a first start, a burst of sign-ups — waiting a notice per job. Batches of ten,
 * fetched again at once while they come back full, drain a backlog without delay.
 */
const WORK_OPTIONS = { pollingIntervalSeconds: 2, batchSize: 10, burstWhenBatchFull: true };

/**
 * Runs each job of a batch, all of them even when one fails, then fails the batch with the first
 * error so pg-boss retries it; the jobs that succeeded find their effect done and do nothing.
 */
async function runEach<T>(jobs: T[], run: (job: T) => Promise<void>): Promise<void> {
  let failure: unknown;
  let failed = false;
  for (const job of jobs) {
    try {
      await run(job);
    } catch (error) {
      if (!failed) failure = error;
      failed = true;
    }
  }
  if (failed) throw failure;
}

/** A task's own retry policy, or the events' one; `delaySeconds` 0 (tests) retries at once. */
function retryOptions(task: Task, delaySeconds: number | undefined) {
  const delay = delaySeconds ?? task.retry?.delaySeconds ?? 2;
  return {
    retryLimit: task.retry?.limit ?? RETRY_LIMIT,
    retryDelay: delay,
    retryBackoff: delay > 0,
    ...(task.retry && delay > 0 ? { retryDelayMax: task.retry.maxDelaySeconds } : {}),
  };
}

function attemptOf(task: Task, retryCount: number) {
  return { retryCount, last: retryCount >= (task.retry?.limit ?? RETRY_LIMIT) };
}

/** Stops the workers, letting a running job finish (up to `timeoutMs`); the database stays open. */
export async function stopJobs(timeoutMs = 10_000): Promise<void> {
  const boss = active;
  active = undefined;
  await boss?.stop({ graceful: true, timeout: timeoutMs, close: true });
}

/**
 * Runs one subscriber for one event, once: its effect and its handled_events row commit together,
 * so a job run again after a failure that came after the commit changes nothing.
 */
export async function runJob(subscription: Subscription, job: EventJob): Promise<void> {
  await db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const first = await handle
      .insert(handledEvents)
      .values({ eventId: job.id, subscriber: subscription.subscriber })
      .onConflictDoNothing()
      .returning({ id: handledEvents.eventId });
    if (first.length === 0) return;
    await subscription.handle(handle, job.event as never);
  });
}

/**
 * Runs every queued job whose time has come (a job sent with `startAfter` waits until then), and
 * the jobs they lead to, until none is left (a failed job runs again
 * at once in tests, up to its retry limit). For tests: the outcome of a command's events is known
 * when this resolves, without waiting for a worker's poll.
 */
export async function drainJobs(): Promise<{ ran: number; failed: number }> {
  const boss = jobs();
  let ran = 0;
  let failed = 0;
  for (let round = 0; round < 100; round++) {
    let fetched = 0;
    for (const subscription of SUBSCRIPTIONS) {
      const batch: Array<Job<EventJob>> = await boss.fetch<EventJob>(subscription.queue, {
        batchSize: 50,
      });
      fetched += batch.length;
      for (const job of batch) {
        ran++;
        try {
          await runJob(subscription, job.data);
          await boss.complete(subscription.queue, job.id);
        } catch (error) {
          failed++;
          await boss.fail(subscription.queue, job.id, { message: (error as Error).message });
        }
      }
    }
    for (const task of tasks()) {
      const batch = await boss.fetch(task.queue, { batchSize: 50 });
      fetched += batch.length;
      for (const job of batch) {
        ran++;
        try {
          await task.run(job.data, attemptOf(task, job.retryCount));
          await boss.complete(task.queue, job.id);
        } catch (error) {
          failed++;
          await boss.fail(task.queue, job.id, { message: (error as Error).message });
        }
      }
    }
    if (fetched === 0) return { ran, failed };
  }
  throw new Error("The job queues did not empty after 100 rounds.");
}
