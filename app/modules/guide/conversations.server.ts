import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import { logger } from "#app/lib/logger.server";
import type { Page } from "#app/lib/pagination";
import { profiles } from "#app/modules/profiles/schema";
import { getAllSettings } from "#app/modules/settings/index.server";
import { chatConversations, chatMessages } from "./schema";
import { RETENTION_DAYS, type ChatRating, type ConversationFilter } from "./validation";

export const CONVERSATIONS_PAGE_SIZE = 25;
export const RETENTION_QUEUE = "guide.chat-retention";
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ConversationRow {
  id: string;
  memberName: string | null;
  memberSlug: string | null;
  firstQuestion: string | null;
  messages: number;
  unanswered: number;
  thumbsDown: number;
  thumbsUp: number;
  createdAt: Date;
  lastMessageAt: Date;
}

const countOf = (where: SQL) =>
  sql<number>`(select count(*) from ${chatMessages} m where m.conversation_id = ${chatConversations.id} and ${where})`.mapWith(
    Number,
  );

/**
 * /admin/chat-conversations: conversations whose newest message falls in the date range (UTC
 * days, both ends included), optionally only those where the guide had nothing to say or a
 * visitor gave a thumbs down; newest first.
 */
export async function conversationList(
  filter: ConversationFilter,
  page: number,
): Promise<Page<ConversationRow>> {
  const where: SQL[] = [];
  if (filter.from)
    where.push(gte(chatConversations.lastMessageAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to)
    where.push(
      lt(chatConversations.lastMessageAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS)),
    );
  if (filter.show === "unanswered")
    where.push(
      sql`exists (select 1 from ${chatMessages} m where m.conversation_id = ${chatConversations.id} and m.unanswered)`,
    );
  if (filter.show === "thumbsDown")
    where.push(
      sql`exists (select 1 from ${chatMessages} m where m.conversation_id = ${chatConversations.id} and m.rating = -1)`,
    );
  return paginate(
    db()
      .select({
        id: chatConversations.id,
        memberName: profiles.displayName,
        memberSlug: profiles.slug,
        firstQuestion: sql<
          string | null
        >`(select m.content from ${chatMessages} m where m.conversation_id = ${chatConversations.id} and m.sender_type = 'user' order by m.created_at asc limit 1)`,
        messages: countOf(sql`true`),
        unanswered: countOf(sql`m.unanswered`),
        thumbsDown: countOf(sql`m.rating = -1`),
        thumbsUp: countOf(sql`m.rating = 1`),
        createdAt: chatConversations.createdAt,
        lastMessageAt: chatConversations.lastMessageAt,
        total: totalRows(),
      })
      .from(chatConversations)
      .leftJoin(profiles, eq(profiles.userId, chatConversations.userId))
      .where(where.length > 0 ? and(...where) : undefined)
      .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id)),
    { page, perPage: CONVERSATIONS_PAGE_SIZE },
  );
}

export interface Transcript {
  id: string;
  memberName: string | null;
  memberSlug: string | null;
  createdAt: Date;
  messages: Array<{
    id: string;
    senderType: "user" | "bot";
    content: string;
    unanswered: boolean;
    rating: number | null;
    createdAt: Date;
  }>;
}

export async function conversationTranscript(id: string): Promise<Transcript | null> {
  const [row] = await db()
    .select({
      id: chatConversations.id,
      memberName: profiles.displayName,
      memberSlug: profiles.slug,
      createdAt: chatConversations.createdAt,
    })
    .from(chatConversations)
    .leftJoin(profiles, eq(profiles.userId, chatConversations.userId))
    .where(eq(chatConversations.id, id))
    .limit(1);
  if (!row) return null;
  const messages = await db()
    .select({
      id: chatMessages.id,
      senderType: chatMessages.senderType,
      content: chatMessages.content,
      unanswered: chatMessages.unanswered,
      rating: chatMessages.rating,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, id))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return { ...row, messages };
}

/**
 * A visitor's thumbs on one of the guide's replies: only in their own conversation (the same
 * visitor session, and the same member when it was a member's). Setting the same value again
 * changes nothing. False when the reply is not theirs or not a reply.
 */
export async function rateReply(input: ChatRating, userId: string | null): Promise<boolean> {
  const [row] = await db()
    .select({ id: chatMessages.id, userId: chatConversations.userId })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(
      and(
        eq(chatMessages.id, input.messageId),
        eq(chatMessages.conversationId, input.conversationId),
        eq(chatMessages.senderType, "bot"),
        sql`${chatConversations.metadata}->>'visitor_session_id' = ${input.visitorSessionId}`,
      ),
    )
    .limit(1);
  if (!row || (row.userId !== null && row.userId !== userId)) return false;
  const rating = input.rating === "up" ? 1 : input.rating === "down" ? -1 : null;
  await db().update(chatMessages).set({ rating }).where(eq(chatMessages.id, row.id));
  return true;
}

/** The retention period in days from the setting, its default when unreadable. */
export function retentionDays(value: string | undefined): number {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) && n >= RETENTION_DAYS.min && n <= RETENTION_DAYS.max
    ? n
    : RETENTION_DAYS.default;
}

/**
 * Deletes the conversations (and their messages) whose newest message is older than the
 * retention period (setting `chat_retention_days`). Learned FAQ entries stay, their asks too.
 */
export async function deleteExpiredConversations(now: Date = new Date()): Promise<number> {
  const days = retentionDays((await getAllSettings()).chat_retention_days);
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const gone = await db()
    .delete(chatConversations)
    .where(lt(chatConversations.lastMessageAt, cutoff))
    .returning({ id: chatConversations.id });
  if (gone.length > 0) logger.info({ deleted: gone.length, days }, "chat conversations expired");
  return gone.length;
}

/** Daily at 03:40 UTC. */
export const retentionTask = {
  queue: RETENTION_QUEUE,
  cron: "40 3 * * *",
  run: async () => {
    await deleteExpiredConversations();
  },
};
