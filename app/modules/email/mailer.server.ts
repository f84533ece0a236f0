import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { config } from "#app/lib/config.server";
import { logger } from "#app/lib/logger.server";
import { db } from "#app/db/client.server";
import { redactSecrets } from "#app/lib/secrets";
import { emailOutbox, type EmailAttachment, type OutboxStatus } from "./schema";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (a calendar invitation); stored with the outbox row. */
  attachments?: EmailAttachment[];
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on announcements). */
  headers?: Record<string, string>;
  /**
   * Parts only the recipient may read (the token of a reset link): delivered by SMTP, never
   * stored in the outbox or logged. Token-bearing links are hidden even when not listed.
   */
  secrets?: string[];
}

let transport: Transporter | undefined;
let transportUrl: string | undefined;

function smtpTransport(url: string): Transporter {
  if (!transport || transportUrl !== url) {
    transport = nodemailer.createTransport(url);
    transportUrl = url;
  }
  return transport;
}

/** The outbox row of a message: its text without secrets, whatever became of the delivery. */
async function record(
  message: OutgoingEmail,
  status: "stored" | "sent" | "failed",
  error?: string,
): Promise<void> {
  await db()
    .insert(emailOutbox)
    .values(outboxRow(message, status, error));
}

/** What the outbox keeps of a message: never its secrets, nor a token-bearing link. */
export function outboxRow(message: OutgoingEmail, status: OutboxStatus, error?: string) {
  return {
    toAddress: message.to,
    subject: message.subject,
    textBody: redactSecrets(message.text, message.secrets),
    htmlBody: message.html === undefined ? null : redactSecrets(message.html, message.secrets),
    attachments: message.attachments?.length ? message.attachments : null,
    headers: message.headers ?? null,
    status,
    error: error === undefined ? null : redactSecrets(error, message.secrets),
  };
}

/** One SMTP delivery from MAIL_FROM; throws what the server or the connection answered. */
export async function transmit(smtpUrl: string, message: OutgoingEmail): Promise<void> {
  await smtpTransport(smtpUrl).sendMail({
    from: config().MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    attachments: message.attachments?.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.content,
    })),
  });
}

/**
 * Sends an e-mail through SMTP when SMTP_URL is set, while the caller waits (the account e-mails:
 * reset links and their kind, decision 038). Either way the message is recorded in the outbox
 * without its secrets (decision 005, docs/ARCHITECTURE.md "E-mail"). Without SMTP the outbox row
 * is all there is: a message carrying a secret (a reset link) cannot be delivered. A failed
 * delivery is recorded and logged, not retried: other e-mails go through `queueEmail`.
 */
export async function sendEmail(message: OutgoingEmail): Promise<void> {
  const { SMTP_URL } = config();
  if (!SMTP_URL) {
    await record(message, "stored");
    logger.info(
      { to: message.to, subject: message.subject },
      "email stored in outbox (no SMTP_URL)",
    );
    return;
  }
  try {
    await transmit(SMTP_URL, message);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logger.error(
      { to: message.to, subject: message.subject, reason: redactSecrets(reason, message.secrets) },
      "email delivery failed",
    );
    await record(message, "failed", reason);
    return;
  }
  await record(message, "sent");
}
