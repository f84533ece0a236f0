import { and, count, desc, eq, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { profiles } from "#app/modules/profiles/schema";
import { isUserId } from "#app/modules/profiles";
import { consumeRateLimit } from "#app/modules/auth/index.server";
import { publish } from "#app/modules/realtime/index.server";
import {
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_EVENT,
  SEND_LIMIT,
  THREAD_PAGE_SIZE,
  preview,
  type MessageEventData,
} from "./limits";
import {
  isParticipant,
  messageRefusal,
  orderedPair,
  otherMember,
  type MessageRefusal,
} from "./policy";
import { conversations, directMessages, memberBlocks } from "./schema";
import type { ConversationMember } from "./types";

export class MessageRefusedError extends Error {
  constructor(readonly reason: MessageRefusal | "notFound") {
    super(reason);
  }
}

export type { ConversationMember } from "./types";

export interface ConversationSummary {
  id: string;
  lastMessageAt: Date;
  other: ConversationMember;
  /** The newest message, or null for a conversation that has none yet. */
  last: { preview: string; mine: boolean; createdAt: Date } | null;
  unread: number;
}

export interface DirectMessage {
  id: string;
  senderId: string;
  body: string;
  createdAt: Date;
  readAt: Date | null;
}

/** Enough of a body to cut a preview from (whitespace collapses, so take a little more). */
const PREVIEW_SOURCE = 400;

const memberColumns = {
  userId: profiles.userId,
  displayName: profiles.displayName,
  slug: profiles.slug,
  avatarUrl: profiles.avatarUrl,
  rank: profiles.mysticalRank,
};

/** The member of the pair who is not `viewerId`, as an SQL expression over `conversations`. */
function otherOf(viewerId: string): SQL<string> {
  return sql<string>`case when ${conversations.userA} = ${viewerId}::uuid then ${conversations.userB} else ${conversations.userA} end`;
}

function participates(viewerId: string): SQL {
  return or(eq(conversations.userA, viewerId), eq(conversations.userB, viewerId))!;
}

async function blockedEitherWay(
  handle: Pick<Db, "select">,
  one: string,
  two: string,
): Promise<boolean> {
  const rows = await handle
    .select({ blockerId: memberBlocks.blockerId })
    .from(memberBlocks)
    .where(
      or(
        and(eq(memberBlocks.blockerId, one), eq(memberBlocks.blockedId, two)),
        and(eq(memberBlocks.blockerId, two), eq(memberBlocks.blockedId, one)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The user id behind a profile slug or user id, or undefined. */
async function memberIdOf(identifier: string): Promise<string | undefined> {
  const where = isUserId(identifier)
    ? eq(profiles.userId, identifier.toLowerCase())
    : eq(profiles.slug, identifier.toLowerCase());
  const [row] = await db().select({ userId: profiles.userId }).from(profiles).where(where).limit(1);
  return row?.userId;
}

/**
 * The conversation between the viewer and a member (profile slug or user id), created when there
 * is none. An existing conversation always opens (its history stays readable after a block);
 * a new one is refused for yourself and while either member blocked the other.
 */
export async function startConversation(viewerId: string, identifier: string): Promise<string> {
  const otherId = await memberIdOf(identifier);
  if (!otherId) throw new MessageRefusedError("notFound");
  if (otherId === viewerId) throw new MessageRefusedError("self");
  const pair = orderedPair(viewerId, otherId);
  const find = async () => {
    const [row] = await db()
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userA, pair.userA), eq(conversations.userB, pair.userB)))
      .limit(1);
    return row?.id;
  };
  const existing = await find();
  if (existing) return existing;
  const refusal = messageRefusal({
    senderId: viewerId,
    recipientId: otherId,
    blockedEitherWay: await blockedEitherWay(db(), viewerId, otherId),
  });
  if (refusal) throw new MessageRefusedError(refusal);
  const [created] = await db()
    .insert(conversations)
    .values(pair)
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  // A concurrent start of the same pair won the insert: use its row.
  const id = created?.id ?? (await find());
  if (!id) throw new MessageRefusedError("notFound");
  return id;
}

/**
 * One conversation as its participant sees it: the other member and who blocked whom. Undefined
 * for an unknown id and for anyone who is not one of the two members (the route answers 404).
 */
export async function getConversation(viewerId: string, conversationId: string) {
  if (!isUserId(conversationId)) return undefined;
  const [row] = await db()
    .select({
      id: conversations.id,
      other: memberColumns,
      blockedByViewer: sql<boolean>`exists (select 1 from ${memberBlocks} b where b.blocker_id = ${viewerId}::uuid and b.blocked_id = ${profiles.userId})`,
      blockedByOther: sql<boolean>`exists (select 1 from ${memberBlocks} b where b.blocker_id = ${profiles.userId} and b.blocked_id = ${viewerId}::uuid)`,
    })
    .from(conversations)
    .innerJoin(profiles, eq(profiles.userId, otherOf(viewerId)))
    .where(and(eq(conversations.id, conversationId.toLowerCase()), participates(viewerId)))
    .limit(1);
  if (!row) return undefined;
  return {
    ...row,
    blockedByViewer: Boolean(row.blockedByViewer),
    blockedByOther: Boolean(row.blockedByOther),
  };
}

export type Conversation = NonNullable<Awaited<ReturnType<typeof getConversation>>>;

/**
 * The latest messages of a conversation (oldest first, so the newest sits at the bottom), or the
 * page before message `before`. Keyset on (created_at, id) read from the cursor row itself, so
 * no timestamp precision is lost in a URL. Call it only after the participant check.
 */
export async function listMessages(
  conversationId: string,
  options: { before?: string | null; limit?: number } = {},
): Promise<{ messages: DirectMessage[]; hasOlder: boolean }> {
  const limit = options.limit ?? THREAD_PAGE_SIZE;
  const before = options.before && isUserId(options.before) ? options.before.toLowerCase() : null;
  const rows = await db()
    .select({
      id: directMessages.id,
      senderId: directMessages.senderId,
      body: directMessages.body,
      createdAt: directMessages.createdAt,
      readAt: directMessages.readAt,
    })
    .from(directMessages)
    .where(
      and(
        eq(directMessages.conversationId, conversationId),
        before
          ? sql`(${directMessages.createdAt}, ${directMessages.id}) < (select c.created_at, c.id from ${directMessages} c where c.id = ${before}::uuid and c.conversation_id = ${conversationId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
    .limit(limit + 1);
  return { messages: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit };
}

/** Marks the messages the viewer received in a conversation as read; returns how many changed. */
export async function markConversationRead(
  viewerId: string,
  conversationId: string,
): Promise<number> {
  const rows = await db()
    .update(directMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(directMessages.conversationId, conversationId),
        ne(directMessages.senderId, viewerId),
        isNull(directMessages.readAt),
      ),
    )
    .returning({ id: directMessages.id });
  return rows.length;
}

/**
 * Sends a message in one transaction: the participant and block checks, the insert, the
 * conversation's last_message_at, and a realtime "message" event to the recipient (delivered
 * when the transaction commits). Throws MessageRefusedError (notFound, blocked).
 */
export async function sendMessage(
  sender: { id: string; displayName: string },
  conversationId: string,
  body: string,
): Promise<DirectMessage> {
  if (!isUserId(conversationId)) throw new MessageRefusedError("notFound");
  return db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [conversation] = await handle
      .select({ id: conversations.id, userA: conversations.userA, userB: conversations.userB })
      .from(conversations)
      .where(eq(conversations.id, conversationId.toLowerCase()))
      .limit(1);
    if (!conversation || !isParticipant(conversation, sender.id))
      throw new MessageRefusedError("notFound");
    const recipientId = otherMember(conversation, sender.id);
    const refusal = messageRefusal({
      senderId: sender.id,
      recipientId,
      blockedEitherWay: await blockedEitherWay(handle, sender.id, recipientId),
    });
    if (refusal) throw new MessageRefusedError(refusal);
    const message = firstRow(
      await handle
        .insert(directMessages)
        .values({ conversationId: conversation.id, senderId: sender.id, body })
        .returning({
          id: directMessages.id,
          senderId: directMessages.senderId,
          body: directMessages.body,
          createdAt: directMessages.createdAt,
          readAt: directMessages.readAt,
        }),
      "new message",
    );
    await handle
      .update(conversations)
      .set({ lastMessageAt: message.createdAt })
      .where(eq(conversations.id, conversation.id));
    const data: MessageEventData = {
      conversationId: conversation.id,
      messageId: message.id,
      senderId: sender.id,
      senderName: sender.displayName,
      preview: preview(body),
      createdAt: message.createdAt.toISOString(),
    };
    await publish(handle, { to: { users: [recipientId] }, type: MESSAGE_EVENT, data: { ...data } });
    return message;
  });
}

/**
 * The viewer's conversations, newest activity first, each with the other member's profile, the
 * last message's preview and the unread count: ONE query whatever the number of conversations
 * (a lateral join for the last message, a correlated count for the unread ones). Conversations
 * without messages are left out, except `includeId` (the one just opened). Keyset cursor: the id
 * of the last conversation of the previous page.
 */
export async function listConversations(
  viewerId: string,
  options: { cursor?: string | null; limit?: number; includeId?: string | null } = {},
): Promise<{ items: ConversationSummary[]; nextCursor: string | null }> {
  const limit = options.limit ?? CONVERSATIONS_PAGE_SIZE;
  const cursor = options.cursor && isUserId(options.cursor) ? options.cursor.toLowerCase() : null;
  const includeId =
    options.includeId && isUserId(options.includeId) ? options.includeId.toLowerCase() : null;
  const last = db()
    .select({
      id: directMessages.id,
      head: sql<string>`left(${directMessages.body}, ${PREVIEW_SOURCE})`.as("head"),
      senderId: directMessages.senderId,
      createdAt: directMessages.createdAt,
    })
    .from(directMessages)
    .where(eq(directMessages.conversationId, conversations.id))
    .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
    .limit(1)
    .as("last_message");
  const rows = await db()
    .select({
      id: conversations.id,
      lastMessageAt: conversations.lastMessageAt,
      other: memberColumns,
      lastId: last.id,
      lastHead: last.head,
      lastSenderId: last.senderId,
      lastCreatedAt: last.createdAt,
      unread:
        sql<number>`(select count(*) from ${directMessages} u where u.conversation_id = ${conversations.id} and u.sender_id <> ${viewerId}::uuid and u.read_at is null)`.mapWith(
          Number,
        ),
    })
    .from(conversations)
    .innerJoin(profiles, eq(profiles.userId, otherOf(viewerId)))
    .leftJoinLateral(last, sql`true`)
    .where(
      and(
        participates(viewerId),
        includeId ? or(isNotNull(last.id), eq(conversations.id, includeId)) : isNotNull(last.id),
        cursor
          ? sql`(${conversations.lastMessageAt}, ${conversations.id}) < (select p.last_message_at, p.id from ${conversations} p where p.id = ${cursor}::uuid and (p.user_a = ${viewerId}::uuid or p.user_b = ${viewerId}::uuid))`
          : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    items: page.map((row) => ({
      id: row.id,
      lastMessageAt: row.lastMessageAt,
      other: row.other,
      last:
        row.lastId && row.lastCreatedAt
          ? {
              preview: preview(row.lastHead ?? ""),
              mine: row.lastSenderId === viewerId,
              createdAt: row.lastCreatedAt,
            }
          : null,
      unread: row.unread,
    })),
  };
}

/**
 * Messages the viewer has not read, over all conversations: one query, for the root loader's
 * header and side-navigation badge.
 */
export async function unreadMessageCount(viewerId: string): Promise<number> {
  const [row] = await db()
    .select({ unread: count() })
    .from(directMessages)
    .innerJoin(conversations, eq(conversations.id, directMessages.conversationId))
    .where(
      and(
        participates(viewerId),
        ne(directMessages.senderId, viewerId),
        isNull(directMessages.readAt),
      ),
    );
  return row?.unread ?? 0;
}

/** The viewer blocks a member: neither can message the other until it is lifted. Idempotent. */
export async function blockMember(viewerId: string, memberId: string): Promise<void> {
  if (viewerId === memberId) throw new MessageRefusedError("self");
  await db()
    .insert(memberBlocks)
    .values({ blockerId: viewerId, blockedId: memberId })
    .onConflictDoNothing();
}

/** Lifts the viewer's own block (a block set by the other member stays). Idempotent. */
export async function unblockMember(viewerId: string, memberId: string): Promise<void> {
  await db()
    .delete(memberBlocks)
    .where(and(eq(memberBlocks.blockerId, viewerId), eq(memberBlocks.blockedId, memberId)));
}

/** Counts one send against the member's limit (SEND_LIMIT); false when it is exhausted. */
export function allowSending(userId: string, now?: Date): Promise<boolean> {
  return consumeRateLimit(`message:user:${userId}`, SEND_LIMIT, now);
}
