import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { totalRows, paginate } from "#app/db/paginate.server";
import { logger } from "#app/lib/logger.server";
import type { Page } from "#app/lib/pagination";
import { recordAudit } from "#app/modules/audit/index.server";
import { reindexIn } from "#app/modules/knowledge/index.server";
import { slugify } from "#app/modules/profiles";
import {
  chatConversations,
  chatFaq,
  chatFaqAsks,
  chatMessages,
  type ChatFaqStatus,
} from "./schema";
import { FAQ_LIMITS } from "./faq-validation";

/** SPEC §9: at most this many conversations per run of the FAQ learning job. */
export const FAQ_SYNC_BATCH = 100;
/**
 * pg_trgm similarity from which two normalised questions count as the same question (decision
 * 062): "how do i join a coven" / "how can i join a coven" 0.76 are one; "… join a coven" /
 * "… leave a coven" 0.61 and "monthly plan" / "yearly plan" 0.67 stay apart.
 */
export const FAQ_SIMILARITY = 0.7;
export const FAQ_PAGE_SIZE = 20;
export const FAQ_SYNC_QUEUE = "guide.faq-sync";

/**
 * A question as grouping compares it: Unicode-normalised, lower case, every run of what is not
 * a letter or digit (punctuation, emoji, spaces) one space. "How do I join a coven?" and
 * "how do i join a coven" are one question.
 */
