import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { renderMarkdown } from "#app/lib/markdown.server";
import { instantOf } from "#app/modules/calendar";
import {
  isRuleStart,
  parseRRule,
  RECURRENCE_LIMITS,
  toRRule,
  upcomingOccurrences,
  type OccurrenceChange,
  type Schedule,
} from "#app/modules/calendar";
import type { CovenMembership, CovenRules } from "#app/modules/covens";
import { covenMembers, covens } from "#app/modules/covens/schema";
import { emitEvent } from "#app/modules/events/index.server";
import { now } from "./clock";
import {
  canHostEvent,
  canManageEvent,
  canRsvp,
  type EventActor,
  type EventRules,
  type EventVisibility,
  type RsvpAnswer,
  type RsvpStatus,
} from "./policy";
import { EVENT_LIMITS, eventInputProblem, type EventInput } from "./validation";
import { dropEventReminders, dropMemberReminders, scheduleReminders } from "./reminders.server";
import { storeOccurrences } from "./occurrences.server";
import { covenEventChanges, covenEventRsvps, covenEvents } from "./schema";

/*
 * Event commands (issue 11 §2). Each runs in one transaction that first locks the event's row
 * (`SELECT … FOR UPDATE`), so RSVPs for the last seat, a member leaving while another joins and a
 * host moving the event are serialised: the seats of an occurrence are never overbooked, and a
 * seat that comes free goes to the first member waiting in the same transaction. Reminders are
 * pg-boss jobs written through the same transaction (reminders.server.ts).
 */

export type EventRefusal =
  | "notFound"
  | "notAllowed"
  | "title"
  | "description"
  | "timeZone"
  | "times"
  | "interval"
  | "weekdays"
  | "until"
  | "capacity"
  | "link"
  | "place"
  | "cover"
  | "visibility"
  | "occurrence"
  | "cancelled"
  | "past"
  | "message"
  | "noRecipients"
  | "rateLimited";

export class EventRefusedError extends Error {
  constructor(readonly reason: EventRefusal) {
    super(`event: ${reason}`);
  }
}

export { EVENT_LIMITS, eventInputProblem, type EventInput } from "./validation";

export function eventUrl(id: string): string {
  return `/covens/events/${id}`;
}

export function inTransaction<T>(work: (handle: Db) => Promise<T>): Promise<T> {
  return db().transaction((tx) => work(tx as unknown as Db));
}

/**
 * Where the last occurrence ends, or null for a series without an end date. An end date is a
 * whole day in the event's zone; moved occurrences count where they were moved to.
 */
export function seriesEndOf(
  start: Date,
  end: Date,
  timeZone: string,
  rrule: string | null,
  changes: readonly OccurrenceChange[],
): Date | null {
  const duration = end.getTime() - start.getTime();
  let last: number;
  if (!rrule) {
    last = end.getTime();
  } else {
    const until = parseRRule(rrule, timeZone)?.until ?? null;
    if (until === null) return null;
    const [year, month, day] = until.split("-").map(Number) as [number, number, number];
    last = instantOf({ year, month, day, hour: 23, minute: 59 }, timeZone).getTime() + duration;
  }
  for (const change of changes) {
    if (!change.start) continue;
    const changeEnd = change.end ?? new Date(change.start.getTime() + duration);
    last = Math.max(last, changeEnd.getTime());
  }
  return new Date(last);
}

export interface LockedEvent {
  id: string;
  title: string;
  startAt: Date;
  endAt: Date;
  timeZone: string;
  rrule: string | null;
  capacity: number | null;
  covenId: string | null;
  visibility: EventVisibility;
  cancelledAt: Date | null;
  sequence: number;
}

async function covenContext(
  handle: Db,
  covenId: string | null,
  actor: EventActor,
): Promise<{ coven: (CovenRules & { name: string }) | null; membership: CovenMembership | null }> {
  if (!covenId) return { coven: null, membership: null };
  const [row] = await handle
    .select({
      name: covens.name,
      visibility: covens.visibility,
      archivedAt: covens.archivedAt,
      memberCount: covens.memberCount,
      memberLimit: covens.memberLimit,
    })
    .from(covens)
    .where(eq(covens.id, covenId))
    .limit(1);
  if (!row) return { coven: null, membership: null };
  let membership: CovenMembership | null = null;
  if (actor) {
    const [member] = await handle
      .select({ role: covenMembers.role, bannedAt: covenMembers.bannedAt })
      .from(covenMembers)
      .where(and(eq(covenMembers.covenId, covenId), eq(covenMembers.userId, actor.id)))
      .limit(1);
    membership = member ? { role: member.role, banned: member.bannedAt !== null } : null;
  }
  return {
    coven: {
      name: row.name,
      visibility: row.visibility,
      archived: row.archivedAt !== null,
      memberCount: row.memberCount,
      memberLimit: row.memberLimit,
    },
    membership,
  };
}

