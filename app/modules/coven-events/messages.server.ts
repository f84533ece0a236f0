import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { fromDrizzle } from "pg-boss";
import type { Db } from "#app/db/client.server";
import { emitEvent, jobs } from "#app/modules/events/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { now } from "./clock";
import {
  changesOf,
  EventRefusedError,
  eventUrl,
  inTransaction,
  lockEvent,
  occurrenceAt,
} from "./events.server";
import { canManageEvent, type EventActor } from "./policy";
import { covenEventMessageRecipients, covenEventMessages, covenEventRsvps } from "./schema";
import { MESSAGE_EMAIL_QUEUE } from "./message-email-task.server";
import { EVENT_LIMITS } from "./validation";

/*
 * "Message attendees": a host writes to the members going to one occurrence (and, if they ask,
 * those waiting for a seat). The command stores the message and its recipients and emits
 * `event.messaged`; the subscriber writes each in-app notification and queues one e-mail job
 * (message-email-task.server.ts). MESSAGE_LIMIT keeps a host from flooding the attendees.
 */

/** Messages per event in any 24 hours, whoever of its hosts writes them (decision 039). */
export const MESSAGE_LIMIT = { perEvent: 3, windowMs: 24 * 3_600_000 } as const;

/** The opening words the notification shows. */
const PREVIEW = 280;

function preview(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > PREVIEW ? `${flat.slice(0, PREVIEW - 1)}…` : flat;
}

/**
 * Sends a host's message to the members going to the occurrence keyed `occurrenceStart`
 * (waitlisted ones too with `includeWaitlist`). Returns how many it reaches.
 */
export async function messageAttendees(
  actor: EventActor,
  id: string,
  occurrenceStart: Date,
  text: string,
  includeWaitlist: boolean,
): Promise<{ recipients: number }> {
  if (!actor) throw new EventRefusedError("notAllowed");
  const body = text.trim();
  if (body.length === 0 || body.length > EVENT_LIMITS.message) {
    throw new EventRefusedError("message");
  }
  return inTransaction(async (handle) => {
    const { event, rules, membership } = await lockEvent(handle, actor, id);
    if (!canManageEvent(actor, rules, membership)) throw new EventRefusedError("notAllowed");
    if (rules.cancelled) throw new EventRefusedError("cancelled");
    const occurrence = occurrenceAt(event, await changesOf(handle, id), occurrenceStart);
    if (!occurrence) throw new EventRefusedError("occurrence");
    // Counted under the event's lock: two hosts writing at once cannot both pass the limit.
    const [sent] = await handle
      .select({ count: sql<number>`count(*)::int` })
      .from(covenEventMessages)
      .where(
        and(
          eq(covenEventMessages.eventId, id),
          gt(covenEventMessages.createdAt, new Date(now().getTime() - MESSAGE_LIMIT.windowMs)),
        ),
      );
    if ((sent?.count ?? 0) >= MESSAGE_LIMIT.perEvent) throw new EventRefusedError("rateLimited");
    const statuses = includeWaitlist ? (["going", "waitlisted"] as const) : (["going"] as const);
    const recipients = await handle
      .select({ userId: covenEventRsvps.userId })
      .from(covenEventRsvps)
      .where(
        and(
          eq(covenEventRsvps.eventId, id),
          eq(covenEventRsvps.occurrenceStart, occurrenceStart),
          inArray(covenEventRsvps.status, [...statuses]),
          ne(covenEventRsvps.userId, actor.id),
        ),
      );
    if (recipients.length === 0) throw new EventRefusedError("noRecipients");
    const [message] = await handle
      .insert(covenEventMessages)
      .values({ eventId: id, occurrenceStart, senderId: actor.id, body, createdAt: now() })
      .returning({ id: covenEventMessages.id });
    if (!message) throw new Error("The message was not stored.");
    await handle
      .insert(covenEventMessageRecipients)
      .values(recipients.map((row) => ({ messageId: message.id, userId: row.userId })));
    const [sender] = await handle
      .select({ name: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.userId, actor.id))
      .limit(1);
    const url = event.rrule
      ? `${eventUrl(id)}?occurrence=${encodeURIComponent(occurrenceStart.toISOString())}`
      : eventUrl(id);
    await emitEvent(handle, {
      name: "event.messaged",
      eventId: id,
      messageId: message.id,
      userIds: recipients.map((row) => row.userId),
      title: event.title,
      senderName: sender?.name ?? "",
      preview: preview(body),
      url,
    });
    return { recipients: recipients.length };
  });
}

/** Queues the e-mails of a message through the subscriber's transaction. */
export async function queueMessageEmails(tx: Db, messageId: string): Promise<void> {
  await jobs().send(
    MESSAGE_EMAIL_QUEUE,
    { messageId },
    { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) },
  );
}
