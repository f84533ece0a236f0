import { publicUrl } from "#app/lib/config.server";
import type { Locale } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";
import { sendEmail } from "#app/modules/email/index.server";
import { safeDisplayName } from "#app/modules/profiles";

/**
 * The password-reset e-mail in `locale`. The token is a secret of the message: delivered to the
 * member, never kept in the outbox or the log.
 */
export async function sendPasswordResetEmail(
  user: { email: string; name: string },
  token: string,
  locale: Locale,
  minutes: number,
): Promise<void> {
  const t = serverT(locale);
  const link = `${publicUrl()}/reset-password?token=${encodeURIComponent(token)}`;
  const text = t("email.reset.body", { name: safeDisplayName(user.name), link, minutes });
  await sendEmail({ to: user.email, subject: t("email.reset.subject"), text, secrets: [token] });
}