/** The event locked for this transaction, with what the rules need. */
export async function lockEvent(handle: Db, actor: EventActor, id: string) {
  const [event] = await handle
    .select({
      id: covenEvents.id,
      title: covenEvents.title,
      startAt: covenEvents.startAt,
      endAt: covenEvents.endAt,
      timeZone: covenEvents.timeZone,
      rrule: covenEvents.rrule,
      capacity: covenEvents.capacity,
      covenId: covenEvents.covenId,
      visibility: covenEvents.visibility,
      cancelledAt: covenEvents.cancelledAt,
      sequence: covenEvents.sequence,
    })
    .from(covenEvents)
    .where(eq(covenEvents.id, id))
    .limit(1)
    .for("update");
  if (!event) throw new EventRefusedError("notFound");
  const { coven, membership } = await covenContext(handle, event.covenId, actor);
  const rules: EventRules = {
    visibility: event.visibility,
    cancelled: event.cancelledAt !== null,
    coven,
  };
  return { event: event as LockedEvent, rules, membership };
}

export async function changesOf(handle: Db, eventId: string): Promise<OccurrenceChange[]> {
  const rows = await handle
    .select()
    .from(covenEventChanges)
    .where(eq(covenEventChanges.eventId, eventId));
  return rows.map((row) => ({
    originalStart: row.originalStart,
    cancelled: row.cancelled,
    start: row.startAt,
    end: row.endAt,
  }));
}

function scheduleOf(event: LockedEvent, changes: readonly OccurrenceChange[]): Schedule {
  return {
    start: event.startAt,
    end: event.endAt,
    timeZone: event.timeZone,
    rrule: event.rrule,
    changes,
  };
}

/** An occurrence of the event by its key, as it stands now (moved or cancelled), or null. */
export function occurrenceAt(
  event: LockedEvent,
  changes: readonly OccurrenceChange[],
  originalStart: Date,
): { start: Date; end: Date; cancelled: boolean } | null {
  const schedule = scheduleOf(event, changes);
  const isStart = event.rrule
    ? isRuleStart(schedule, originalStart)
    : originalStart.getTime() === event.startAt.getTime();
  if (!isStart) return null;
  const duration = event.endAt.getTime() - event.startAt.getTime();
  const change = changes.find((c) => c.originalStart.getTime() === originalStart.getTime());
  const start = change?.start ?? originalStart;
  return {
    start,
    end: change?.start
      ? (change.end ?? new Date(start.getTime() + duration))
      : new Date(start.getTime() + duration),
    cancelled: change?.cancelled ?? false,
  };
}

/** Creates an event hosted by a coven (its leaders) or site-wide (`covenId` null: admins). */
export async function createEvent(
  actor: EventActor,
  covenId: string | null,
  input: EventInput,
): Promise<{ id: string }> {
  if (!actor) throw new EventRefusedError("notAllowed");
  return inTransaction(async (handle) => {
    const { coven, membership } = await covenContext(handle, covenId, actor);
    if (covenId && !coven) throw new EventRefusedError("notFound");
    if (!canHostEvent(actor, coven, membership)) throw new EventRefusedError("notAllowed");
    const problem = eventInputProblem(input, coven !== null);
    if (problem) throw new EventRefusedError(problem);
    const rrule = input.recurrence ? toRRule(input.recurrence, input.timeZone) : null;
    const title = input.title.trim();
    const [created] = await handle
      .insert(covenEvents)
      .values({
        uid: `${randomUUID()}@sanctuary`,
        title,
        description: input.description,
        descriptionHtml: renderMarkdown(input.description),
        startAt: input.start,
        endAt: input.end,
        timeZone: input.timeZone,
        rrule,
        seriesEndAt: seriesEndOf(input.start, input.end, input.timeZone, rrule, []),
        onlineUrl: input.onlineUrl,
        place: input.place,
        capacity: input.capacity,
        coverUrl: input.coverUrl,
        covenId,
        visibility: input.visibility,
        createdBy: actor.id,
      })
      .returning({ id: covenEvents.id });
    if (!created) throw new Error("The event was not created.");
    await storeOccurrences(handle, created.id);
    await emitEvent(handle, {
      name: "event.created",
      eventId: created.id,
      hostId: actor.id,
      covenId,
      covenName: coven?.name ?? null,
      title,
      url: eventUrl(created.id),
    });
    return created;
  });
}

