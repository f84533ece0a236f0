import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { seedPages } from "#app/db/seed.server";
import { CLIENT_IP_HEADER } from "#app/modules/auth/index.server";
import { auditLog } from "#app/modules/audit/schema";
import { answerFromSite, refreshAll, retrieve } from "#app/modules/knowledge/index.server";
import { knowledgeChunks } from "#app/modules/knowledge/schema";
import { updateSettings } from "#app/modules/settings/index.server";
import { findQuick } from "#app/modules/search/index.server";
import { siteSettingsSchema } from "#app/modules/settings/validation";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import * as learningRoute from "../../routes/admin/chat-learning";
import * as conversationsRoute from "../../routes/admin/chat-conversations";
import * as faqRoute from "../../routes/pages/faq-entry";
import * as sitemapRoute from "../../routes/system/sitemap-xml";
import { CONVERSATION_HEADER, MESSAGE_HEADER, handleChat } from "./chat.server";
import { conversationList, deleteExpiredConversations } from "./conversations.server";
import { FAQ_SYNC_BATCH, normalizeQuestion, syncFaq } from "./faq.server";
import { handleRating } from "./rating.server";
import { chatConversations, chatFaq, chatFaqAsks, chatMessages } from "./schema";

/*
 * FAQ learning end to end on the database: the job's rules (SPEC §5: fewer than 2 messages
 * skipped, only a user message directly followed by a reply, a question already in chat_faq not
 * inserted again, at most 100 active conversations), near-duplicates grouped with their count,
 * approve / merge / reject on /admin/chat-learning (audited), an approved entry public at
 * /faq/{slug}, in the sitemap and the guide's first source; rating a reply only in one's own
 * conversation; the conversation list's filters; the retention period.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let reader: Account;
let ipSeq = 0;

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedPages();
  await refreshAll();
  admin = await member({ role: "admin", name: "Learning Admin" });
  reader = await member({ name: "Curious Reader" });
});
afterAll(() => cleanup());

/** A conversation with these messages, oldest first, a second apart. */
async function conversation(
  messages: Array<["user" | "bot", string]>,
  options: { status?: "open" | "active" | "closed"; at?: Date; session?: string } = {},
) {
  const at = options.at ?? new Date();
  const [row] = await db()
    .insert(chatConversations)
    .values({
      status: options.status ?? "open",
      metadata: { visitor_session_id: options.session ?? `visitor_${Math.random()}` },
      createdAt: at,
      lastMessageAt: new Date(at.getTime() + messages.length * 1000),
    })
    .returning({ id: chatConversations.id });
  const ids: string[] = [];
  for (const [i, [senderType, content]] of messages.entries()) {
    const [m] = await db()
      .insert(chatMessages)
      .values({
        conversationId: row!.id,
        senderType,
        content,
        createdAt: new Date(at.getTime() + (i + 1) * 1000),
      })
      .returning({ id: chatMessages.id });
    ids.push(m!.id);
  }
  return { id: row!.id, messageIds: ids };
}

async function entries() {
  const rows = await db().select().from(chatFaq);
  const asks = await db().select().from(chatFaqAsks);
  return rows.map((r) => ({ ...r, asked: asks.filter((a) => a.faqId === r.id).length }));
}

async function entryByQuestion(question: string) {
  return (await entries()).find((e) => e.question === question);
}

