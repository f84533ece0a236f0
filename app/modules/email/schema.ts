import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A file sent with a message (an invitation's .ics): text content, kept with the outbox row. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * What became of a message: `stored` (no SMTP configured), `queued` (waiting for the worker),
 * `retrying` (an attempt failed, another follows; `error` says why), `sent`, or `failed` (refused
 * for good, or out of attempts).
 */
export type OutboxStatus = "stored" | "queued" | "retrying" | "sent" | "failed";

/**
 * Every e-mail the product sends, without its secrets (mailer.server.ts). With SMTP configured a
 * row records the delivery; without it the row is all there is: admins read it at /admin/outbox.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** Files sent with the message (queued e-mails are sent from the row). */
    attachments: jsonb("attachments").$type<EmailAttachment[]>(),
    /** Extra message headers (an announcement's List-Unsubscribe), sent as kept. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status").$type<OutboxStatus>().notNull(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_outbox_created_at_idx").on(t.createdAt)],
);