/**
 * Changes an event. SEQUENCE grows (calendars pick up the change). When the schedule changed,
 * answers and occurrence changes follow their occurrence by its place in the series
 * (remapOccurrences). Every waiting reminder is written again
 * for where its occurrence is now; a larger capacity gives its new seats to the waitlist.
 */
export async function updateEvent(actor: EventActor, id: string, input: EventInput): Promise<void> {
  await inTransaction(async (handle) => {
    const { event, rules, membership } = await lockEvent(handle, actor, id);
    if (!canManageEvent(actor, rules, membership)) throw new EventRefusedError("notAllowed");
    if (rules.cancelled) throw new EventRefusedError("cancelled");
    const problem = eventInputProblem(input, event.covenId !== null);
    if (problem) throw new EventRefusedError(problem);
    const rrule = input.recurrence ? toRRule(input.recurrence, input.timeZone) : null;
    const rescheduled =
      event.startAt.getTime() !== input.start.getTime() ||
      event.endAt.getTime() !== input.end.getTime() ||
      event.timeZone !== input.timeZone ||
      event.rrule !== rrule;
    let changes = await changesOf(handle, id);
    const updated: LockedEvent = {
      ...event,
      startAt: input.start,
      endAt: input.end,
      timeZone: input.timeZone,
      rrule,
      capacity: input.capacity,
    };
    if (rescheduled) changes = await remapOccurrences(handle, event, updated, changes);
    const title = input.title.trim();
    await handle
      .update(covenEvents)
      .set({
        title,
        description: input.description,
        descriptionHtml: renderMarkdown(input.description),
        startAt: input.start,
        endAt: input.end,
        timeZone: input.timeZone,
        rrule,
        seriesEndAt: seriesEndOf(input.start, input.end, input.timeZone, rrule, changes),
        onlineUrl: input.onlineUrl,
        place: input.place,
        capacity: input.capacity,
        coverUrl: input.coverUrl,
        visibility: input.visibility,
        sequence: sql`${covenEvents.sequence} + 1`,
        updatedAt: now(),
      })
      .where(eq(covenEvents.id, id));
    await storeOccurrences(handle, id);
    const occurrenceKeys = await handle
      .selectDistinct({ occurrenceStart: covenEventRsvps.occurrenceStart })
      .from(covenEventRsvps)
      .where(eq(covenEventRsvps.eventId, id));
    for (const { occurrenceStart } of occurrenceKeys) {
      await fillSeats(handle, { ...updated, title }, occurrenceStart);
    }
    if (rescheduled) await rescheduleAll(handle, { ...updated, title }, changes);
  });
}

/** The first `count` starts the rule gives (changes ignored); a single event has one. */
function ruleStartsOf(event: LockedEvent, count: number): Date[] {
  if (!event.rrule) return [event.startAt];
  return upcomingOccurrences(scheduleOf(event, []), event.startAt, count, 366 * 6).map(
    (occurrence) => occurrence.originalStart,
  );
}

/**
 * After a schedule change, answers and occurrence changes follow their occurrence by its place in
 * the series (the third meeting stays the third); those of occurrences the new schedule no longer
 * has (a shorter series) are removed.
 */
