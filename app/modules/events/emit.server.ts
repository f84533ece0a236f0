import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { fromDrizzle } from "pg-boss";
import type { Db } from "#app/db/client.server";
import { jobs } from "./jobs.server";
import { SUBSCRIPTIONS } from "./subscribers.server";
import type { DomainEvent } from "./types";

/**
 * Queues `event` for each of its subscribers through the transaction `tx` of the command that
 * caused it: the jobs exist only if that transaction commits, and a rolled back command emits
 * nothing. The subscribers run later, in the job worker, each in a transaction of its own.
 */
export async function emitEvent(tx: Db, event: DomainEvent): Promise<void> {
  const subscribers = SUBSCRIPTIONS.filter((s) => s.event === event.name);
  if (subscribers.length === 0) return;
  const connection = through(tx);
  const data = { id: randomUUID(), event };
  for (const subscriber of subscribers)
    await jobs().send(subscriber.queue, data, { db: connection });
}

/** Sends one job of a task's queue (tasks.server.ts) through `tx`: it exists only if `tx` commits. */
export async function queueTask(tx: Db, queue: string, data: object): Promise<void> {
  await jobs().send(queue, data, { db: through(tx) });
}

function through(tx: Db) {
  return fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
}
