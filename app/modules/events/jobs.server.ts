import { PgBoss, fromPglite, type Job } from "pg-boss";
import { db, type Database, type Db } from "#app/db/client.server";
import { handledEvents } from "./schema";
import type { Subscription } from "./subscribe.server";
import { SUBSCRIPTIONS } from "./subscribers.server";
import { TASKS } from "./tasks.server";
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
    schedule: false,
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
  for (const task of TASKS) {
    if (existing.has(task.queue)) continue;
    await boss.createQueue(task.queue, {
      retryLimit: RETRY_LIMIT,
      retryDelay,
      retryBackoff: retryDelay > 0,
      notify: true,
    });
  }
  active = boss;
  if (options.work) {
    for (const subscription of SUBSCRIPTIONS) {
      // One job per call (pg-boss's default batch of one).
      await boss.work<EventJob>(subscription.queue, { pollingIntervalSeconds: 2 }, async (jobs) => {
        for (const job of jobs) await runJob(subscription, job.data);
      });
    }
    for (const task of TASKS) {
      await boss.work(task.queue, { pollingIntervalSeconds: 2 }, async (jobs) => {
        for (const job of jobs) await task.run(job.data);
      });
    }
  }
  return boss;
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
    for (const task of TASKS) {
      const batch = await boss.fetch(task.queue, { batchSize: 50 });
      fetched += batch.length;
      for (const job of batch) {
        ran++;
        try {
          await task.run(job.data);
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