async function remapOccurrences(
  handle: Db,
  before: LockedEvent,
  after: LockedEvent,
  changes: readonly OccurrenceChange[],
): Promise<OccurrenceChange[]> {
  const old = ruleStartsOf(before, RECURRENCE_LIMITS.maxOccurrences);
  const fresh = ruleStartsOf(after, RECURRENCE_LIMITS.maxOccurrences);
  const moved = new Map<number, Date>();
  old.forEach((key, index) => {
    const next = fresh[index];
    if (next) moved.set(key.getTime(), next);
  });
  const answers = await handle
    .select()
    .from(covenEventRsvps)
    .where(eq(covenEventRsvps.eventId, before.id));
  await handle.delete(covenEventRsvps).where(eq(covenEventRsvps.eventId, before.id));
  await handle.delete(covenEventChanges).where(eq(covenEventChanges.eventId, before.id));
  const keptAnswers = answers.flatMap((answer) => {
    const key = moved.get(answer.occurrenceStart.getTime());
    return key ? [{ ...answer, occurrenceStart: key }] : [];
  });
  if (keptAnswers.length > 0) await handle.insert(covenEventRsvps).values(keptAnswers);
  const keptChanges = changes.flatMap((change) => {
    const key = moved.get(change.originalStart.getTime());
    return key ? [{ ...change, originalStart: key }] : [];
  });
  for (const change of keptChanges) await upsertChange(handle, before.id, change);
  return keptChanges;
}

/** Every waiting reminder of the event dropped and written again for the occurrences as they are. */
async function rescheduleAll(
  handle: Db,
  event: LockedEvent,
  changes: readonly OccurrenceChange[],
): Promise<void> {
  await dropEventReminders(handle, event.id);
  const going = await handle
    .select({ occurrenceStart: covenEventRsvps.occurrenceStart, userId: covenEventRsvps.userId })
    .from(covenEventRsvps)
    .where(and(eq(covenEventRsvps.eventId, event.id), eq(covenEventRsvps.status, "going")));
  const targets = [];
  for (const rsvp of going) {
    const occurrence = occurrenceAt(event, changes, rsvp.occurrenceStart);
    if (!occurrence || occurrence.cancelled) continue;
    targets.push({
      eventId: event.id,
      occurrenceStart: rsvp.occurrenceStart,
      start: occurrence.start,
      userId: rsvp.userId,
    });
  }
  await scheduleReminders(handle, targets);
}

export async function goingOf(
  handle: Db,
  eventId: string,
  occurrenceStart: Date,
): Promise<string[]> {
  const rows = await handle
    .select({ userId: covenEventRsvps.userId })
    .from(covenEventRsvps)
    .where(
      and(
        eq(covenEventRsvps.eventId, eventId),
        eq(covenEventRsvps.occurrenceStart, occurrenceStart),
        eq(covenEventRsvps.status, "going"),
      ),
    );
  return rows.map((row) => row.userId);
}

/** Cancels the whole event: members going are told, waiting reminders dropped. */
export async function cancelEvent(actor: EventActor, id: string): Promise<void> {
  await inTransaction(async (handle) => {
    const { event, rules, membership } = await lockEvent(handle, actor, id);
    if (!canManageEvent(actor, rules, membership)) throw new EventRefusedError("notAllowed");
    if (rules.cancelled) return;
    await handle
      .update(covenEvents)
      .set({ cancelledAt: now(), sequence: sql`${covenEvents.sequence} + 1`, updatedAt: now() })
      .where(eq(covenEvents.id, id));
    await storeOccurrences(handle, id);
    await dropEventReminders(handle, id);
    const going = await handle
      .selectDistinct({ userId: covenEventRsvps.userId })
      .from(covenEventRsvps)
      .where(
        and(
          eq(covenEventRsvps.eventId, id),
          eq(covenEventRsvps.status, "going"),
          sql`${covenEventRsvps.occurrenceStart} >= ${now().toISOString()}::timestamptz - interval '7 days'`,
        ),
      );
    if (going.length > 0) {
      await emitEvent(handle, {
        name: "event.cancelled",
        eventId: id,
        userIds: going.map((row) => row.userId),
        title: event.title,
        url: eventUrl(id),
      });
    }
  });
}

async function upsertChange(handle: Db, eventId: string, change: OccurrenceChange) {
  await handle
    .insert(covenEventChanges)
    .values({
      eventId,
      originalStart: change.originalStart,
      cancelled: change.cancelled,
      startAt: change.start,
      endAt: change.end,
    })
    .onConflictDoUpdate({
      target: [covenEventChanges.eventId, covenEventChanges.originalStart],
      set: { cancelled: change.cancelled, startAt: change.start, endAt: change.end },
    });
}

