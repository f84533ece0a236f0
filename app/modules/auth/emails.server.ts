import { publicUrl } from "#server/config";
import { detectLocale } from "#app/i18n/detect";
import { DEFAULT_LOCALE } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";
import { sendEmail } from "#app/modules/email/mailer.server";

/** The password-reset e-mail, in the language of the request that asked for it. */
export async function sendPasswordResetEmail(
  user: { email: string; name: string },
  token: string,
  request?: Request,
): Promise<void> {
  const locale = request ? detectLocale(request) : DEFAULT_LOCALE;
  const t = serverT(locale);
  const link = `${publicUrl()}/reset-password?token=${encodeURIComponent(token)}`;
  const text = t("email.reset.body", { name: user.name, link, minutes: 60 });
  await sendEmail({ to: user.email, subject: t("email.reset.subject"), text, secrets: [token] });
}
