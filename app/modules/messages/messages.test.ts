import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { db, useDatabase, type Database, type Db } from "#app/db/client.server";
import * as schema from "#app/db/schema";
import { REALTIME_CHANNEL } from "#app/modules/realtime";
import { profiles } from "#app/modules/profiles/schema";
import { MESSAGE_MAX, PREVIEW_LENGTH, SEND_LIMIT, preview } from "./limits";
import { messageRefusal } from "./policy";
import { messageSchema } from "./validation";
import { conversations, directMessages } from "./schema";
import {
  MessageRefusedError,
  allowSending,
  blockMember,
  getConversation,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  startConversation,
  unblockMember,
  unreadMessageCount,
} from "./messages.server";
import { loader as threadLoader, action as threadAction } from "#app/routes/messages/thread";
import { routeArgs } from "../../../tests/helpers/route-args";

let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ database, cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

type Member = { id: string; displayName: string; slug: string; request: Request; cookie: string };

async function newMember(name: string): Promise<Member> {
  const account = await signedInRequest({ name });
  const [profile] = await db()
    .select({ slug: profiles.slug })
    .from(profiles)
    .where(eq(profiles.userId, account.userId));
  return {
    id: account.userId,
    displayName: name,
    slug: profile!.slug,
    request: account.request,
    cookie: account.cookie,
  };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MessageRefusedError) return error.reason;
    throw error;
  }
  return null;
}

/** Runs `fn` against a handle that counts the SQL statements it sends. */
async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0;
  const logger = { logQuery: () => void (queries += 1) };
  const counting =
    database.kind === "pglite"
      ? (drizzlePglite(database.pglite!, { schema, logger }) as unknown as Db)
      : (drizzlePg(database.pool!, { schema, logger }) as unknown as Db);
  useDatabase({ ...database, db: counting });
  try {
    const result = await fn();
    return { result, queries };
  } finally {
    useDatabase(database);
  }
}

/** Collects the realtime events published while `fn` runs (LISTEN on the test database). */
async function capturedEvents(
  fn: () => Promise<unknown>,
): Promise<Array<{ to: unknown; type: string; data: Record<string, unknown> }>> {
  const events: Array<{ to: unknown; type: string; data: Record<string, unknown> }> = [];
  const onPayload = (payload: string) => events.push(JSON.parse(payload));
  if (database.kind === "pglite") {
    const unlisten = await database.pglite!.listen(REALTIME_CHANNEL, onPayload);
    try {
      await fn();
      await database.pglite!.query("select 1");
    } finally {
      await unlisten();
    }
  } else {
    const client = await database.pool!.connect();
    client.on("notification", (message) => onPayload(message.payload ?? "{}"));
    await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    try {
      await fn();
      // A round trip on the listening connection delivers the notifications sent before it.
      await client.query("select 1");
    } finally {
      await client.query(`UNLISTEN ${REALTIME_CHANNEL}`);
      client.release();
    }
  }
  return events;
}

describe("validation and policy", () => {
  it("accepts 1 to 2000 characters after trimming", () => {
    expect(messageSchema.safeParse({ body: "  hello  " }).data?.body).toBe("hello");
    expect(messageSchema.safeParse({ body: "   \n " }).error?.issues[0]!.message).toBe(
      "messages.errors.bodyRequired",
    );
    expect(messageSchema.safeParse({ body: "x".repeat(MESSAGE_MAX) }).success).toBe(true);
    expect(messageSchema.safeParse({ body: ` ${"x".repeat(MESSAGE_MAX)} ` }).success).toBe(true);
    expect(
      messageSchema.safeParse({ body: "x".repeat(MESSAGE_MAX + 1) }).error?.issues[0]!.message,
    ).toBe("messages.errors.bodyTooLong");
  });

  it("refuses yourself and blocked pairs", () => {
    expect(messageRefusal({ senderId: "a", recipientId: "a", blockedEitherWay: false })).toBe(
      "self",
    );
    expect(messageRefusal({ senderId: "a", recipientId: "b", blockedEitherWay: true })).toBe(
      "blocked",
    );
    expect(messageRefusal({ senderId: "a", recipientId: "b", blockedEitherWay: false })).toBeNull();
  });

  it("cuts previews to 120 characters", () => {
    const long = preview("word ".repeat(100));
    expect(Array.from(long)).toHaveLength(PREVIEW_LENGTH);
    expect(long.endsWith("…")).toBe(true);
    expect(preview("line one\nline two")).toBe("line one line two");
  });
});

