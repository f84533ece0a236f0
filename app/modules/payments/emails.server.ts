import { publicUrl } from "#app/lib/config.server";
import type { Db } from "#app/db/client.server";
import { isLocale } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";
import { queueEmail } from "#app/modules/email/index.server";
import type { BillingContact } from "#app/modules/events/index.server";
import { formatMoney } from "#app/modules/memberships";
import { dateTimeFormat } from "#app/lib/intl";

/** Dates as the events carry them: ISO instants. */
export type BillingEmail =
  | {
      kind: "receipt";
      amount: number;
      currency: string;
      receiptNumber: number;
      paidAt: string;
      periodEnd: string | null;
    }
  | { kind: "paymentFailed"; amount: number; currency: string }
  | { kind: "cancellation"; accessUntil: string | null };

/**
 * A billing e-mail (receipt, failed payment, cancellation confirmed) in the member's chosen
 * language, queued in `tx`: the subscriber's transaction (subscribers.server.ts), so it is
 * queued once per event, and delivered with retries by the e-mail worker.
 */
export async function queueBillingEmail(
  tx: Db,
  member: BillingContact,
  email: BillingEmail,
): Promise<void> {
  const locale = isLocale(member.language) ? member.language : "en";
  const t = serverT(locale);
  const date = (iso: string | null) =>
    iso ? dateTimeFormat(locale, { dateStyle: "long" }).format(new Date(iso)) : "—";
  const billingLink = `${publicUrl()}/billing`;
  if (email.kind === "receipt") {
    await queueEmail(tx, {
      to: member.email,
      subject: t("billing.email.receiptSubject", { number: receiptLabel(email.receiptNumber) }),
      text: t("billing.email.receiptBody", {
        name: member.name,
        amount: formatMoney(email.amount, email.currency, locale),
        number: receiptLabel(email.receiptNumber),
        date: date(email.paidAt),
        until: date(email.periodEnd),
        link: billingLink,
      }),
    });
  } else if (email.kind === "paymentFailed") {
    await queueEmail(tx, {
      to: member.email,
      subject: t("billing.email.failedSubject"),
      text: t("billing.email.failedBody", {
        name: member.name,
        amount: formatMoney(email.amount, email.currency, locale),
        link: billingLink,
      }),
    });
  } else {
    await queueEmail(tx, {
      to: member.email,
      subject: t("billing.email.cancelSubject"),
      text: t("billing.email.cancelBody", {
        name: member.name,
        date: date(email.accessUntil),
        link: billingLink,
      }),
    });
  }
}

/** R-000042 */
export function receiptLabel(receiptNumber: number): string {
  return `R-${String(receiptNumber).padStart(6, "0")}`;
}
