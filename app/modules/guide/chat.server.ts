import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { detectLocale } from "#app/i18n/detect";
import { serverT } from "#app/i18n/resources.server";
import type { Locale } from "#app/i18n/locales";
import type { MessageKey } from "#app/i18n/i18n";
import { getViewer } from "#app/modules/auth/index.server";
import {
  siteKnowledge,
  type Knowledge,
  type KnowledgeViewer,
  type SiteAnswer,
} from "./knowledge.server";
import { allowChatMessage } from "./limits.server";
import { buildPrompt, modelEndpoint, streamModel } from "./model.server";
import { chatConversations, chatMessages } from "./schema";
import { CHAT_LIMITS, chatRequestSchema, type ChatRequest } from "./validation";

/** The header that tells the widget which conversation its messages belong to. */
export const CONVERSATION_HEADER = "X-Chat-Conversation-Id";
/** The header that names the reply being streamed (what the visitor rates). */
export const MESSAGE_HEADER = "X-Chat-Message-Id";
/** The largest body read (many history messages at their limit, with room for JSON escapes). */
const BODY_MAX = 64 * 1024;

let knowledge: Knowledge = siteKnowledge;
/** Tests only: answer from another source. */
export function setKnowledge(source: Knowledge | null): void {
  knowledge = source ?? siteKnowledge;
}
let firstTokenMs: number = CHAT_LIMITS.modelFirstTokenMs;
/** Tests only: a shorter wait for the model's first piece. */
export function setFirstTokenMs(ms: number | null): void {
  firstTokenMs = ms ?? CHAT_LIMITS.modelFirstTokenMs;
}

function jsonError(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });
}

async function readJson(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > BODY_MAX) throw new RangeError("too large");
  const text = await request.text();
  if (text.length > BODY_MAX) throw new RangeError("too large");
  return JSON.parse(text) as unknown;
}

/**
 * The visitor's conversation: the one named, if it is theirs (same visitor session, and the same
 * member when it was a member's), else null; a new one when none was named.
 */
async function conversationFor(
  input: ChatRequest,
  userId: string | null,
): Promise<{ id: string } | null> {
  if (input.conversationId) {
    const [row] = await db()
      .select({ id: chatConversations.id, userId: chatConversations.userId })
      .from(chatConversations)
      .where(
        and(
          eq(chatConversations.id, input.conversationId),
          sql`${chatConversations.metadata}->>'visitor_session_id' = ${input.visitorSessionId}`,
        ),
      )
      .limit(1);
    if (!row || (row.userId !== null && row.userId !== userId)) return null;
    return { id: row.id };
  }
  const [created] = await db()
    .insert(chatConversations)
    .values({
      status: "open",
      channel: "web",
      subject: "Website Chat",
      metadata: { visitor_session_id: input.visitorSessionId },
      userId,
    })
    .returning({ id: chatConversations.id });
  return created ?? null;
}

/** The conversation's newest message is now (the retention period and the FAQ job count from it). */
async function touch(conversationId: string): Promise<void> {
  await db()
    .update(chatConversations)
    .set({ lastMessageAt: new Date() })
    .where(eq(chatConversations.id, conversationId));
}

/** Markdown pieces of about `size` characters, cut after a space where one is near. */
export function pieces(text: string, size = 24): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const space = rest.indexOf(" ", size);
    const cut = space === -1 || space > size * 2 ? size : space + 1;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) out.push(rest);
  return out;
}

