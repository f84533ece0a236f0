import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { config } from "#server/config";
import { logger } from "#server/logger";
import { db } from "#app/db/client.server";
import { emailOutbox } from "./schema";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
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

/**
 * Sends an e-mail through SMTP when SMTP_URL is set. Either way the message is recorded in the
 * outbox; without SMTP the outbox row is the delivery and its text (with any link) is logged so
 * the embedded default works end to end.
 */
export async function sendEmail(message: OutgoingEmail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = config();
  if (!SMTP_URL) {
    await db().insert(emailOutbox).values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      status: "stored",
    });
    logger.info({ to: message.to, subject: message.subject, body: message.text }, "email stored in outbox (no SMTP_URL)");
    return;
  }
  try {
    await smtpTransport(SMTP_URL).sendMail({
      from: MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    await db().insert(emailOutbox).values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      status: "sent",
    });
  } catch (error) {
    logger.error({ err: error, to: message.to, subject: message.subject }, "email delivery failed");
    await db().insert(emailOutbox).values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      status: "failed",
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
