import { and, eq } from "drizzle-orm";
import { publicUrl } from "#app/lib/config.server";
import { db, type Db } from "#app/db/client.server";
import { dateTimeFormat } from "#app/lib/intl";
import { isLocale } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";
import { user } from "#app/modules/auth/schema";
import { queueEmail } from "#app/modules/email/index.server";
import { notify } from "#app/modules/notifications/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { actorById } from "#app/modules/auth/index.server";
import type { CovenMembership, CovenRules } from "#app/modules/covens";
import { covenMembers, covens } from "#app/modules/covens/schema";
import { now } from "./clock";
import { canSeeEvent, type EventVisibility } from "./policy";
import {
  covenEventChanges,
  covenEventRemindersSent,
  covenEventRsvps,
  covenEvents,
  memberEventSettings,
} from "./schema";

/*
 * Reminders before an occurrence (issue 11 §2): a pg-boss job per member, occurrence and offset,
 * sent with `startAfter` by reminders.server.ts. When it runs it checks again that the event and
 * the occurrence still stand where the job expects, that the member is still going and still
 * wants reminders, then writes the in-app notification together with a row in
 * coven_event_reminders_sent (so a job delivered twice, or sent again after a move, reminds
 * once), and after that commit sends the e-mail in the member's language.
 */

export const REMINDER_QUEUE = "coven-events.reminder";
/** Minutes before the start: a day and an hour. */
export const REMINDER_OFFSETS = [24 * 60, 60] as const;
export type ReminderOffset = (typeof REMINDER_OFFSETS)[number];

export interface ReminderJob {
  eventId: string;
  /** The occurrence's key (where the rule put it), ISO. */
  occurrenceStart: string;
  userId: string;
  offsetMinutes: ReminderOffset;
}

/** A job runs at most this early (a worker's clock a little ahead) and still counts as due. */
const EARLY_MS = 5 * 60_000;

interface Due {
  email: string;
  name: string;
  language: string | null;
  title: string;
  start: Date;
  timeZone: string;
  url: string;
  offsetMinutes: ReminderOffset;
}

async function stillVisible(
  tx: Db,
  event: { visibility: EventVisibility; covenId: string | null; cancelledAt: Date | null },
  userId: string,
): Promise<boolean> {
  const actor = await actorById(userId, tx);
  let coven: CovenRules | null = null;
  let membership: CovenMembership | null = null;
  if (event.covenId) {
    const [row] = await tx
      .select({
        visibility: covens.visibility,
        archivedAt: covens.archivedAt,
        memberCount: covens.memberCount,
        memberLimit: covens.memberLimit,
        role: covenMembers.role,
        bannedAt: covenMembers.bannedAt,
      })
      .from(covens)
      .leftJoin(
        covenMembers,
        and(eq(covenMembers.covenId, covens.id), eq(covenMembers.userId, userId)),
      )
      .where(eq(covens.id, event.covenId))
      .limit(1);
    if (!row) return false;
    coven = {
      visibility: row.visibility,
      archived: row.archivedAt !== null,
      memberCount: row.memberCount,
      memberLimit: row.memberLimit,
    };
    membership = row.role ? { role: row.role, banned: row.bannedAt !== null } : null;
  }
  return canSeeEvent(
    actor,
    { visibility: event.visibility, cancelled: event.cancelledAt !== null, coven },
    membership,
  );
}

async function claim(tx: Db, job: ReminderJob): Promise<Due | null> {
  const occurrenceStart = new Date(job.occurrenceStart);
  const [event] = await tx
    .select({
      title: covenEvents.title,
      timeZone: covenEvents.timeZone,
      cancelledAt: covenEvents.cancelledAt,
      visibility: covenEvents.visibility,
      covenId: covenEvents.covenId,
    })
    .from(covenEvents)
    .where(eq(covenEvents.id, job.eventId))
    .limit(1);
  if (!event || event.cancelledAt) return null;
  const [change] = await tx
    .select()
    .from(covenEventChanges)
    .where(
      and(
        eq(covenEventChanges.eventId, job.eventId),
        eq(covenEventChanges.originalStart, occurrenceStart),
      ),
    )
    .limit(1);
  if (change?.cancelled) return null;
  const start = change?.startAt ?? occurrenceStart;
  const due = start.getTime() - job.offsetMinutes * 60_000;
  const at = now().getTime();
  if (at < due - EARLY_MS || at >= start.getTime()) return null;
  const [member] = await tx
    .select({
      status: covenEventRsvps.status,
      email: user.email,
      name: profiles.displayName,
      language: profiles.language,
      reminders: memberEventSettings.reminders,
    })
    .from(covenEventRsvps)
    .innerJoin(user, eq(user.id, covenEventRsvps.userId))
    .innerJoin(profiles, eq(profiles.userId, covenEventRsvps.userId))
    .leftJoin(memberEventSettings, eq(memberEventSettings.userId, covenEventRsvps.userId))
    .where(
      and(
        eq(covenEventRsvps.eventId, job.eventId),
        eq(covenEventRsvps.occurrenceStart, occurrenceStart),
        eq(covenEventRsvps.userId, job.userId),
      ),
    )
    .limit(1);
  if (!member || member.status !== "going" || member.reminders === false) return null;
  // Still allowed to see it (a coven event after leaving the coven, a premium one after premium).
  if (!(await stillVisible(tx, event, job.userId))) return null;
  const first = await tx
    .insert(covenEventRemindersSent)
    .values({
      eventId: job.eventId,
      occurrenceStart,
      userId: job.userId,
      offsetMinutes: job.offsetMinutes,
    })
    .onConflictDoNothing()
    .returning({ userId: covenEventRemindersSent.userId });
  if (first.length === 0) return null;
  const url = `/covens/events/${job.eventId}`;
  await notify(tx, {
    userId: job.userId,
    content: {
      kind: "eventReminder",
      event: event.title,
      soon: job.offsetMinutes === 60 ? "hour" : "day",
    },
    actionUrl: url,
  });
  return {
    email: member.email,
    name: member.name,
    language: member.language,
    title: event.title,
    start,
    timeZone: event.timeZone,
    url,
    offsetMinutes: job.offsetMinutes,
  };
}

/** The reminder e-mail in the member's language, the time in the event's zone. */
function reminderEmail(due: Due) {
  const locale = isLocale(due.language) ? due.language : "en";
  const t = serverT(locale);
  const when = dateTimeFormat(locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: due.timeZone,
  }).format(due.start);
  return {
    to: due.email,
    subject: t(
      due.offsetMinutes === 60
        ? "events.email.reminderSubjectHour"
        : "events.email.reminderSubjectDay",
      { title: due.title },
    ),
    text: t("events.email.reminderBody", {
      name: due.name,
      title: due.title,
      when: `${when} (${due.timeZone})`,
      link: `${publicUrl()}${due.url}`,
    }),
  };
}

export async function runReminder(job: ReminderJob): Promise<void> {
  // The sent mark, the in-app notice and the e-mail's delivery job commit together: the reminder
  // is claimed once, and the e-mail module retries a refused delivery with backoff.
  await db().transaction(async (tx) => {
    const due = await claim(tx as unknown as Db, job);
    if (due) await queueEmail(tx as unknown as Db, reminderEmail(due));
  });
}

export const reminderTask = {
  queue: REMINDER_QUEUE,
  run: (data: unknown) => runReminder(data as ReminderJob),
};