describe("permissions", () => {
  it("refuses a conversation with yourself and with unknown members", async () => {
    const solo = await newMember("Solo Sage");
    expect(await refusal(startConversation(solo.id, solo.slug))).toBe("self");
    expect(await refusal(startConversation(solo.id, solo.id))).toBe("self");
    expect(await refusal(startConversation(solo.id, "nobody-by-this-name"))).toBe("notFound");
  });

  it("starts one conversation per pair, by slug or by user id", async () => {
    const a = await newMember("Astra Vale");
    const b = await newMember("Bram Thorn");
    const first = await startConversation(a.id, b.slug);
    expect(await startConversation(b.id, a.id)).toBe(first);
    expect(await startConversation(a.id, b.id.toUpperCase())).toBe(first);
    const rows = await db().select().from(conversations).where(eq(conversations.id, first));
    expect(rows[0]!.userA < rows[0]!.userB).toBe(true);
  });

  it("refuses messages when either member blocked the other, and allows them again after unblocking", async () => {
    const a = await newMember("Cora Blight");
    const b = await newMember("Dane Ash");
    const id = await startConversation(a.id, b.slug);
    await sendMessage(a, id, "Hello there");

    await blockMember(b.id, a.id);
    expect(await refusal(sendMessage(a, id, "Are you there?"))).toBe("blocked");
    expect(await refusal(sendMessage(b, id, "I blocked you"))).toBe("blocked");
    expect((await getConversation(b.id, id))?.blockedByViewer).toBe(true);
    expect((await getConversation(a.id, id))?.blockedByOther).toBe(true);
    // An existing conversation still opens (history readable), a new one cannot be started.
    expect(await startConversation(a.id, b.slug)).toBe(id);
    const c = await newMember("Eira Moss");
    await blockMember(c.id, a.id);
    expect(await refusal(startConversation(a.id, c.slug))).toBe("blocked");
    expect(await refusal(startConversation(c.id, a.slug))).toBe("blocked");

    // A's own unblock cannot lift B's block.
    await unblockMember(a.id, b.id);
    expect(await refusal(sendMessage(a, id, "Still blocked?"))).toBe("blocked");
    await unblockMember(b.id, a.id);
    expect(await refusal(sendMessage(a, id, "Welcome back"))).toBeNull();
    expect(await refusal(blockMember(a.id, a.id))).toBe("self");
  });

  it("hides a conversation from anyone who is not one of its members (404)", async () => {
    const a = await newMember("Fen Lark");
    const b = await newMember("Gale Reed");
    const stranger = await newMember("Hex Stranger");
    const id = await startConversation(a.id, b.slug);
    await sendMessage(a, id, "Private words");
    expect(await getConversation(stranger.id, id)).toBeUndefined();
    expect(await getConversation(stranger.id, "not-a-uuid")).toBeUndefined();
    expect(await refusal(sendMessage(stranger, id, "Let me in"))).toBe("notFound");
    expect((await listConversations(stranger.id)).items).toEqual([]);

    const url = `http://localhost:3000/messages/${id}`;
    const response = await threadLoader(
      routeArgs(new Request(url, { headers: { cookie: stranger.cookie } }), { conversationId: id }),
    ).catch((e: unknown) => e);
    expect(response).toMatchObject({ init: { status: 404 } });
    const post = new Request(url, {
      method: "POST",
      headers: { cookie: stranger.cookie },
      body: new URLSearchParams({ body: "sneaky" }),
    });
    const posted = await threadAction(routeArgs(post, { conversationId: id })).catch(
      (e: unknown) => e,
    );
    expect(posted).toMatchObject({ init: { status: 404 } });
    expect(
      await db().select().from(directMessages).where(eq(directMessages.body, "sneaky")),
    ).toEqual([]);

    // Guests are sent to sign in.
    const guest = await threadLoader(routeArgs(new Request(url), { conversationId: id })).catch(
      (e: unknown) => e,
    );
    expect(guest).toBeInstanceOf(Response);
    expect((guest as Response).headers.get("location")).toBe(
      `/auth?redirectTo=${encodeURIComponent(`/messages/${id}`)}`,
    );

    // A member of the conversation reads it.
    const ok = await threadLoader(
      routeArgs(new Request(url, { headers: { cookie: b.cookie } }), { conversationId: id }),
    );
    expect((ok as { messages: Array<{ body: string }> }).messages.map((m) => m.body)).toEqual([
      "Private words",
    ]);
  });
});