describe("the FAQ learning job (SPEC §5)", () => {
  it("normalises questions for grouping", () => {
    expect(normalizeQuestion("  How do I JOIN a coven?!  ")).toBe("how do i join a coven");
    expect(normalizeQuestion("¿Cómo me uno a un aquelarre?")).toBe("cómo me uno a un aquelarre");
  });

  it("skips short conversations, takes only user → assistant pairs, inserts unapproved", async () => {
    await conversation([["user", "A lonely question without a reply"]]);
    await conversation([
      ["user", "First message that the visitor corrected"],
      ["user", "What are the moon rituals for beginners?"],
      ["bot", "The moon rituals are in the library."],
      ["bot", "A second reply that answers no question"],
    ]);
    await conversation(
      [
        ["user", "A closed conversation's question"],
        ["bot", "Its answer"],
      ],
      { status: "closed" },
    );
    const run = await syncFaq();
    expect(run.inserted).toBe(1);
    const rows = await entries();
    expect(rows.map((r) => r.question)).toEqual(["What are the moon rituals for beginners?"]);
    expect(rows[0]).toMatchObject({
      answer: "The moon rituals are in the library.",
      isApproved: false,
      status: "candidate",
      asked: 1,
    });
    expect(rows[0]!.conversationId).not.toBeNull();
    // Read again: nothing new, nothing counted twice.
    expect((await syncFaq()).conversations).toBe(0);
    expect((await entryByQuestion("What are the moon rituals for beginners?"))!.asked).toBe(1);
  });

  it("does not insert a question already in chat_faq and groups near-duplicates with a count", async () => {
    await conversation([
      ["user", "What are the moon rituals for beginners?"],
      ["bot", "Another answer"],
    ]);
    await conversation([
      ["user", "what are the moon rituals for beginners"],
      ["bot", "Yet another answer"],
    ]);
    await conversation([
      ["user", "What are the moon rituals for a beginner?"],
      ["bot", "A third answer"],
    ]);
    await conversation([
      ["user", "How do I cancel my subscription?"],
      ["bot", "Open the billing page."],
    ]);
    // Older: the job reads the newest first, so the plain question is the entry's own.
    await conversation(
      [
        ["user", "How can I cancel my subscription please?"],
        ["bot", "The billing page."],
      ],
      { at: new Date(Date.now() - 60_000) },
    );
    const run = await syncFaq();
    expect(run.inserted).toBe(1);
    const rows = await entries();
    expect(rows).toHaveLength(2);
    expect((await entryByQuestion("What are the moon rituals for beginners?"))!).toMatchObject({
      asked: 4,
      answer: "The moon rituals are in the library.",
    });
    expect((await entryByQuestion("How do I cancel my subscription?"))!.asked).toBe(2);
  });

  it("keeps questions that only look alike apart", async () => {
    await conversation([
      ["user", "How do I join a coven?"],
      ["bot", "Open the covens page."],
    ]);
    await conversation([
      ["user", "How do I leave a coven?"],
      ["bot", "Open your coven's page."],
    ]);
    expect((await syncFaq()).inserted).toBe(2);
  });

  it("reads a conversation again only after a newer message, counting each question once", async () => {
    const c = await conversation([
      ["user", "How do I cancel my subscription?"],
      ["bot", "Billing page."],
    ]);
    await syncFaq();
    expect((await entryByQuestion("How do I cancel my subscription?"))!.asked).toBe(3);
    const later = new Date(Date.now() + 60_000);
    await db()
      .insert(chatMessages)
      .values([
        {
          conversationId: c.id,
          senderType: "user",
          content: "Where is the grimoire of herbs?",
          createdAt: later,
        },
        {
          conversationId: c.id,
          senderType: "bot",
          content: "In the library.",
          createdAt: new Date(later.getTime() + 1000),
        },
      ]);
    await db()
      .update(chatConversations)
      .set({ lastMessageAt: new Date(later.getTime() + 1000) })
      .where(eq(chatConversations.id, c.id));
    expect(await syncFaq()).toEqual({ conversations: 1, inserted: 1 });
    expect((await entryByQuestion("How do I cancel my subscription?"))!.asked).toBe(3);
    expect((await entryByQuestion("Where is the grimoire of herbs?"))!.asked).toBe(1);
  });

  it("reads at most 100 conversations per run, the newest first", async () => {
    const base = Date.now() - 10 * 60_000;
    // Questions with nothing in common (random words), so none groups with another.
    const questions = Array.from({ length: FAQ_SYNC_BATCH + 1 }, () => crypto.randomUUID());
    for (const [i, question] of questions.entries())
      await conversation(
        [
          ["user", question],
          ["bot", "An answer"],
        ],
        { at: new Date(base + i * 1000) },
      );
    const first = await syncFaq();
    expect(first).toEqual({ conversations: FAQ_SYNC_BATCH, inserted: FAQ_SYNC_BATCH });
    // The oldest waited for the next run.
    expect(await entryByQuestion(questions[0]!)).toBeUndefined();
    expect(await entryByQuestion(questions[1]!)).toBeDefined();
    expect(await syncFaq()).toEqual({ conversations: 1, inserted: 1 });
    expect(await entryByQuestion(questions[0]!)).toBeDefined();
  });
});