export function normalizeQuestion(text: string): string {
  return text
    .normalize("NFKC")
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The entry a question belongs to: an exact or near-duplicate one, followed through merges. */
async function groupFor(tx: Db, question: string, normalized: string): Promise<string | null> {
  // SPEC §7 "read chat_faq id by question" first; then the same normalised text or a close one.
  const [exact] = await tx
    .select({ id: chatFaq.id })
    .from(chatFaq)
    .where(eq(chatFaq.question, question))
    .limit(1);
  let id = exact?.id ?? null;
  if (!id && normalized !== "") {
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(FAQ_SIMILARITY)}, true)`,
    );
    const [near] = await tx
      .select({ id: chatFaq.id })
      .from(chatFaq)
      .where(or(eq(chatFaq.normalized, normalized), sql`${chatFaq.normalized} % ${normalized}`))
      .orderBy(
        desc(sql`${chatFaq.normalized} = ${normalized}`),
        desc(sql`similarity(${chatFaq.normalized}, ${normalized})`),
        asc(chatFaq.createdAt),
      )
      .limit(1);
    id = near?.id ?? null;
  }
  // A merged entry counts for the one it went into (a chain of merges is followed a few steps).
  for (let hop = 0; id && hop < 10; hop++) {
    const [row] = await tx
      .select({ mergedIntoId: chatFaq.mergedIntoId })
      .from(chatFaq)
      .where(eq(chatFaq.id, id));
    if (!row?.mergedIntoId) break;
    id = row.mergedIntoId;
  }
  return id;
}

/**
 * One question and the guide's answer: counted for the entry it duplicates (nearly), else a new
 * unapproved entry (SPEC §7 "insert chat_faq": question, answer, conversation_id, is_approved
 * false). Each visitor message counts once however often the job reads it. True when inserted.
 */
async function learnPair(
  tx: Db,
  conversationId: string,
  ask: { id: string; content: string; createdAt: Date },
  answer: string,
): Promise<boolean> {
  const [seen] = await tx
    .select({ id: chatFaqAsks.messageId })
    .from(chatFaqAsks)
    .where(eq(chatFaqAsks.messageId, ask.id));
  if (seen) return false;
  const question = ask.content.trim().slice(0, FAQ_LIMITS.questionMax);
  const normalized = normalizeQuestion(question);
  let faqId = await groupFor(tx, question, normalized);
  let inserted = false;
  if (!faqId) {
    const [row] = await tx
      .insert(chatFaq)
      .values({
        question,
        answer: answer.slice(0, FAQ_LIMITS.answerMax),
        conversationId,
        isApproved: false,
        status: "candidate",
        normalized,
      })
      .returning({ id: chatFaq.id });
    faqId = row!.id;
    inserted = true;
  }
  await tx
    .insert(chatFaqAsks)
    .values({ messageId: ask.id, faqId, askedAt: ask.createdAt })
    .onConflictDoNothing();
  return inserted;
}

/**
 * The FAQ learning job (SPEC §5, §9): the newest active conversations (at most 100) with a
 * message since it last read them; one with fewer than 2 messages is skipped; every user message
 * directly followed by an assistant message is a question and its answer (`learnPair`).
 * "Active" is any conversation not closed: the chat creates them 'open' (SPEC §3).
 */
export async function syncFaq(): Promise<{ conversations: number; inserted: number }> {
  const conversations = await db()
    .select({ id: chatConversations.id, lastMessageAt: chatConversations.lastMessageAt })
    .from(chatConversations)
    .where(
      and(
        inArray(chatConversations.status, ["open", "active"]),
        or(
          isNull(chatConversations.faqScannedAt),
          lt(chatConversations.faqScannedAt, chatConversations.lastMessageAt),
        ),
      ),
    )
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(FAQ_SYNC_BATCH);
  let inserted = 0;
  for (const conversation of conversations) {
    inserted += await db().transaction(async (tx) => {
      const messages = await tx
        .select({
          id: chatMessages.id,
          senderType: chatMessages.senderType,
          content: chatMessages.content,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversation.id))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
      let added = 0;
      if (messages.length >= 2) {
        for (let i = 0; i + 1 < messages.length; i++) {
          const ask = messages[i]!;
          const reply = messages[i + 1]!;
          if (ask.senderType !== "user" || reply.senderType !== "bot") continue;
          if (ask.content.trim() === "" || reply.content.trim() === "") continue;
          if (await learnPair(tx, conversation.id, ask, reply.content)) added++;
        }
      }
      // Read up to the message seen; a newer one makes it due again.
      await tx
        .update(chatConversations)
        .set({ faqScannedAt: conversation.lastMessageAt })
        .where(eq(chatConversations.id, conversation.id));
      return added;
    });
  }
  return { conversations: conversations.length, inserted };
}

export const faqSyncTask = {
  queue: FAQ_SYNC_QUEUE,
  cron: "*/5 * * * *",
  run: async () => {
    try {
      await syncFaq();
    } catch (error) {
      logger.error({ err: error }, "FAQ sync error");
      throw error;
    }
  },
};

export interface FaqRow {
  id: string;
  question: string;
  answer: string;
  status: ChatFaqStatus;
  slug: string | null;
  asked: number;
  mergedIntoId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const askedCount =
  sql<number>`(select count(*) from ${chatFaqAsks} where ${chatFaqAsks.faqId} = ${chatFaq.id})`.mapWith(
    Number,
  );

/** /admin/chat-learning: the entries of one status, most asked first. */
export async function faqList(status: ChatFaqStatus, page: number): Promise<Page<FaqRow>> {
  return paginate(
    db()
      .select({
        id: chatFaq.id,
        question: chatFaq.question,
        answer: chatFaq.answer,
        status: chatFaq.status,
        slug: chatFaq.slug,
        asked: askedCount,
        mergedIntoId: chatFaq.mergedIntoId,
        createdAt: chatFaq.createdAt,
        updatedAt: chatFaq.updatedAt,
        total: totalRows(),
      })
      .from(chatFaq)
      .where(eq(chatFaq.status, status))
      .orderBy(desc(askedCount), desc(chatFaq.createdAt), asc(chatFaq.id)),
    { page, perPage: FAQ_PAGE_SIZE },
  );
}

/** Entries per status (the screen's tabs). */
export async function faqCounts(): Promise<Record<ChatFaqStatus, number>> {
  const rows = await db()
    .select({ status: chatFaq.status, count: sql<number>`count(*)::int` })
    .from(chatFaq)
    .groupBy(chatFaq.status);
  const counts = { candidate: 0, approved: 0, rejected: 0, merged: 0 };
  for (const r of rows) counts[r.status] = Number(r.count);
  return counts;
}

/** What an entry may be merged into: the other candidates and approved entries, most asked first. */
export async function mergeTargets(): Promise<Array<{ id: string; question: string }>> {
  return db()
    .select({ id: chatFaq.id, question: chatFaq.question })
    .from(chatFaq)
    .where(inArray(chatFaq.status, ["candidate", "approved"]))
    .orderBy(desc(askedCount), asc(chatFaq.id))
    .limit(200);
}

/** A free slug for the entry: the question's, numbered when another entry has it. */
async function freeSlug(tx: Db, question: string, id: string): Promise<string> {
  const base = slugify(question, 80, "faq");
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await tx
      .select({ id: chatFaq.id })
      .from(chatFaq)
      .where(eq(chatFaq.slug, slug))
      .limit(1);
    if (!taken || taken.id === id) return slug;
  }
}

export type FaqChange = "ok" | "notFound" | "badTarget";

async function current(tx: Db, id: string) {
  const [row] = await tx.select().from(chatFaq).where(eq(chatFaq.id, id)).for("update");
  return row ?? null;
}

/**
 * Saves the admin's question and answer; `approve` also publishes the entry (a slug on first
 * approval, kept after) and puts it in the guide's index, in the same transaction. Audited.
 */
export async function saveFaq(
  actorId: string,
  id: string,
  input: { question: string; answer: string; approve: boolean },
): Promise<FaqChange> {
  return db().transaction(async (tx) => {
    const row = await current(tx, id);
    if (!row || row.status === "merged") return "notFound";
    const approve = input.approve || row.status === "approved";
    const slug = approve ? (row.slug ?? (await freeSlug(tx, input.question, id))) : row.slug;
    const now = new Date();
    await tx
      .update(chatFaq)
      .set({
        question: input.question,
        answer: input.answer,
        normalized: normalizeQuestion(input.question),
        status: approve ? "approved" : row.status,
        isApproved: approve,
        slug,
        updatedAt: now,
        approvedAt: input.approve && row.status !== "approved" ? now : row.approvedAt,
      })
      .where(eq(chatFaq.id, id));
    await recordAudit(tx, {
      actorId,
      action: input.approve ? "chat-faq.approve" : "chat-faq.update",
      targetType: "chat_faq",
      targetId: id,
      details: {
        before: { question: row.question, status: row.status },
        after: { question: input.question, status: approve ? "approved" : row.status },
      },
    });
    await reindexIn(tx, "faq", id);
    return "ok";
  });
}

/** Rejects an entry: it stays (so the job does not learn the question again) but is not public. */
export async function rejectFaq(actorId: string, id: string): Promise<FaqChange> {
  return db().transaction(async (tx) => {
    const row = await current(tx, id);
    if (!row || row.status === "merged") return "notFound";
    await tx
      .update(chatFaq)
      .set({ status: "rejected", isApproved: false, updatedAt: new Date() })
      .where(eq(chatFaq.id, id));
    await recordAudit(tx, {
      actorId,
      action: "chat-faq.reject",
      targetType: "chat_faq",
      targetId: id,
      details: { before: { status: row.status } },
    });
    await reindexIn(tx, "faq", id);
    return "ok";
  });
}

/**
 * Merges an entry into another: its asks count for the target from then on, and so do later
 * near-duplicates of its question; it leaves the public FAQ. Audited.
 */
export async function mergeFaq(actorId: string, id: string, targetId: string): Promise<FaqChange> {
  if (id === targetId) return "badTarget";
  return db().transaction(async (tx) => {
    const row = await current(tx, id);
    if (!row || row.status === "merged") return "notFound";
    const target = await current(tx, targetId);
    if (!target || target.status === "merged" || target.status === "rejected") return "badTarget";
    await tx.update(chatFaqAsks).set({ faqId: targetId }).where(eq(chatFaqAsks.faqId, id));
    await tx
      .update(chatFaq)
      .set({ mergedIntoId: targetId, updatedAt: new Date() })
      .where(eq(chatFaq.mergedIntoId, id));
    await tx
      .update(chatFaq)
      .set({ status: "merged", isApproved: false, mergedIntoId: targetId, updatedAt: new Date() })
      .where(eq(chatFaq.id, id));
    await recordAudit(tx, {
      actorId,
      action: "chat-faq.merge",
      targetType: "chat_faq",
      targetId: id,
      details: { into: targetId, before: { status: row.status } },
    });
    await reindexIn(tx, "faq", id);
    return "ok";
  });
}

export interface PublicFaq {
  slug: string;
  question: string;
  answer: string;
  updatedAt: Date;
}

/** An approved entry by its address, or null. */
export async function faqBySlug(slug: string): Promise<PublicFaq | null> {
  if (slug.length > 200) return null;
  const [row] = await db()
    .select({
      slug: chatFaq.slug,
      question: chatFaq.question,
      answer: chatFaq.answer,
      updatedAt: chatFaq.updatedAt,
    })
    .from(chatFaq)
    .where(and(eq(chatFaq.slug, slug), eq(chatFaq.status, "approved")))
    .limit(1);
  return row ? { ...row, slug: row.slug! } : null;
}

/** The approved entries, most asked first (/help/faq, the sitemap). */
export async function approvedFaqs(limit = 500): Promise<PublicFaq[]> {
  const rows = await db()
    .select({
      slug: chatFaq.slug,
      question: chatFaq.question,
      answer: chatFaq.answer,
      updatedAt: chatFaq.updatedAt,
    })
    .from(chatFaq)
    .where(eq(chatFaq.status, "approved"))
    .orderBy(desc(askedCount), asc(chatFaq.question))
    .limit(limit);
  return rows.map((r) => ({ ...r, slug: r.slug! }));
}
