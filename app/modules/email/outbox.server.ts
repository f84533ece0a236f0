import { desc } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { emailOutbox } from "./schema";

export async function recentEmails(limit = 50) {
  return db()
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
}
