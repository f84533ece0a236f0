import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { publicUrl } from "#app/lib/config.server";
import { db } from "#app/db/client.server";
import { actorById } from "#app/modules/auth/index.server";
import { icsDocument, type CalendarEntry } from "#app/modules/calendar/index.server";
import type { OccurrenceChange } from "#app/modules/calendar";
import { now } from "./clock";
import { eventUrl } from "./events.server";
import { canManageEvent, canSeeOnlineLink, type EventActor } from "./policy";
import { calendarRows } from "./queries.server";
import { covenEventRsvps, memberEventSettings } from "./schema";

/*
 * iCalendar documents of events (decision 035): one event at `/covens/events/<id>.ics` for whoever
 * may see it, and a member's personal feed at `/calendar/<secret>.ics` with every event they are
 * going to, which calendar programs poll. The secret is a random token per member (shown again
 * in settings, so stored as is); regenerating it ends the old address.
 */

type Row = Awaited<ReturnType<typeof calendarRows>>[number]["row"];

function entryOf(row: Row, changes: readonly OccurrenceChange[], showLink: boolean): CalendarEntry {
  const url = `${publicUrl()}${eventUrl(row.id)}`;
  const link = showLink ? row.onlineUrl : null;
  return {
    uid: row.uid,
    sequence: row.sequence,
    title: row.title,
    description: [row.description, link].filter(Boolean).join("\n\n"),
    url,
    location: row.place ?? link,
    start: row.startAt,
    end: row.endAt,
    timeZone: row.timeZone,
    rrule: row.rrule,
    changes,
    cancelled: row.cancelledAt !== null,
    updatedAt: row.updatedAt,
  };
}

function rulesOf(row: Row) {
  return {
    rules: {
      visibility: row.visibility,
      cancelled: row.cancelledAt !== null,
      coven:
        row.covenId && row.covenVisibility
          ? {
              visibility: row.covenVisibility,
              archived: row.covenArchivedAt !== null,
              memberCount: row.covenMemberCount ?? 0,
              memberLimit: row.covenMemberLimit ?? 0,
            }
          : null,
    },
    membership: row.memberRole
      ? { role: row.memberRole, banned: row.memberBannedAt !== null }
      : null,
  };
}

/** One event as iCalendar, or null when it does not exist or the viewer may not see it. */
export async function eventCalendar(actor: EventActor, id: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [found] = await calendarRows(actor, { id });
  if (!found) return null;
  const { rules, membership } = rulesOf(found.row);
  let going = false;
  if (actor) {
    const [answer] = await db()
      .select({ status: covenEventRsvps.status })
      .from(covenEventRsvps)
      .where(
        and(
          eq(covenEventRsvps.eventId, id),
          eq(covenEventRsvps.userId, actor.id),
          eq(covenEventRsvps.status, "going"),
        ),
      )
      .limit(1);
    going = answer !== undefined;
  }
  const showLink =
    canManageEvent(actor, rules, membership) ||
    canSeeOnlineLink(actor, rules, membership, going ? "going" : null);
  return icsDocument(found.row.title, [entryOf(found.row, found.changes, showLink)], now());
}

/** The member's feed secret, made on first use. */
export async function feedToken(userId: string): Promise<string> {
  const [row] = await db()
    .select({ token: memberEventSettings.feedToken })
    .from(memberEventSettings)
    .where(eq(memberEventSettings.userId, userId))
    .limit(1);
  if (row) return row.token;
  const token = randomBytes(24).toString("base64url");
  const [created] = await db()
    .insert(memberEventSettings)
    .values({ userId, feedToken: token })
    .onConflictDoNothing()
    .returning({ token: memberEventSettings.feedToken });
  return created?.token ?? feedToken(userId);
}

/** A new feed secret: the old address answers 404 from now on. */
export async function regenerateFeedToken(userId: string): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db()
    .insert(memberEventSettings)
    .values({ userId, feedToken: token })
    .onConflictDoUpdate({
      target: memberEventSettings.userId,
      set: { feedToken: token, updatedAt: new Date() },
    });
  return token;
}

/** Reminders on or off (on unless the member turned them off). */
export async function setEventReminders(userId: string, on: boolean): Promise<void> {
  await feedToken(userId);
  await db()
    .update(memberEventSettings)
    .set({ reminders: on, updatedAt: new Date() })
    .where(eq(memberEventSettings.userId, userId));
}

export async function eventReminders(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ reminders: memberEventSettings.reminders })
    .from(memberEventSettings)
    .where(eq(memberEventSettings.userId, userId))
    .limit(1);
  return row?.reminders ?? true;
}

/**
 * The personal feed of the member whose secret this is: every event they are going to (a series
 * as a whole, with its RRULE) that they may still see, cancelled ones marked so calendars remove
 * them. Null for an unknown or regenerated secret.
 */
export async function feedCalendar(token: string): Promise<string | null> {
  if (token.length < 20 || token.length > 64) return null;
  const [owner] = await db()
    .select({ userId: memberEventSettings.userId })
    .from(memberEventSettings)
    .where(eq(memberEventSettings.feedToken, token))
    .limit(1);
  if (!owner) return null;
  const actor = await actorById(owner.userId);
  if (!actor) return null;
  const rows = await calendarRows(actor, { goingUserId: owner.userId });
  return icsDocument(
    "Sanctuary",
    rows.map(({ row, changes }) => entryOf(row, changes, true)),
    now(),
  );
}
