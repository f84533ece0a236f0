import { eq } from "drizzle-orm";
import { config } from "#app/lib/config.server";
import { logger } from "#app/lib/logger.server";
import { db } from "#app/db/client.server";
import { transmit } from "./mailer.server";
import { emailOutbox, type OutboxStatus } from "./schema";

/** The pg-boss queue of queued e-mails; a job names the outbox row it delivers. */
export const EMAIL_QUEUE = "email.send";

export interface EmailJob {
  outboxId: string;
}

/** SMTP answers 5xx when a message will never be taken (unknown mailbox, refused content). */
function refusedForGood(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * Delivers one queued e-mail from its outbox row. A temporary failure (a 4xx answer, a server
 * that is down or drops the connection) marks the row `retrying` and throws, so pg-boss runs the
 * job again later; the last attempt, or a 5xx answer, leaves it `failed`. A job delivered again
 * after the row says `sent` (its completion was lost) sends nothing.
 */
export async function deliverQueued(job: EmailJob, attempt: { last: boolean }): Promise<void> {
  const [row] = await db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.id, job.outboxId))
    .limit(1);
  if (!row || row.status === "sent" || row.status === "failed") return;
  const { SMTP_URL } = config();
  const setStatus = (status: OutboxStatus, error: string | null) =>
    db().update(emailOutbox).set({ status, error }).where(eq(emailOutbox.id, row.id));
  if (!SMTP_URL) {
    // SMTP was turned off after the message was queued: it stays readable in the outbox.
    await setStatus("stored", null);
    return;
  }
  try {
    await transmit(SMTP_URL, {
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody ?? undefined,
      attachments: row.attachments ?? undefined,
      headers: row.headers ?? undefined,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const final = attempt.last || refusedForGood(error);
    logger.error(
      { to: row.toAddress, subject: row.subject, reason, final },
      final ? "email delivery failed" : "email delivery failed; it will be tried again",
    );
    await setStatus(final ? "failed" : "retrying", reason);
    if (!final) throw error;
    return;
  }
  await setStatus("sent", null);
}

/** The queue's task (app/modules/events/tasks.server.ts): retried for about two hours. */
export const emailTask = {
  queue: EMAIL_QUEUE,
  run: (data: unknown, attempt: { last: boolean }) => deliverQueued(data as EmailJob, attempt),
  // 30 s, 1, 2, 4 … minutes, at most an hour apart: past greylisting and a mail server's restart.
  retry: { limit: 8, delaySeconds: 30, maxDelaySeconds: 3600 },
};
