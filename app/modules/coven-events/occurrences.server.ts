import { and, eq, isNull, lt, or, Param, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { logger } from "#app/lib/logger.server";
import { occurrencesBetween, type OccurrenceChange } from "#app/modules/calendar";
import { now } from "./clock";
import { covenEventChanges, covenEventOccurrences, covenEvents } from "./schema";

/*
 * The stored occurrences of every event (`coven_event_occurrences`, decision 052). The paged lists
 * (/covens/events and its archive) read them in start order, so a page costs one index range
 * whatever the number of series around it. Every command that changes when an event happens, who
 * may see it or whether it is online writes them again in its own transaction
 * (`storeOccurrences`); the hourly task (`occurrencesTask`) moves the stored window forward for
 * series without an end and for events further ahead than the window, and fills it for events
 * stored before this table existed. The month grid, the calendars and an event's own page keep
 * expanding the rule in memory: they read one event or one month, not a page of many.
 */

const DAY = 86_400_000;
/** How far back occurrences are kept: the archive shows the past year. */
export const KEPT_DAYS = 400;
/** How far ahead occurrences are stored; the upcoming list looks 90 days ahead. */
export const AHEAD_DAYS = 180;
/** The task stores an event again once less than this is left ahead of its stored window. */
const EXTEND_BEFORE_DAYS = 120;
/** Events one run of the task stores at most per batch (it loops until none is left). */
const BATCH = 500;

interface StoredEvent {
  id: string;
  startAt: Date;
  endAt: Date;
  timeZone: string;
  rrule: string | null;
  visibility: "public" | "premium" | "coven";
  covenId: string | null;
  onlineUrl: string | null;
  cancelledAt: Date | null;
}

/** The changes of each event given, in one query. */
async function changesOf(handle: Db, eventIds: string[]): Promise<Map<string, OccurrenceChange[]>> {
  const byEvent = new Map<string, OccurrenceChange[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await handle
    .select()
    .from(covenEventChanges)
    .where(sql`${covenEventChanges.eventId} = any(${new Param(eventIds)}::uuid[])`);
  for (const row of rows) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push({
      originalStart: row.originalStart,
      cancelled: row.cancelled,
      start: row.startAt,
      end: row.endAt,
    });
    byEvent.set(row.eventId, list);
  }
  return byEvent;
}

const storedColumns = {
  id: covenEvents.id,
  startAt: covenEvents.startAt,
  endAt: covenEvents.endAt,
  timeZone: covenEvents.timeZone,
  rrule: covenEvents.rrule,
  visibility: covenEvents.visibility,
  covenId: covenEvents.covenId,
  onlineUrl: covenEvents.onlineUrl,
  cancelledAt: covenEvents.cancelledAt,
};

/**
 * Writes the event's occurrences again from its row and changes as they are in this transaction:
 * none for a cancelled event, else every occurrence not cancelled that overlaps the kept window
 * around `now()`. Commands call it after their own writes, under the event's lock.
 */
export async function storeOccurrences(handle: Db, eventId: string): Promise<void> {
  const events = await handle
    .select(storedColumns)
    .from(covenEvents)
    .where(eq(covenEvents.id, eventId))
    .limit(1);
  await writeOccurrences(handle, events);
}

/** Rows per INSERT: seven columns each, under PostgreSQL's 65,535 parameters. */
const INSERT_ROWS = 5_000;

/** `storeOccurrences` for several events: a constant number of statements per call. */
async function writeOccurrences(handle: Db, events: readonly StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  const today = now().getTime();
  const from = new Date(today - KEPT_DAYS * DAY);
  const until = new Date(today + AHEAD_DAYS * DAY);
  const ids = events.map((event) => event.id);
  const changes = await changesOf(handle, ids);
  const rows = events.flatMap((event) =>
    event.cancelledAt
      ? []
      : occurrencesBetween(
          {
            start: event.startAt,
            end: event.endAt,
            timeZone: event.timeZone,
            rrule: event.rrule,
            changes: changes.get(event.id) ?? [],
          },
          from,
          until,
        )
          .filter((occurrence) => !occurrence.cancelled)
          .map((occurrence) => ({
            eventId: event.id,
            originalStart: occurrence.originalStart,
            startAt: occurrence.start,
            endAt: occurrence.end,
            visibility: event.visibility,
            covenId: event.covenId,
            online: event.onlineUrl !== null,
          })),
  );
  const anyId = sql`any(${new Param(ids)}::uuid[])`;
  await handle
    .delete(covenEventOccurrences)
    .where(sql`${covenEventOccurrences.eventId} = ${anyId}`);
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    await handle.insert(covenEventOccurrences).values(rows.slice(i, i + INSERT_ROWS));
  }
  await handle
    .update(covenEvents)
    .set({ occurrencesUntil: until })
    .where(sql`${covenEvents.id} = ${anyId}`);
}

/**
 * Events whose stored window must be written (again): never stored, or not complete (a series
 * without an end, or one whose end lies past the window) with less than EXTEND_BEFORE_DAYS left.
 */
function dueForStoring(at: Date) {
  const soon = new Date(at.getTime() + EXTEND_BEFORE_DAYS * DAY);
  return and(
    isNull(covenEvents.cancelledAt),
    or(
      isNull(covenEvents.occurrencesUntil),
      and(
        lt(covenEvents.occurrencesUntil, soon),
        or(
          isNull(covenEvents.seriesEndAt),
          sql`${covenEvents.seriesEndAt} > ${covenEvents.occurrencesUntil}`,
        ),
      ),
    ),
  );
}

/**
 * Stores the occurrences of every event that is due (`dueForStoring`), a batch per transaction,
 * each event under its row lock (skipping rows a command holds: it stores them itself). Returns
 * how many events were stored. Idempotent: running it twice, or in two processes, is harmless.
 */
export async function extendOccurrences(): Promise<number> {
  let stored = 0;
  for (;;) {
    const count = await db().transaction(async (tx) => {
      const handle = tx as unknown as Db;
      const due = await handle
        .select(storedColumns)
        .from(covenEvents)
        .where(dueForStoring(now()))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      await writeOccurrences(handle, due);
      return due.length;
    });
    stored += count;
    if (count < BATCH) return stored;
  }
}

export const OCCURRENCES_QUEUE = "coven-events.occurrences";

/** The hourly run of `extendOccurrences` (pg-boss cron, one job whatever the processes). */
export const occurrencesTask = {
  queue: OCCURRENCES_QUEUE,
  cron: "41 * * * *",
  run: async () => {
    try {
      const stored = await extendOccurrences();
      if (stored > 0) logger.info({ stored }, "event occurrences stored");
    } catch (error) {
      logger.error({ err: error }, "storing event occurrences failed");
      throw error;
    }
  },
};
