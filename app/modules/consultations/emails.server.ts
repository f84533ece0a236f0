import type { Db } from "#app/db/client.server";
import { isLocale } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";
import { dateTimeFormat } from "#app/lib/intl";
import { icsDocument } from "#app/modules/calendar/index.server";
import { isTimeZone } from "#app/modules/calendar";
import { queueEmail } from "#app/modules/email/index.server";
import type { EventOf } from "#app/modules/events/index.server";
import { now } from "./clock";

/** The consultation's time as the member booked it: in their zone, named. */
function when(locale: string, iso: string, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  const text = dateTimeFormat(locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: zone,
  }).format(new Date(iso));
  return `${text} (${zone})`;
}

/**
 * The invitation's calendar file: one event in UTC, its UID the booking's id at the site's host.
 * A cancellation is the same event with a higher sequence and STATUS:CANCELLED, which calendars
 * apply to the invitation they hold.
 */
export function consultationIcs(
  event: EventOf<"consultation.booked"> | EventOf<"consultation.cancelled">,
  title: string,
): string {
  const host = new URL(event.url).host;
  const cancelled = event.name === "consultation.cancelled";
  return icsDocument(
    title,
    [
      {
        uid: `consultation-${event.consultationId}@${host}`,
        sequence: cancelled ? 1 : 0,
        title,
        description: event.url,
        url: event.url,
        location: null,
        start: new Date(event.startsAt),
        end: new Date(event.endsAt),
        timeZone: "UTC",
        rrule: null,
        changes: [],
        cancelled,
        updatedAt: now(),
      },
    ],
    now(),
  );
}

/**
 * An e-mail about the member's consultation in their language, with the calendar file that adds
 * the invitation (booked) or takes it out again (cancelled). Booked names the zone it was booked in.
 */
async function queueInvitationEmail(
  tx: Db,
  event: EventOf<"consultation.booked"> | EventOf<"consultation.cancelled">,
  keys: { subject: "bookedSubject" | "cancelledSubject"; body: "bookedBody" | "cancelledBody" },
) {
  if (!event.contact) return;
  const locale = isLocale(event.contact.language) ? event.contact.language : "en";
  const t = serverT(locale);
  const zone = event.name === "consultation.booked" ? event.timeZone : "UTC";
  await queueEmail(tx, {
    to: event.contact.email,
    subject: t(`consultations.email.${keys.subject}`, { name: event.masterName }),
    text: t(`consultations.email.${keys.body}`, {
      member: event.contact.name,
      name: event.masterName,
      when: when(locale, event.startsAt, zone),
      link: event.url,
    }),
    attachments: [
      {
        filename: "consultation.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: consultationIcs(
          event,
          t("consultations.email.eventTitle", { name: event.masterName }),
        ),
      },
    ],
  });
}

/** The booking's confirmation, with the .ics attached. */
export function queueBookedEmail(tx: Db, event: EventOf<"consultation.booked">) {
  return queueInvitationEmail(tx, event, { subject: "bookedSubject", body: "bookedBody" });
}

/** The member's cancellation confirmed, with the calendar file that cancels the invitation. */
export function queueCancelledEmail(tx: Db, event: EventOf<"consultation.cancelled">) {
  return queueInvitationEmail(tx, event, { subject: "cancelledSubject", body: "cancelledBody" });
}

/** The member is told their consultation was discarded, and why. */
export async function queueDiscardedEmail(tx: Db, event: EventOf<"consultation.discarded">) {
  if (!event.contact) return;
  const locale = isLocale(event.contact.language) ? event.contact.language : "en";
  const t = serverT(locale);
  await queueEmail(tx, {
    to: event.contact.email,
    subject: t("consultations.email.discardedSubject", { name: event.masterName }),
    text: t("consultations.email.discardedBody", {
      member: event.contact.name,
      name: event.masterName,
      when: when(locale, event.startsAt, "UTC"),
      reason: event.reason,
      link: event.url,
    }),
  });
}