describe("sending", () => {
  it("bumps last_message_at and publishes a message event to the recipient only after commit", async () => {
    const a = await newMember("Iris Quill");
    const b = await newMember("Juno Flint");
    const id = await startConversation(a.id, b.slug);
    const long = "A long message that goes on. ".repeat(10);
    let sent: Awaited<ReturnType<typeof sendMessage>> | undefined;
    const events = await capturedEvents(async () => {
      sent = await sendMessage(a, id, long);
      await refusal(sendMessage(a, "00000000-0000-4000-8000-000000000000", "nowhere"));
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      to: { users: [b.id] },
      type: "message",
      data: { conversationId: id, messageId: sent!.id, senderId: a.id, senderName: "Iris Quill" },
    });
    expect(Array.from(events[0]!.data.preview as string).length).toBeLessThanOrEqual(
      PREVIEW_LENGTH,
    );
    expect(events[0]!.data.createdAt).toBe(sent!.createdAt.toISOString());
    const [row] = await db()
      .select({ lastMessageAt: conversations.lastMessageAt })
      .from(conversations)
      .where(eq(conversations.id, id));
    expect(row!.lastMessageAt.toISOString()).toBe(sent!.createdAt.toISOString());
  });

  it("limits sending to 20 messages a minute per member", async () => {
    const a = await newMember("Kai Rush");
    const b = await newMember("Kai Rush Two");
    const now = new Date("2030-01-01T10:00:00Z");
    for (let i = 0; i < SEND_LIMIT.limit; i++) expect(await allowSending(a.id, now)).toBe(true);
    expect(await allowSending(a.id, now)).toBe(false);
    // Another member has their own budget; a new window starts after a minute.
    expect(await allowSending(b.id, now)).toBe(true);
    expect(await allowSending(a.id, new Date(now.getTime() + 61_000))).toBe(true);
  });

  it("answers a rate-limited send with a translated error and keeps the input", async () => {
    const a = await newMember("Lio Swift");
    const b = await newMember("Lio Swift Two");
    const id = await startConversation(a.id, b.slug);
    for (let i = 0; i < SEND_LIMIT.limit; i++) await allowSending(a.id);
    const request = new Request(`http://localhost:3000/messages/${id}`, {
      method: "POST",
      headers: { cookie: a.cookie },
      body: new URLSearchParams({ body: "One too many" }),
    });
    const result = (await threadAction(routeArgs(request, { conversationId: id }))) as unknown as {
      data: { formError: string; values: { body: string } };
      init: { status: number };
    };
    expect(result.init.status).toBe(429);
    expect(result.data).toMatchObject({
      formError: "messages.errors.rateLimited",
      values: { body: "One too many" },
    });
    expect(
      await db().select().from(directMessages).where(eq(directMessages.conversationId, id)),
    ).toEqual([]);
  });
});

describe("unread counts", () => {
  it("counts received unread messages per conversation and in total, and clears them when read", async () => {
    const me = await newMember("Mira Dawn");
    const x = await newMember("Nox Vesper");
    const y = await newMember("Orin Pike");
    const withX = await startConversation(me.id, x.slug);
    const withY = await startConversation(y.id, me.slug);
    await sendMessage(x, withX, "one");
    await sendMessage(x, withX, "two");
    await sendMessage(me, withX, "my reply");
    await sendMessage(y, withY, "hello from y");

    expect(await unreadMessageCount(me.id)).toBe(3);
    expect(await unreadMessageCount(x.id)).toBe(1);
    const list = await listConversations(me.id);
    expect(list.items.map((c) => [c.other.displayName, c.unread])).toEqual([
      ["Orin Pike", 1],
      ["Nox Vesper", 2],
    ]);
    expect(list.items[1]!.last).toMatchObject({ preview: "my reply", mine: true });
    expect(list.items[1]!.other).toMatchObject({ slug: x.slug, rank: "initiate" });

    expect(await markConversationRead(me.id, withX)).toBe(2);
    expect(await markConversationRead(me.id, withX)).toBe(0);
    expect(await unreadMessageCount(me.id)).toBe(1);
    expect(await unreadMessageCount(x.id)).toBe(1);
    expect((await listConversations(me.id)).items.map((c) => c.unread)).toEqual([1, 0]);
  });

  it("marks a conversation read when its participant opens it", async () => {
    const a = await newMember("Pax Wren");
    const b = await newMember("Quin Sol");
    const id = await startConversation(a.id, b.slug);
    await sendMessage(a, id, "Open me");
    expect(await unreadMessageCount(b.id)).toBe(1);
    const opened = (await threadLoader(
      routeArgs(
        new Request(`http://localhost:3000/messages/${id}`, { headers: { cookie: b.cookie } }),
        { conversationId: id },
      ),
    )) as {
      justRead: number;
      conversations: { items: Array<{ id: string; unread: number }> };
    };
    expect(opened.justRead).toBe(1);
    expect(opened.conversations.items.find((c) => c.id === id)?.unread).toBe(0);
    expect(await unreadMessageCount(b.id)).toBe(0);
  });
});