/** After an occurrence changed: calendars pick it up (SEQUENCE), the lists' rows follow. */
async function touch(handle: Db, event: LockedEvent, changes: readonly OccurrenceChange[]) {
  await handle
    .update(covenEvents)
    .set({
      sequence: sql`${covenEvents.sequence} + 1`,
      seriesEndAt: seriesEndOf(event.startAt, event.endAt, event.timeZone, event.rrule, changes),
      updatedAt: now(),
    })
    .where(eq(covenEvents.id, event.id));
  await storeOccurrences(handle, event.id);
}

/** Cancels one occurrence of a series (keyed by its original start); the others stay. */
export async function cancelOccurrence(
  actor: EventActor,
  id: string,
  originalStart: Date,
): Promise<void> {
  await inTransaction(async (handle) => {
    const { event, rules, membership } = await lockEvent(handle, actor, id);
    if (!canManageEvent(actor, rules, membership)) throw new EventRefusedError("notAllowed");
    if (rules.cancelled) throw new EventRefusedError("cancelled");
    const changes = await changesOf(handle, id);
    const occurrence = occurrenceAt(event, changes, originalStart);
    if (!occurrence) throw new EventRefusedError("occurrence");
    if (occurrence.cancelled) return;
    const change = { originalStart, cancelled: true, start: null, end: null };
    await upsertChange(handle, id, change);
    const next = [
      ...changes.filter((c) => c.originalStart.getTime() !== originalStart.getTime()),
      change,
    ];
    await touch(handle, event, next);
    await dropEventReminders(handle, id, originalStart);
    const going = await goingOf(handle, id, originalStart);
    if (going.length > 0) {
      await emitEvent(handle, {
        name: "event.cancelled",
        eventId: id,
        userIds: going,
        title: event.title,
        url: eventUrl(id),
      });
    }
  });
}

/** Moves one occurrence (keyed by its original start); its answers and reminders follow it. */
export async function moveOccurrence(
  actor: EventActor,
  id: string,
  originalStart: Date,
  start: Date,
  end: Date,
): Promise<void> {
  await inTransaction(async (handle) => {
    const { event, rules, membership } = await lockEvent(handle, actor, id);
    if (!canManageEvent(actor, rules, membership)) throw new EventRefusedError("notAllowed");
    if (rules.cancelled) throw new EventRefusedError("cancelled");
    const duration = end.getTime() - start.getTime();
    if (!(duration > 0) || duration > EVENT_LIMITS.maxDurationMs) {
      throw new EventRefusedError("times");
    }
    const changes = await changesOf(handle, id);
    const occurrence = occurrenceAt(event, changes, originalStart);
    if (!occurrence) throw new EventRefusedError("occurrence");
    const change = { originalStart, cancelled: false, start, end };
    await upsertChange(handle, id, change);
    const next = [
      ...changes.filter((c) => c.originalStart.getTime() !== originalStart.getTime()),
      change,
    ];
    await touch(handle, event, next);
    const going = await goingOf(handle, id, originalStart);
    await scheduleReminders(
      handle,
      going.map((userId) => ({ eventId: id, occurrenceStart: originalStart, start, userId })),
    );
  });
}

/**
 * Gives free seats of an occurrence to the members waiting, first come first served, and tells
 * them (event.promoted). Runs under the event's lock.
 */
async function fillSeats(handle: Db, event: LockedEvent, occurrenceStart: Date): Promise<string[]> {
  const going = (await goingOf(handle, event.id, occurrenceStart)).length;
  // Without a limit (any more), everyone waiting goes.
  const free = event.capacity === null ? Number.MAX_SAFE_INTEGER : event.capacity - going;
  if (free <= 0) return [];
  const waiting = await handle
    .select({ userId: covenEventRsvps.userId })
    .from(covenEventRsvps)
    .where(
      and(
        eq(covenEventRsvps.eventId, event.id),
        eq(covenEventRsvps.occurrenceStart, occurrenceStart),
        eq(covenEventRsvps.status, "waitlisted"),
      ),
    )
    .orderBy(asc(covenEventRsvps.waitlistPosition))
    .limit(Math.min(free, 1000));
  if (waiting.length === 0) return [];
  const promoted = waiting.map((row) => row.userId);
  await handle
    .update(covenEventRsvps)
    .set({ status: "going", waitlistPosition: null, respondedAt: now() })
    .where(
      and(
        eq(covenEventRsvps.eventId, event.id),
        eq(covenEventRsvps.occurrenceStart, occurrenceStart),
        inArray(covenEventRsvps.userId, promoted),
      ),
    );
  const changes = await changesOf(handle, event.id);
  const occurrence = occurrenceAt(event, changes, occurrenceStart);
  if (occurrence && !occurrence.cancelled) {
    await scheduleReminders(
      handle,
      promoted.map((userId) => ({
        eventId: event.id,
        occurrenceStart,
        start: occurrence.start,
        userId,
      })),
    );
  }
  await emitEvent(handle, {
    name: "event.promoted",
    eventId: event.id,
    userIds: promoted,
    title: event.title,
    url: eventUrl(event.id),
  });
  return promoted;
}

