import { config } from "#app/lib/config.server";
import { logger } from "#app/lib/logger.server";
import type { Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { queueTask } from "#app/modules/events/index.server";
import { EMAIL_QUEUE, type EmailJob } from "./delivery.server";
import { outboxRow, type OutgoingEmail } from "./mailer.server";
import { emailOutbox } from "./schema";

/**
 * Queues an e-mail in the transaction `tx` of whatever caused it: its outbox row (`queued`) and
 * the job that delivers it exist only if that transaction commits. The worker sends it from the
 * row, retrying temporary SMTP failures (delivery.server.ts). A message is sent as the outbox
 * keeps it, so one with a secret cannot be queued: those go through `sendEmail`.
 */
export async function queueEmail(tx: Db, message: Omit<OutgoingEmail, "secrets">): Promise<void> {
  if (!config().SMTP_URL) {
    await tx.insert(emailOutbox).values(outboxRow(message, "stored"));
    logger.info(
      { to: message.to, subject: message.subject },
      "email stored in outbox (no SMTP_URL)",
    );
    return;
  }
  const row = firstRow(
    await tx
      .insert(emailOutbox)
      .values(outboxRow(message, "queued"))
      .returning({ id: emailOutbox.id }),
    "the queued e-mail's outbox row",
  );
  const job: EmailJob = { outboxId: row.id };
  await queueTask(tx, EMAIL_QUEUE, job);
}