describe("pagination", () => {
  it("pages a thread 50 at a time, newest at the bottom, older via the before cursor", async () => {
    const a = await newMember("Rune Hale");
    const b = await newMember("Sage Holt");
    const id = await startConversation(a.id, b.slug);
    for (let i = 1; i <= 55; i++) await sendMessage(i % 2 ? a : b, id, `message ${i}`);
    const latest = await listMessages(id);
    expect(latest.messages).toHaveLength(50);
    expect(latest.hasOlder).toBe(true);
    expect(latest.messages[0]!.body).toBe("message 6");
    expect(latest.messages.at(-1)!.body).toBe("message 55");
    const older = await listMessages(id, { before: latest.messages[0]!.id });
    expect(older.messages.map((m) => m.body)).toEqual([
      "message 1",
      "message 2",
      "message 3",
      "message 4",
      "message 5",
    ]);
    expect(older.hasOlder).toBe(false);
    // A cursor from another conversation gives nothing rather than leaking its position.
    const other = await startConversation(a.id, (await newMember("Tam Other")).slug);
    expect((await listMessages(other, { before: latest.messages[0]!.id })).messages).toEqual([]);
  });

  it("pages the conversation list by last activity and includes an empty conversation only when asked", async () => {
    const me = await newMember("Uma Lane");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const other = await newMember(`Pen Pal ${i}`);
      const id = await startConversation(me.id, other.slug);
      await sendMessage(other, id, `hi ${i}`);
      ids.push(id);
    }
    const empty = await startConversation(me.id, (await newMember("Silent Sam")).slug);
    const first = await listConversations(me.id, { limit: 2 });
    expect(first.items.map((c) => c.last?.preview)).toEqual(["hi 4", "hi 3"]);
    const second = await listConversations(me.id, { limit: 2, cursor: first.nextCursor });
    expect(second.items.map((c) => c.last?.preview)).toEqual(["hi 2", "hi 1"]);
    const third = await listConversations(me.id, { limit: 2, cursor: second.nextCursor });
    expect(third.items.map((c) => c.last?.preview)).toEqual(["hi 0"]);
    expect(third.nextCursor).toBeNull();
    expect((await listConversations(me.id)).items.map((c) => c.id)).not.toContain(empty);
    const withEmpty = await listConversations(me.id, { includeId: empty });
    expect(withEmpty.items[0]).toMatchObject({ id: empty, last: null, unread: 0 });
  });
});

describe("query count", () => {
  it("lists 1 or 10 conversations with the same number of queries", async () => {
    async function memberWith(n: number) {
      const me = await newMember(`Counter ${n}`);
      for (let i = 0; i < n; i++) {
        const other = await newMember(`Friend ${n}-${i}`);
        const id = await startConversation(me.id, other.slug);
        await sendMessage(other, id, `note ${i}`);
        await sendMessage(me, id, `answer ${i}`);
      }
      return me;
    }
    const one = await memberWith(1);
    const ten = await memberWith(10);
    const small = await countQueries(() => listConversations(one.id));
    const large = await countQueries(() => listConversations(ten.id));
    expect(small.result.items).toHaveLength(1);
    expect(large.result.items).toHaveLength(10);
    expect(large.queries).toBe(small.queries);
    expect(small.queries).toBe(1);
    expect((await countQueries(() => unreadMessageCount(ten.id))).queries).toBe(1);
  });
});