const LEARNING = "/admin/chat-learning";
const learn = (who: Account | null, fields: Record<string, string>) =>
  callRoute(learningRoute.action as never, LEARNING, who?.cookie ?? null, {}, fields);
const loadLearning = (who: Account | null, query = "") =>
  callRoute(learningRoute.loader as never, `${LEARNING}${query}`, who?.cookie ?? null, {});

describe("/admin/chat-learning", () => {
  it("is for admins only", async () => {
    expect((await loadLearning(null)).status).toBe(302);
    expect((await loadLearning(reader)).status).toBe(403);
    const entry = await entryByQuestion("How do I cancel my subscription?");
    expect((await learn(reader, { intent: "reject", id: entry!.id })).status).toBe(403);
    expect((await learn(reader, { intent: "sync" })).status).toBe(403);
    // The admin's "read now" runs the job's own rules.
    await conversation([
      ["user", "Where do I find the lunar calendar?"],
      ["bot", "On the events page."],
    ]);
    const sync = await learn(admin, { intent: "sync" });
    expect(sync.body?.toast?.key).toBe("admin.chatLearning.done.sync");
    expect(await entryByQuestion("Where do I find the lunar calendar?")).toMatchObject({
      status: "candidate",
      asked: 1,
    });
  });

  it("ranks candidates by how often they were asked", async () => {
    const answer = await loadLearning(admin);
    const data = answer.data as { rows: Array<{ question: string; asked: number }> };
    expect(data.rows[0]).toMatchObject({
      question: "What are the moon rituals for beginners?",
      asked: 4,
    });
    const counts = data.rows.map((r) => r.asked);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });

  it("refuses hostile input with a 400 and changes nothing", async () => {
    const entry = await entryByQuestion("How do I cancel my subscription?");
    for (const fields of [
      {},
      { intent: "approve", id: "not-a-uuid", question: "q", answer: "a" },
      { intent: "approve", id: entry!.id, question: "", answer: "a" },
      { intent: "approve", id: entry!.id, question: "q".repeat(501), answer: "a" },
      { intent: "save", id: entry!.id, question: "q", answer: " " },
      { intent: "merge", id: entry!.id, targetId: "" },
      { intent: "drop", id: entry!.id },
    ] as Array<Record<string, string>>) {
      expect((await learn(admin, fields)).status).toBe(400);
    }
    expect(
      (await learn(admin, { intent: "merge", id: entry!.id, targetId: entry!.id })).status,
    ).toBe(400);
    expect(
      (await learn(admin, { intent: "reject", id: "00000000-0000-4000-8000-000000000000" })).status,
    ).toBe(404);
    expect((await entryByQuestion("How do I cancel my subscription?"))!.status).toBe("candidate");
  });

  it("approves an edited entry: public at /faq/{slug}, in the sitemap, the guide's first source", async () => {
    const entry = await entryByQuestion("What are the moon rituals for beginners?");
    const question = "Which moon rituals suit beginners?";
    const result = await learn(admin, {
      intent: "approve",
      id: entry!.id,
      question,
      answer:
        "Start with the **new moon intention ritual**: write one wish, light a candle, read it aloud.",
    });
    expect(result.status).toBe(200);
    expect(result.body?.toast?.key).toBe("admin.chatLearning.done.approve");
    const [row] = await db().select().from(chatFaq).where(eq(chatFaq.id, entry!.id));
    expect(row).toMatchObject({ isApproved: true, status: "approved", question });
    expect(row!.slug).toBe("which-moon-rituals-suit-beginners");

    const page = await callRoute(faqRoute.loader as never, `/faq/${row!.slug}`, null, {
      slug: row!.slug!,
    });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ question });
    expect((page.data as { answerHtml: string }).answerHtml).toContain(
      "<strong>new moon intention ritual</strong>",
    );

    const sitemap = (await sitemapRoute.loader()) as Response;
    expect(await sitemap.text()).toContain(`/faq/${row!.slug}</loc>`);

    // Site search: the question by its words (a title match), the answer by a word only it has.
    const byQuestion = await findQuick("moon rituals beginners", "titles");
    expect(byQuestion.results.find((r) => r.kind === "faq")).toMatchObject({
      title: question,
      url: `/faq/${row!.slug}`,
      labelKey: "search.kinds.faq",
    });
    const byAnswer = await findQuick("intention", "titles");
    expect(byAnswer.results.filter((r) => r.kind === "faq").map((r) => r.title)).toEqual([
      question,
    ]);
    // A candidate (not approved) is never found.
    const candidate = await findQuick("cancel my subscription");
    expect(candidate.results.filter((r) => r.kind === "faq")).toEqual([]);

    // The guide: the FAQ entry first for that question, for guests too.
    const hits = await retrieve(question, null);
    expect(hits[0]?.url).toBe(`/faq/${row!.slug}`);
    const answer = await answerFromSite("which moon rituals suit a beginner", null, "en");
    expect(answer.sources[0]?.url).toBe(`/faq/${row!.slug}`);
    const chat = await handleChat(
      new Request("http://localhost/api/chat", {
        method: "POST",
        headers: { "Content-Type": "application/json", [CLIENT_IP_HEADER]: "10.9.0.1" },
        body: JSON.stringify({
          messages: [{ role: "user", content: "Which moon rituals suit beginners?" }],
          visitorSessionId: "visitor_faq_first",
        }),
      }),
    );
    const streamed = await chat.text();
    const firstLink = /\]\((\/[^)]+)\)/.exec(
      streamed
        .split("\n")
        .filter((l) => l.startsWith("data: {"))
        .map(
          (l) =>
            (JSON.parse(l.slice(6)) as { choices: Array<{ delta: { content?: string } }> })
              .choices[0]!.delta.content ?? "",
        )
        .join(""),
    );
    expect(firstLink?.[1]).toBe(`/faq/${row!.slug}`);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "chat-faq.approve"), eq(auditLog.targetId, entry!.id)));
    expect(audit?.actorId).toBe(admin.userId);
  });

  it("keeps the address after an edit and reindexes the new text", async () => {
    const [row] = await db().select().from(chatFaq).where(eq(chatFaq.status, "approved"));
    const result = await learn(admin, {
      intent: "save",
      id: row!.id,
      question: "Which moon rituals suit a complete beginner?",
      answer: "The new moon intention ritual, with a candle and a written wish.",
    });
    expect(result.status).toBe(200);
    const [after] = await db().select().from(chatFaq).where(eq(chatFaq.id, row!.id));
    expect(after!.slug).toBe(row!.slug);
    const chunks = await db()
      .select()
      .from(knowledgeChunks)
      .where(and(eq(knowledgeChunks.sourceKind, "faq"), eq(knowledgeChunks.sourceId, row!.id)));
    expect(chunks[0]?.title).toBe("Which moon rituals suit a complete beginner?");
  });

  it("merges an entry into another: its count moves, later duplicates count there", async () => {
    await syncFaq();
    const from = await entryByQuestion("How do I cancel my subscription?");
    const [target] = await db().select().from(chatFaq).where(eq(chatFaq.status, "approved"));
    const before = (await entries()).find((e) => e.id === target!.id)!.asked;
    expect(
      (await learn(admin, { intent: "merge", id: from!.id, targetId: target!.id })).status,
    ).toBe(200);
    const after = await entries();
    expect(after.find((e) => e.id === from!.id)).toMatchObject({
      status: "merged",
      mergedIntoId: target!.id,
      asked: 0,
    });
    expect(after.find((e) => e.id === target!.id)!.asked).toBe(before + from!.asked);
    await conversation([
      ["user", "How do I cancel my subscription?"],
      ["bot", "Billing."],
    ]);
    await syncFaq();
    expect((await entries()).find((e) => e.id === target!.id)!.asked).toBe(
      before + from!.asked + 1,
    );
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "chat-faq.merge"), eq(auditLog.targetId, from!.id)));
    expect(audit?.details).toMatchObject({ into: target!.id });
    // A merged entry takes no further changes.
    expect((await learn(admin, { intent: "reject", id: from!.id })).status).toBe(404);
  });

  it("rejects an entry: it leaves the FAQ, the index and is not learned again", async () => {
    const [row] = await db().select().from(chatFaq).where(eq(chatFaq.status, "approved"));
    expect((await learn(admin, { intent: "reject", id: row!.id })).status).toBe(200);
    const page = await callRoute(faqRoute.loader as never, `/faq/${row!.slug}`, null, {
      slug: row!.slug!,
    });
    expect(page.status).toBe(404);
    const chunks = await db()
      .select()
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.sourceKind, "faq"));
    expect(chunks).toEqual([]);
    const count = (await entries()).length;
    await conversation([
      ["user", row!.question],
      ["bot", "Something"],
    ]);
    await syncFaq();
    expect(await entries()).toHaveLength(count);
    expect(
      (
        await callRoute(faqRoute.loader as never, "/faq/nothing-here", null, {
          slug: "nothing-here",
        })
      ).status,
    ).toBe(404);
  });
});

