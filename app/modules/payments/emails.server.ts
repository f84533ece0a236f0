import { eq } from "drizzle-orm";
import { publicUrl } from "#app/lib/config.server";
import { db } from "#app/db/client.server";
import { isLocale } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";
import { user } from "#app/modules/auth/schema";
import { sendEmail } from "#app/modules/email/index.server";
import { formatMoney } from "#app/modules/memberships";
import { profiles } from "#app/modules/profiles/schema";
import { logger } from "#app/lib/logger.server";
import { dateTimeFormat } from "#app/lib/intl";

export type BillingEmail =
  | {
      kind: "receipt";
      amount: number;
      currency: string;
      receiptNumber: number;
      paidAt: Date;
      periodEnd: Date | null;
    }
  | { kind: "paymentFailed"; amount: number; currency: string }
  | { kind: "cancellation"; accessUntil: Date | null };

/**
 * A billing e-mail (receipt, failed payment, cancellation confirmed) in the member's chosen
 * language. Sent after the transaction that caused it committed; a failure to send is logged,
 * never undoes the payment.
 */
export async function sendBillingEmail(userId: string, email: BillingEmail): Promise<void> {
  try {
    const [member] = await db()
      .select({ email: user.email, name: profiles.displayName, language: profiles.language })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, userId))
      .limit(1);
    if (!member) return;
    const locale = isLocale(member.language) ? member.language : "en";
    const t = serverT(locale);
    const date = (d: Date | null) =>
      d ? dateTimeFormat(locale, { dateStyle: "long" }).format(d) : "—";
    const billingLink = `${publicUrl()}/billing`;
    if (email.kind === "receipt") {
      await sendEmail({
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
      await sendEmail({
        to: member.email,
        subject: t("billing.email.failedSubject"),
        text: t("billing.email.failedBody", {
          name: member.name,
          amount: formatMoney(email.amount, email.currency, locale),
          link: billingLink,
        }),
      });
    } else {
      await sendEmail({
        to: member.email,
        subject: t("billing.email.cancelSubject"),
        text: t("billing.email.cancelBody", {
          name: member.name,
          date: date(email.accessUntil),
          link: billingLink,
        }),
      });
    }
  } catch (error) {
    logger.error({ err: error, userId, kind: email.kind }, "billing e-mail failed");
  }
}

/** R-000042 */
export function receiptLabel(receiptNumber: number): string {
  return `R-${String(receiptNumber).padStart(6, "0")}`;
}
