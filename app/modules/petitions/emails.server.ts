import { publicUrl } from "#app/lib/config.server";
import { dateTimeFormat } from "#app/lib/intl";
import type { Db } from "#app/db/client.server";
import { isLocale } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";
import { queueEmail } from "#app/modules/email/index.server";
import type { EventOf } from "#app/modules/events/index.server";

/**
 * The e-mail a member gets when their ritual request moves, in their chosen language, queued in
 * the subscriber's transaction (so once per move) and delivered with retries by the e-mail worker.
 */
export async function queuePetitionEmail(
  tx: Db,
  change: EventOf<"petition.changed">,
): Promise<void> {
  const contact = change.contact;
  if (!contact) return;
  const locale = isLocale(contact.language) ? contact.language : "en";
  const t = serverT(locale);
  const date = change.date
    ? dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(`${change.date}T12:00:00Z`),
      )
    : "";
  await queueEmail(tx, {
    to: contact.email,
    subject: t("petitions.email.subject", {
      ritual: change.ritual,
      status: t(`petitions.status.${change.status}`),
    }),
    text: t(`petitions.email.${change.status}`, {
      name: contact.name,
      ritual: change.ritual,
      reason: change.reason ?? "",
      date,
      link: `${publicUrl()}${change.url}`,
    }),
  });
}
