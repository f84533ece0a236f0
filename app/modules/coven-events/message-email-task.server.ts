import { and, eq, inArray, isNull } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { isLocale } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";
import { publicUrl } from "#app/lib/config.server";
import { user } from "#app/modules/auth/schema";
import { queueEmail } from "#app/modules/email/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { now } from "./clock";
import { covenEventMessageRecipients, covenEventMessages, covenEvents } from "./schema";

/*
 * The e-mails of a host's message (messages.server.ts): one job per message, queued by the
 * `event.messaged` subscriber. It claims the recipients not yet e-mailed and queues their e-mails
 * (the e-mail module's delivery jobs, retried with backoff) in the same transaction, so a job
 * delivered twice mails no one twice. It is a task (app/modules/events/tasks.server.ts), so it
 * imports nothing of the events module.
 */

export const MESSAGE_EMAIL_QUEUE = "coven-events.message-email";

interface Claimed {
  email: string;
  name: string;
  language: string | null;
}

/** The recipients not yet e-mailed, marked as e-mailed in the same transaction. */
async function claimRecipients(tx: Db, messageId: string): Promise<Claimed[]> {
  const claimed = await tx
    .update(covenEventMessageRecipients)
    .set({ emailedAt: now() })
    .where(
      and(
        eq(covenEventMessageRecipients.messageId, messageId),
        isNull(covenEventMessageRecipients.emailedAt),
      ),
    )
    .returning({ userId: covenEventMessageRecipients.userId });
  if (claimed.length === 0) return [];
  return tx
    .select({ email: user.email, name: profiles.displayName, language: profiles.language })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where(
      inArray(
        user.id,
        claimed.map((row) => row.userId),
      ),
    );
}

/** Queues a message's e-mails, each in its recipient's language. */
export async function runMessageEmails(messageId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [message] = await handle
      .select({
        body: covenEventMessages.body,
        eventId: covenEventMessages.eventId,
        occurrenceStart: covenEventMessages.occurrenceStart,
        title: covenEvents.title,
        rrule: covenEvents.rrule,
        senderName: profiles.displayName,
      })
      .from(covenEventMessages)
      .innerJoin(covenEvents, eq(covenEvents.id, covenEventMessages.eventId))
      .leftJoin(profiles, eq(profiles.userId, covenEventMessages.senderId))
      .where(
        // A cancelled event's message is not mailed after the fact.
        and(eq(covenEventMessages.id, messageId), isNull(covenEvents.cancelledAt)),
      )
      .limit(1);
    if (!message) return;
    const link = `${publicUrl()}/covens/events/${message.eventId}${
      message.rrule
        ? `?occurrence=${encodeURIComponent(message.occurrenceStart.toISOString())}`
        : ""
    }`;
    for (const recipient of await claimRecipients(handle, messageId)) {
      const t = serverT(isLocale(recipient.language) ? recipient.language : "en");
      await queueEmail(handle, {
        to: recipient.email,
        subject: t("events.email.messageSubject", { title: message.title }),
        text: t("events.email.messageBody", {
          name: recipient.name,
          sender: message.senderName ?? "",
          title: message.title,
          message: message.body,
          link,
        }),
      });
    }
  });
}

export const messageEmailTask = {
  queue: MESSAGE_EMAIL_QUEUE,
  run: (data: unknown) => runMessageEmails((data as { messageId: string }).messageId),
};