/** A title as inert Markdown link text: nothing in it can read as structure, a link or HTML. */
function linkText(title: string): string {
  return title
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\`*_{}[\]()<>#+\-.!|~&"':=]/g, (c) => `\\${c}`);
}

/** A source's address as a link target: same-site paths only. */
function linkTarget(url: string): string {
  if (!url.startsWith("/") || url.startsWith("//")) return "/";
  try {
    return encodeURI(decodeURI(url));
  } catch {
    return "/";
  }
}

function sourceLinks(sources: SiteAnswer["sources"], heading: string): string {
  if (sources.length === 0) return "";
  const links = sources.map((s, i) => `${i + 1}. [${linkText(s.title)}](${linkTarget(s.url)})`);
  return `\n\n**${heading}**\n\n${links.join("\n")}`;
}

/** One chunk in OpenAI's streaming shape. */
function chunk(id: string, content: string | null): string {
  return `data: ${JSON.stringify({
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: "sanctuary-guide",
    choices: [
      content === null
        ? { index: 0, delta: {}, finish_reason: "stop" }
        : { index: 0, delta: { content }, finish_reason: null },
    ],
  })}\n\n`;
}

/** The reply's text pieces: the model's with its sources, or the built-in guide's. */
async function* reply(
  input: ChatRequest,
  viewer: KnowledgeViewer | null,
  locale: Locale,
  signal: AbortSignal,
  outcome: { unanswered: boolean },
): AsyncGenerator<string> {
  const t = serverT(locale);
  const heading = t("chat.answer.sources");
  const endpoint = modelEndpoint();
  if (endpoint) {
    const hits = await knowledge.retrieve(input.question, viewer, { limit: 5, language: locale });
    outcome.unanswered = hits.length === 0;
    const prompt = buildPrompt(input.question, input.history, hits, locale);
    let sent = false;
    try {
      for await (const piece of streamModel(endpoint, prompt, firstTokenMs, signal)) {
        sent = true;
        yield piece;
      }
      yield sourceLinks(hits, heading);
      return;
    } catch {
      if (signal.aborted) return;
      if (sent) {
        yield `\n\n${t("chat.answer.interrupted")}`;
        yield sourceLinks(hits, heading);
        return;
      }
      yield `${t("chat.answer.fallback")}\n\n`;
    }
  }
  const answer = await knowledge.answerFromSite(input.question, viewer, locale);
  outcome.unanswered = !answer.found;
  yield* pieces(answer.markdown + sourceLinks(answer.sources, heading));
}

/** POST /api/chat (SPEC §7): validate, limit, keep the conversation, stream the reply. */
export async function handleChat(request: Request): Promise<Response> {
  const locale = detectLocale(request);
  const t = serverT(locale);
  let body: unknown;
  try {
    body = await readJson(request);
  } catch (error) {
    return error instanceof RangeError
      ? jsonError(413, t("chat.errors.tooLong"))
      : jsonError(400, t("chat.errors.invalid"));
  }
  const parsed = chatRequestSchema.safeParse(body);
  if (!parsed.success) {
    const key = parsed.error.issues.find((i) => i.message.startsWith("chat.errors."))?.message;
    return jsonError(
      400,
      t((key as MessageKey | undefined) ?? "chat.errors.invalid", { max: CHAT_LIMITS.messageMax }),
    );
  }
  const input = parsed.data;
  const viewer = await getViewer(request);
  const userId = viewer?.user.id ?? null;
  if (!(await allowChatMessage(request, { visitorSessionId: input.visitorSessionId, userId })))
    return jsonError(429, t("chat.errors.limited"));
  const conversation = await conversationFor(input, userId);
  if (!conversation) return jsonError(403, t("chat.errors.notYours"));
  await db()
    .insert(chatMessages)
    .values({ conversationId: conversation.id, senderType: "user", content: input.question });
  await touch(conversation.id);

  const knowledgeViewer: KnowledgeViewer | null = viewer
    ? { id: viewer.user.id, isPremium: viewer.isPremium, isAdmin: viewer.isAdmin }
    : null;
  const id = `chatcmpl-${conversation.id}`;
  const encoder = new TextEncoder();
  const abort = new AbortController();
  let full = "";
  // The reply's id is chosen now, so the widget can rate it as soon as it has streamed.
  const messageId = randomUUID();
  const outcome = { unanswered: false };
  const store = async () => {
    if (full.trim() === "") return;
    await db().insert(chatMessages).values({
      id: messageId,
      conversationId: conversation.id,
      senderType: "bot",
      content: full,
      unanswered: outcome.unanswered,
    });
    await touch(conversation.id);
  };
  const body_ = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for await (const piece of reply(input, knowledgeViewer, locale, abort.signal, outcome)) {
          if (!piece) continue;
          full += piece;
          controller.enqueue(encoder.encode(chunk(id, piece)));
        }
        // Stored before the stream ends, so the reply is saved once the browser has all of it.
        await store();
        controller.enqueue(encoder.encode(chunk(id, null)));
        controller.enqueue(encoder.encode("data: [DONE]\n\n"));
        controller.close();
      } catch (error) {
        // A visitor who left mid-answer keeps what was written so far.
        await store().catch(() => {});
        if (!abort.signal.aborted) controller.error(error);
      }
    },
    cancel() {
      abort.abort();
    },
  });
  return new Response(body_, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
      [CONVERSATION_HEADER]: conversation.id,
      [MESSAGE_HEADER]: messageId,
    },
  });
}
