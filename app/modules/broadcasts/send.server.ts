import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { isLocale, type Locale } from "#app/i18n/locales";
import { plainText } from "#app/lib/plain-text";
import { user } from "#app/modules/auth/schema";
import { queueEmail } from "#app/modules/email/index.server";
import { notify } from "#app/modules/notifications/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { broadcastEmail } from "./email.server";
import { BATCH_SIZE } from "./limits";
import { broadcastDeliveries, broadcasts } from "./schema";
import type { BroadcastText, Translations } from "./types";

/*
 * The send job (decision 072). Sending a broadcast wrote one delivery row per member of its
 * audience and queued one job; the job reaches the members in batches, each batch one
 * transaction that claims pending rows (FOR UPDATE SKIP LOCKED, so two runs of the job never take
 * the same member), writes each member's notification and outbox e-mail, marks the rows
 * delivered and adds to the figures. A crash rolls back the batch it was in; pg-boss runs the
 * job again and it goes on from the rows still pending, so every member is reached exactly once.
 * It is a task (app/modules/events/tasks.server.ts), so it imports nothing of the events module.
 */

export const BROADCAST_QUEUE = "broadcasts.send";

export interface BroadcastJob {
  broadcastId: string;
}

/** The text a member receives: the translation into their language if there is one. */
export function textFor(
  base: BroadcastText,
  translations: Translations,
  language: string | null,
): { text: BroadcastText; locale: Locale } {
  const locale = isLocale(language) ? language : "en";
  const translated = language ? translations[language] : undefined;
  return { text: translated ?? base, locale };
}

/** Reaches one batch of pending members; returns how many it reached (0: none was left). */
async function sendBatch(broadcastId: string, size: number): Promise<number> {
  return db().transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [broadcast] = await tx
      .select()
      .from(broadcasts)
      .where(eq(broadcasts.id, broadcastId))
      .limit(1);
    if (!broadcast || broadcast.status !== "sending") return 0;
    const claimed = (
      (await tx.execute(sql`
        select d.user_id from broadcast_deliveries d
        where d.broadcast_id = ${broadcastId}::uuid and d.delivered_at is null
        order by d.user_id limit ${size}::int
        for update skip locked`)) as unknown as { rows: { user_id: string }[] }
    ).rows.map((row) => row.user_id);
    if (claimed.length === 0) {
      await finishIfDone(tx, broadcastId);
      return 0;
    }
    const members = await tx
      .select({
        userId: user.id,
        email: user.email,
        language: profiles.language,
        broadcastEmails: profiles.broadcastEmails,
      })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(inArray(user.id, claimed));
    const base = { subject: broadcast.subject, body: broadcast.body };
    let notified = 0;
    let emailed = 0;
    let optedOut = 0;
    for (const member of members) {
      const { text, locale } = textFor(base, broadcast.translations, member.language);
      const wantsEmail = broadcast.channels.email && member.broadcastEmails;
      const skippedEmail = broadcast.channels.email && !member.broadcastEmails;
      if (broadcast.channels.inApp) {
        await notify(tx, {
          userId: member.userId,
          content: {
            kind: "broadcast",
            subject: text.subject,
            preview: plainText(text.body).slice(0, 200),
          },
        });
        notified += 1;
      }
      if (wantsEmail) {
        await queueEmail(
          tx,
          broadcastEmail({ userId: member.userId, email: member.email, locale }, text),
        );
        emailed += 1;
      }
      if (skippedEmail) optedOut += 1;
      await tx
        .update(broadcastDeliveries)
        .set({
          deliveredAt: new Date(),
          notified: broadcast.channels.inApp,
          emailed: wantsEmail,
          optedOut: skippedEmail,
        })
        .where(
          and(
            eq(broadcastDeliveries.broadcastId, broadcastId),
            eq(broadcastDeliveries.userId, member.userId),
          ),
        );
    }
    // A member whose account went between the start and this batch has nothing to receive.
    const gone = claimed.filter((id) => !members.some((m) => m.userId === id));
    if (gone.length > 0)
      await tx
        .update(broadcastDeliveries)
        .set({ deliveredAt: new Date() })
        .where(
          and(
            eq(broadcastDeliveries.broadcastId, broadcastId),
            inArray(broadcastDeliveries.userId, gone),
          ),
        );
    await tx
      .update(broadcasts)
      .set({
        delivered: sql`${broadcasts.delivered} + ${claimed.length}`,
        notified: sql`${broadcasts.notified} + ${notified}`,
        emailed: sql`${broadcasts.emailed} + ${emailed}`,
        optedOut: sql`${broadcasts.optedOut} + ${optedOut}`,
      })
      .where(eq(broadcasts.id, broadcastId));
    return claimed.length;
  });
}

/** Marks the broadcast sent once no delivery row is pending (and no other run holds one). */
async function finishIfDone(tx: Db, broadcastId: string): Promise<void> {
  const [pending] = await tx
    .select({ userId: broadcastDeliveries.userId })
    .from(broadcastDeliveries)
    .where(
      and(
        eq(broadcastDeliveries.broadcastId, broadcastId),
        isNull(broadcastDeliveries.deliveredAt),
      ),
    )
    .limit(1);
  if (pending) return;
  await tx
    .update(broadcasts)
    .set({ status: "sent", sentAt: new Date() })
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.status, "sending")));
}

/**
 * Works through a broadcast's pending deliveries, one transaction per batch, until none is left;
 * then marks it sent. Safe to run any number of times, at once or one after another.
 */
export async function sendBroadcast(
  broadcastId: string,
  options: { batchSize?: number } = {},
): Promise<void> {
  const size = options.batchSize ?? BATCH_SIZE;
  while ((await sendBatch(broadcastId, size)) > 0) {
    // Each batch commits before the next starts: the progress bar moves batch by batch.
  }
}

export const broadcastTask = {
  queue: BROADCAST_QUEUE,
  run: (data: unknown) => sendBroadcast((data as BroadcastJob).broadcastId),
};
