import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { paginate, totalRows } from "#app/db/paginate.server";
import { renderMarkdown } from "#app/lib/markdown.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { covens } from "#app/modules/covens/schema";
import { queueTask } from "#app/modules/events/index.server";
import { audienceMembers } from "./audience.server";
import { PER_PAGE } from "./limits";
import { broadcasts, type BroadcastStatus } from "./schema";
import { BROADCAST_QUEUE, textFor, type BroadcastJob } from "./send.server";
import type { Audience } from "./types";
import type { ComposeInput, TranslationInput } from "./validation";

/** How many members an audience holds now. */
export async function audienceSize(audience: Audience): Promise<number> {
  const result = (await db().execute(
    sql`select count(*)::int as n from (${audienceMembers(audience)}) a`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** A new draft; audited. */
export async function createBroadcast(actorId: string, input: ComposeInput): Promise<string> {
  return db().transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const row = firstRow(
      await tx
        .insert(broadcasts)
        .values({ ...input, createdBy: actorId })
        .returning({ id: broadcasts.id }),
      "the new broadcast",
    );
    await recordAudit(tx, {
      actorId,
      action: "broadcast.create",
      targetType: "broadcast",
      targetId: row.id,
      details: { subject: input.subject, audience: input.audience, channels: input.channels },
    });
    return row.id;
  });
}

/** Changes a draft; false when it is not (or no longer) a draft. */
export async function updateDraft(id: string, input: ComposeInput): Promise<boolean> {
  const rows = await db()
    .update(broadcasts)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(broadcasts.id, id), eq(broadcasts.status, "draft")))
    .returning({ id: broadcasts.id });
  return rows.length > 0;
}

/** Adds or replaces a draft's translation into one language. */
export async function saveTranslation(id: string, input: TranslationInput): Promise<boolean> {
  const value = JSON.stringify({ [input.language]: { subject: input.subject, body: input.body } });
  const rows = await db()
    .update(broadcasts)
    .set({
      translations: sql`${broadcasts.translations} || ${value}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(broadcasts.id, id), eq(broadcasts.status, "draft")))
    .returning({ id: broadcasts.id });
  return rows.length > 0;
}

export async function removeTranslation(id: string, language: string): Promise<boolean> {
  const rows = await db()
    .update(broadcasts)
    .set({
      translations: sql`${broadcasts.translations} - ${language}::text`,
      updatedAt: new Date(),
    })
    .where(and(eq(broadcasts.id, id), eq(broadcasts.status, "draft")))
    .returning({ id: broadcasts.id });
  return rows.length > 0;
}

/**
 * Starts sending a draft: in one transaction it becomes `sending`, one delivery row is written
 * for each member its audience holds now (the audience is fixed at this moment), the send job is
 * queued and the audit row written. Null when it is not a draft (sent already, or twice clicked).
 */
export async function startSending(actorId: string, id: string): Promise<number | null> {
  return db().transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [broadcast] = await tx
      .update(broadcasts)
      .set({ status: "sending", startedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(broadcasts.id, id), eq(broadcasts.status, "draft")))
      .returning();
    if (!broadcast) return null;
    const inserted = (await tx.execute(sql`
      insert into broadcast_deliveries (broadcast_id, user_id)
      select ${id}::uuid, a.user_id from (${audienceMembers(broadcast.audience)}) a
      on conflict do nothing`)) as unknown as { affectedRows?: number; rowCount?: number };
    const recipients = Number(inserted.affectedRows ?? inserted.rowCount ?? 0);
    await tx.update(broadcasts).set({ recipients }).where(eq(broadcasts.id, id));
    const job: BroadcastJob = { broadcastId: id };
    await queueTask(tx, BROADCAST_QUEUE, job);
    await recordAudit(tx, {
      actorId,
      action: "broadcast.send",
      targetType: "broadcast",
      targetId: id,
      details: { subject: broadcast.subject, audience: broadcast.audience, recipients },
    });
    return recipients;
  });
}

const listColumns = {
  id: broadcasts.id,
  subject: broadcasts.subject,
  status: broadcasts.status,
  recipients: broadcasts.recipients,
  delivered: broadcasts.delivered,
  notified: broadcasts.notified,
  emailed: broadcasts.emailed,
  optedOut: broadcasts.optedOut,
  createdAt: broadcasts.createdAt,
  sentAt: broadcasts.sentAt,
};

/** One page of broadcasts, newest first, with their status and figures. */
export async function listBroadcasts(page: number) {
  return paginate(
    db()
      .select({ ...listColumns, total: totalRows() })
      .from(broadcasts)
      .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
      .$dynamic(),
    { page, perPage: PER_PAGE },
  );
}

export async function getBroadcast(id: string) {
  const [row] = await db().select().from(broadcasts).where(eq(broadcasts.id, id)).limit(1);
  return row ?? null;
}

/** A broadcast's subject and sanitized HTML as members in `language` would receive it. */
export function previewOf(
  broadcast: {
    subject: string;
    body: string;
    translations: Record<string, { subject: string; body: string }>;
  },
  language: string,
) {
  const { text } = textFor(broadcast, broadcast.translations, language || null);
  return { subject: text.subject, html: renderMarkdown(text.body) };
}

/** The covens an admin may address, by name. */
export async function covenChoices(): Promise<{ id: string; name: string }[]> {
  return db()
    .select({ id: covens.id, name: covens.name })
    .from(covens)
    .where(isNull(covens.archivedAt))
    .orderBy(asc(covens.name))
    .limit(500);
}

export type { BroadcastStatus };
