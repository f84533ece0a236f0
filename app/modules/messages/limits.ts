// Direct-message constants shared by the browser (composer, realtime listeners) and the server.
// No zod or drizzle here: this file is part of the browser bundle.

/** Longest message body, counted after trimming. */
export const MESSAGE_MAX = 2000;
/** Length of the preview sent in realtime events and shown in the conversation list. */
export const PREVIEW_LENGTH = 120;
/** Messages per thread page (the latest ones; older pages via the "before" cursor). */
export const THREAD_PAGE_SIZE = 50;
/** Conversations per list page. */
export const CONVERSATIONS_PAGE_SIZE = 20;
/** Sending limit per member: a lively chat fits, a flood does not. */
export const SEND_LIMIT = { limit: 20, windowSeconds: 60 };
/** The realtime event type a new message is published under. */
export const MESSAGE_EVENT = "message";

/** What a "message" realtime event carries (small: pg_notify payloads stay under 8 kB). */
export interface MessageEventData {
  conversationId: string;
  messageId: string;
  senderId: string;
  senderName: string;
  preview: string;
  createdAt: string;
}

/** A text cut to `length` characters (by code point), with an ellipsis when it was longer. */
export function preview(text: string, length = PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length <= length
    ? flat
    : `${chars
        .slice(0, length - 1)
        .join("")
        .trimEnd()}…`;
}
