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

/** The invitation's calendar file: one event in UTC, its UID the booking's id at the site's host. */
export function consultationIcs(event: EventOf<"consultation.booked">, title: string): string {
  const host = new URL(event.url).host;
  return icsDocument(
    title,
    [
      {
        uid: `consultation-${event.consultationId}@${host}`,
        sequence: 0,
        title,
        description: event.url,
        url: event.url,
        location: null,
        start: new Date(event.startsAt),
        end: new Date(event.endsAt),
        timeZone: "UTC",
        rrule: null,
        changes: [],
        cancelled: false,
        updatedAt: now(),
      },
    ],
    now(),
  );
}

/** The booking's confirmation, in the member's language, with the .ics attached. */
export async function queueBookedEmail(tx: Db, event: EventOf<"consultation.booked">) {
  if (!event.contact) return;
  const locale = isLocale(event.contact.language) ? event.contact.language : "en";
  const t = serverT(locale);
  const title = t("consultations.email.eventTitle", { name: event.masterName });
  await queueEmail(tx, {
    to: event.contact.email,
    subject: t("consultations.email.bookedSubject", { name: event.masterName }),
    text: t("consultations.email.bookedBody", {
      member: event.contact.name,
      name: event.masterName,
      when: when(locale, event.startsAt, event.timeZone),
      link: event.url,
    }),
    attachments: [
      {
        filename: "consultation.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: consultationIcs(event, title),
      },
    ],
  });
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
