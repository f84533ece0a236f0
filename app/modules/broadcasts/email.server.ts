import { serverT } from "#app/i18n/resources.server";
import type { Locale } from "#app/i18n/locales";
import { renderMarkdown } from "#app/lib/markdown.server";
import type { OutgoingEmail } from "#app/modules/email/index.server";
import type { BroadcastText } from "./types";
import { unsubscribeUrl } from "./unsubscribe.server";

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/**
 * A member's copy of an announcement: the Markdown as text and as sanitized HTML, a footer with
 * the unsubscribe link in their language, and the RFC 8058 headers mail programs turn into an
 * "Unsubscribe" button that POSTs to the same address.
 */
export function broadcastEmail(
  recipient: { userId: string; email: string; locale: Locale },
  text: BroadcastText,
): Omit<OutgoingEmail, "secrets"> {
  const link = unsubscribeUrl(recipient.userId);
  const t = serverT(recipient.locale);
  const footer = t("email.broadcast.footer", { link });
  return {
    to: recipient.email,
    subject: text.subject,
    text: `${text.body}\n\n--\n${footer}`,
    html: `${renderMarkdown(text.body)}<hr><p>${escapeHtml(t("email.broadcast.footerHtml"))} <a href="${escapeHtml(link)}">${escapeHtml(t("email.broadcast.unsubscribe"))}</a></p>`,
    headers: {
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
