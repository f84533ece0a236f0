import { z } from "zod";

/** The chat's numbers (SPEC §9 and decision 061). */
export const CHAT_LIMITS = {
  /** Characters of one message, the visitor's or a prior reply sent back as history. */
  messageMax: 2_000,
  /** Messages a request may carry at all; more is refused. */
  messagesMax: 50,
  /** Of those, the newest ones kept as the model's history. */
  historyKept: 12,
  /** SPEC §9: no first streamed content within this many milliseconds → the fallback links. */
  firstTokenMs: 8_000,
  /** How long the server waits for a configured model's first piece before answering itself, well inside the widget's wait. */
  modelFirstTokenMs: 5_000,
} as const;

const message = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(CHAT_LIMITS.messageMax, "chat.errors.tooLong"),
});

/**
 * SPEC §7's body: `messages` (role and content), `conversationId`, `visitorSessionId`, `origin`.
 * The last message is the visitor's new one; only the newest `historyKept` are kept.
 */
export const chatRequestSchema = z
  .object({
    messages: z.array(message).min(1).max(CHAT_LIMITS.messagesMax, "chat.errors.tooMany"),
    conversationId: z.uuid().nullish(),
    visitorSessionId: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
    origin: z.string().max(500).nullish(),
  })
  .transform((body, ctx) => {
    const { role: sender, content } = body.messages.at(-1)!;
    const text = content.trim();
    // The newest message is the visitor's question (a chat message's sender, not an account role).
    if (sender === "assistant" || text === "") {
      ctx.addIssue({ code: "custom", message: "chat.errors.empty" });
      return z.NEVER;
    }
    return {
      question: text,
      history: body.messages.slice(-CHAT_LIMITS.historyKept - 1, -1),
      conversationId: body.conversationId ?? null,
      visitorSessionId: body.visitorSessionId,
      origin: body.origin ?? null,
    };
  });

export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type ChatMessage = z.infer<typeof message>;

/** POST /api/chat/rate: a visitor's thumbs on one of the guide's replies ("none" takes it back). */
export const chatRatingSchema = z.object({
  conversationId: z.uuid(),
  messageId: z.uuid(),
  visitorSessionId: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
  rating: z.enum(["up", "down", "none"]),
});
export type ChatRating = z.infer<typeof chatRatingSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
  .optional()
  .catch(undefined);

/** /admin/chat-conversations: the list's filters (anything unreadable is no filter). */
export const conversationFilterSchema = z.object({
  from: isoDate,
  to: isoDate,
  show: z.enum(["all", "unanswered", "thumbsDown"]).catch("all"),
});
export type ConversationFilter = z.infer<typeof conversationFilterSchema>;

/** Days a conversation is kept after its newest message (setting `chat_retention_days`). */
export const RETENTION_DAYS = { default: 180, min: 1, max: 3650 } as const;