/**
 * A member's answer for one occurrence (its original start; a single event's start). "going"
 * past the capacity puts them on the waitlist, behind everyone already there; leaving a seat
 * ("maybe", "not going") gives it to the first member waiting, in the same transaction.
 * Returns where the member stands now.
 */
export async function rsvp(
  actor: EventActor,
  id: string,
  occurrenceStart: Date,
  answer: RsvpAnswer,
): Promise<RsvpStatus> {
  if (!actor) throw new EventRefusedError("notAllowed");
  return inTransaction(async (handle) => {
    const { event, rules, membership } = await lockEvent(handle, actor, id);
    if (!canRsvp(actor, rules, membership)) {
      throw new EventRefusedError(rules.cancelled ? "cancelled" : "notFound");
    }
    const changes = await changesOf(handle, id);
    const occurrence = occurrenceAt(event, changes, occurrenceStart);
    if (!occurrence) throw new EventRefusedError("occurrence");
    if (occurrence.cancelled) throw new EventRefusedError("cancelled");
    if (occurrence.end <= now()) throw new EventRefusedError("past");
    const where = and(
      eq(covenEventRsvps.eventId, id),
      eq(covenEventRsvps.occurrenceStart, occurrenceStart),
      eq(covenEventRsvps.userId, actor.id),
    );
    const [current] = await handle
      .select({ status: covenEventRsvps.status })
      .from(covenEventRsvps)
      .where(where)
      .limit(1);
    const before = current?.status ?? null;
    let status: RsvpStatus = answer;
    let position: number | null = null;
    if (answer === "going") {
      if (before === "going" || before === "waitlisted") return before;
      const going = (await goingOf(handle, id, occurrenceStart)).length;
      if (event.capacity !== null && going >= event.capacity) {
        status = "waitlisted";
        const [last] = await handle
          .select({ position: sql<number | null>`max(${covenEventRsvps.waitlistPosition})` })
          .from(covenEventRsvps)
          .where(
            and(
              eq(covenEventRsvps.eventId, id),
              eq(covenEventRsvps.occurrenceStart, occurrenceStart),
            ),
          );
        position = (last?.position ?? 0) + 1;
      }
    } else if (before === answer) {
      return answer;
    }
    await handle
      .insert(covenEventRsvps)
      .values({
        eventId: id,
        occurrenceStart,
        userId: actor.id,
        status,
        waitlistPosition: position,
        respondedAt: now(),
      })
      .onConflictDoUpdate({
        target: [covenEventRsvps.eventId, covenEventRsvps.occurrenceStart, covenEventRsvps.userId],
        set: { status, waitlistPosition: position, respondedAt: now() },
      });
    if (status === "going") {
      await scheduleReminders(handle, [
        { eventId: id, occurrenceStart, start: occurrence.start, userId: actor.id },
      ]);
    } else if (before === "going") {
      await dropMemberReminders(handle, id, occurrenceStart, actor.id);
      await fillSeats(handle, event, occurrenceStart);
    }
    return status;
  });
}

/** The next occurrences of an event that are not cancelled (for the event page's picker). */
export function nextOccurrences(
  event: Pick<LockedEvent, "startAt" | "endAt" | "timeZone" | "rrule">,
  changes: readonly OccurrenceChange[],
  limit: number,
) {
  return upcomingOccurrences(
    {
      start: event.startAt,
      end: event.endAt,
      timeZone: event.timeZone,
      rrule: event.rrule,
      changes,
    },
    now(),
    limit,
  );
}