function chatRequest(body: unknown, cookie?: string) {
  ipSeq += 1;
  return new Request("http://localhost/api/chat", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      [CLIENT_IP_HEADER]: `10.8.0.${ipSeq}`,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

function rate(body: unknown, cookie?: string) {
  return handleRating(
    new Request("http://localhost/api/chat/rate", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(cookie ? { cookie } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

async function storedRating(messageId: string) {
  const [row] = await db()
    .select({ rating: chatMessages.rating })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId));
  return row?.rating;
}

describe("rating a reply", () => {
  it("takes a visitor's thumbs only in their own conversation, idempotently", async () => {
    const visitor = "visitor_rater_one";
    const response = await handleChat(
      chatRequest({
        messages: [{ role: "user", content: "zzqx unknown topic" }],
        visitorSessionId: visitor,
      }),
    );
    await response.text();
    const conversationId = response.headers.get(CONVERSATION_HEADER)!;
    const messageId = response.headers.get(MESSAGE_HEADER)!;
    const [stored] = await db().select().from(chatMessages).where(eq(chatMessages.id, messageId));
    expect(stored).toMatchObject({ senderType: "bot", unanswered: true });

    const body = { conversationId, messageId, visitorSessionId: visitor, rating: "down" };
    expect((await rate({ ...body, visitorSessionId: "visitor_someone_else" })).status).toBe(403);
    expect(await storedRating(messageId)).toBeNull();
    expect((await rate(body)).status).toBe(204);
    expect((await rate(body)).status).toBe(204);
    expect(await storedRating(messageId)).toBe(-1);
    expect((await rate({ ...body, rating: "up" })).status).toBe(204);
    expect(await storedRating(messageId)).toBe(1);
    expect((await rate({ ...body, rating: "none" })).status).toBe(204);
    expect(await storedRating(messageId)).toBeNull();
    // The visitor's own question is not a reply to rate.
    const [question] = await db()
      .select()
      .from(chatMessages)
      .where(
        and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.senderType, "user")),
      );
    expect((await rate({ ...body, messageId: question!.id })).status).toBe(403);
    await rate(body);
  });

  it("keeps a member's conversation to that member", async () => {
    const visitor = "visitor_member_rater";
    const response = await handleChat(
      chatRequest(
        {
          messages: [{ role: "user", content: "What is the help center?" }],
          visitorSessionId: visitor,
        },
        reader.cookie,
      ),
    );
    await response.text();
    const body = {
      conversationId: response.headers.get(CONVERSATION_HEADER)!,
      messageId: response.headers.get(MESSAGE_HEADER)!,
      visitorSessionId: visitor,
      rating: "up",
    };
    expect((await rate(body)).status).toBe(403);
    expect((await rate(body, admin.cookie)).status).toBe(403);
    expect((await rate(body, reader.cookie)).status).toBe(204);
  });

  it("refuses unreadable bodies with a 400", async () => {
    for (const body of [
      "not json",
      "{}",
      { conversationId: "x", messageId: "y", visitorSessionId: "visitor_a", rating: "up" },
      {
        conversationId: "00000000-0000-4000-8000-000000000000",
        messageId: "00000000-0000-4000-8000-000000000000",
        visitorSessionId: "visitor_a",
        rating: "sideways",
      },
      "x".repeat(5000),
    ])
      expect((await rate(body)).status).toBeGreaterThanOrEqual(400);
  });
});

describe("/admin/chat-conversations and the retention period", () => {
  it("filters by unanswered, thumbs down and date, for admins only", async () => {
    const path = "/admin/chat-conversations";
    const load = (query: string, who: Account | null = admin) =>
      callRoute(conversationsRoute.loader as never, `${path}${query}`, who?.cookie ?? null, {});
    expect((await load("", reader)).status).toBe(403);
    expect((await load("?open=nope")).status).toBe(400);
    expect((await load("?open=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const all = (await load("")).data as { total: number; rows: Array<{ id: string }> };
    const unanswered = (await load("?show=unanswered")).data as {
      total: number;
      rows: Array<{ unanswered: number }>;
    };
    const down = (await load("?show=thumbsDown")).data as {
      rows: Array<{ thumbsDown: number; id: string }>;
    };
    expect(unanswered.total).toBeGreaterThan(0);
    expect(unanswered.total).toBeLessThan(all.total);
    expect(unanswered.rows.every((r) => r.unanswered > 0)).toBe(true);
    expect(down.rows).toHaveLength(1);
    expect(down.rows[0]!.thumbsDown).toBe(1);
    const transcript = (await load(`?open=${down.rows[0]!.id}`)).data as {
      transcript: { messages: Array<{ senderType: string; rating: number | null }> };
    };
    expect(transcript.transcript.messages.map((m) => m.senderType)).toEqual(["user", "bot"]);
    expect(transcript.transcript.messages[1]!.rating).toBe(-1);
    // Hostile filters are no filter.
    const hostile = (await load("?from=2024-13-45&to=%00&show=everything")).data as {
      total: number;
    };
    expect(hostile.total).toBe(all.total);
    const future = await conversationList({ from: "2999-01-01", show: "all" }, 1);
    expect(future.total).toBe(0);
    const past = await conversationList({ to: "2000-01-01", show: "all" }, 1);
    expect(past.total).toBe(0);
    const alias = await callRoute(
      conversationsRoute.loader as never,
      "/admin/all-chat-conversations",
      admin.cookie,
      {},
    );
    expect((alias.data as { total: number }).total).toBe(all.total);
  });

  it("deletes conversations past the retention period; learned entries stay", async () => {
    const old = await conversation(
      [
        ["user", "An old question about tarot spreads"],
        ["bot", "An old answer"],
      ],
      { at: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000) },
    );
    await syncFaq();
    const fresh = await conversation([
      ["user", "A fresh question"],
      ["bot", "A fresh answer"],
    ]);
    await updateSettings(admin.userId, { chat_retention_days: "30" });
    expect(await deleteExpiredConversations()).toBe(1);
    const left = await db().select({ id: chatConversations.id }).from(chatConversations);
    expect(left.map((r) => r.id)).not.toContain(old.id);
    expect(left.map((r) => r.id)).toContain(fresh.id);
    expect(
      await db().select().from(chatMessages).where(eq(chatMessages.conversationId, old.id)),
    ).toEqual([]);
    const learned = await entryByQuestion("An old question about tarot spreads");
    expect(learned).toMatchObject({ conversationId: null, asked: 1 });
    await updateSettings(admin.userId, { chat_retention_days: "180" });
  });

  it("validates the chat limits and the retention period in the site settings", () => {
    const base = {
      site_name: "Sanctuary",
      site_description: "",
      primary_color: "#8B5CF6",
      secondary_color: "#64748b",
    };
    expect(siteSettingsSchema.safeParse(base).success).toBe(true);
    for (const [field, value] of [
      ["chat_guest_per_hour", "0"],
      ["chat_guest_per_hour", "-5"],
      ["chat_member_per_day", "1.5"],
      ["chat_ip_per_hour", "abc"],
      ["chat_ip_per_day", "1000001"],
      ["chat_retention_days", "0"],
      ["chat_retention_days", "99999"],
    ] as const) {
      const parsed = siteSettingsSchema.safeParse({ ...base, [field]: value });
      expect(parsed.success, `${field}=${value}`).toBe(false);
    }
    const dayBelowHour = siteSettingsSchema.safeParse({
      ...base,
      chat_guest_per_hour: "50",
      chat_guest_per_day: "10",
    });
    expect(dayBelowHour.success).toBe(false);
    expect(dayBelowHour.error?.issues[0]?.path).toEqual(["chat_guest_per_day"]);
  });
});
