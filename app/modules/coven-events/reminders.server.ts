import { sql } from "drizzle-orm";
import { fromDrizzle } from "pg-boss";
import type { Db } from "#app/db/client.server";
import { jobs } from "#app/modules/events/index.server";
import { now } from "./clock";
import { REMINDER_OFFSETS, REMINDER_QUEUE, type ReminderJob } from "./reminder-task.server";

/*
 * Scheduling reminders (see reminder-task.server.ts for running them). Each (member, occurrence,
 * offset) has one pg-boss job, keyed by `singletonKey` and written with `upsert`: scheduling it
 * again (the event moved) moves the waiting job instead of adding one. The jobs are written
 * through the command's transaction, so they exist only if it commits, and they live in the
 * database: a restart loses none.
 */

function connection(tx: Db) {
  return fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
}

export function reminderKey(
  eventId: string,
  occurrenceStart: Date,
  userId: string,
  offsetMinutes: number,
): string {
  return `${eventId}/${occurrenceStart.toISOString()}/${userId}/${offsetMinutes}`;
}

export interface ReminderTarget {
  eventId: string;
  /** The occurrence's key. */
  occurrenceStart: Date;
  /** Where it starts now (moved or not). */
  start: Date;
  userId: string;
}

/** Schedules (or moves) the reminders of members going to an occurrence; past times are skipped. */
export async function scheduleReminders(tx: Db, targets: readonly ReminderTarget[]): Promise<void> {
  const at = now().getTime();
  for (const target of targets) {
    for (const offsetMinutes of REMINDER_OFFSETS) {
      const due = target.start.getTime() - offsetMinutes * 60_000;
      const key = reminderKey(target.eventId, target.occurrenceStart, target.userId, offsetMinutes);
      if (due <= at) {
        await dropJobs(tx, { key });
        continue;
      }
      const data: ReminderJob = {
        eventId: target.eventId,
        occurrenceStart: target.occurrenceStart.toISOString(),
        userId: target.userId,
        offsetMinutes,
      };
      await jobs().upsert(REMINDER_QUEUE, data, {
        singletonKey: key,
        startAfter: new Date(due),
        db: connection(tx),
      });
    }
  }
}

async function dropJobs(tx: Db, filter: { key: string } | { data: Partial<ReminderJob> }) {
  const found = await jobs().findJobs(REMINDER_QUEUE, {
    ...filter,
    queued: true,
    db: connection(tx),
  });
  if (found.length === 0) return;
  await jobs().deleteJob(
    REMINDER_QUEUE,
    found.map((job) => job.id),
    { db: connection(tx) },
  );
}

/** Drops the waiting reminders of a member for an occurrence (they stopped going). */
export async function dropMemberReminders(
  tx: Db,
  eventId: string,
  occurrenceStart: Date,
  userId: string,
): Promise<void> {
  for (const offsetMinutes of REMINDER_OFFSETS) {
    await dropJobs(tx, { key: reminderKey(eventId, occurrenceStart, userId, offsetMinutes) });
  }
}

/** Drops the waiting reminders of an occurrence, or of the whole event. */
export async function dropEventReminders(
  tx: Db,
  eventId: string,
  occurrenceStart?: Date,
): Promise<void> {
  await dropJobs(tx, {
    data: occurrenceStart
      ? { eventId, occurrenceStart: occurrenceStart.toISOString() }
      : { eventId },
  });
}

/** The waiting reminders of an event (tests and the admin's view of the queue). */
export async function queuedReminders(tx: Db, eventId: string) {
  const found = await jobs().findJobs<ReminderJob>(REMINDER_QUEUE, {
    data: { eventId },
    queued: true,
    db: connection(tx),
  });
  return found.map((job) => ({
    key: job.singletonKey,
    // Through a drizzle connection the times arrive as text.
    startAfter: new Date(job.startAfter),
    data: job.data,
  }));
}
