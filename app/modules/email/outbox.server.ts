import { desc } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { redactSecrets } from "#app/lib/secrets";
import { emailOutbox } from "./schema";

/** The newest e-mails for /admin/outbox, with any token-bearing link hidden (older rows too). */
export async function recentEmails(limit = 50) {
  const rows = await db()
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      textBody: emailOutbox.textBody,
      status: emailOutbox.status,
      error: emailOutbox.error,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    textBody: redactSecrets(row.textBody),
    error: row.error === null ? null : redactSecrets(row.error),
  }));
}
