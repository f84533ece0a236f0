/**
 * Events pushed to browsers over /api/events (Server-Sent Events). Every app process LISTENs on
 * one PostgreSQL channel, so an event published by any process reaches viewers connected to any
 * other. Payloads stay small (pg_notify allows 8000 bytes): ids and short texts, never bodies.
 */
import type { MessageEventData } from "#app/modules/messages";
import type { NotificationContent } from "#app/modules/notifications";
import type { NotificationType } from "#app/modules/notifications/schema";

export const REALTIME_CHANNEL = "sanctuary_events";

export type Audience = { users: string[] } | { admins: true } | { everyone: true };

/**
 * Every event the stream carries, by type: what its `data` holds. A new kind of event is one line
 * here; publishers and the browser's listeners (useRealtimeEvent) are typed by it.
 */
export interface RealtimeEventMap {
  /** A stored notification, as the bell lists it (notifications/notify.server.ts). */
  notification: {
    id: string;
    type: NotificationType;
    audience: "admin" | "community";
    content: NotificationContent;
    isRead: boolean;
    actionUrl: string | null;
    createdAt: string;
  };
  /** A direct message arrived (messages/messages.server.ts). */
  message: MessageEventData;
  /** A community count changed; pages refetch it (shell/subscribers.server.ts). */
  counts: { kind: "discussions" | "covens" | "videos" | "academy" };
  /** For admins: a sale (payments/events.server.ts). */
  sale: { amount: number; currency: string; member: string };
  /** For a book's authors: it sold (books/subscribers.server.ts); its sales page refreshes. */
  bookSale: { bookId: string };
  /** For admins: a batch of page views and crawler hits just written (analytics/buffer.server.ts). */
  analytics: {
    views: Array<{ path: string; device: string; language: string; member: boolean; at: string }>;
    viewCount: number;
    crawlerCount: number;
    crawlers: Array<{ path: string; userAgent: string }>;
  };
  /** For admins: an account was created (analytics/subscribers.server.ts). */
  signup: { member: string; at: string };
}

export type RealtimeType = keyof RealtimeEventMap;

/** One event as the browser receives it: its type and that type's data. */
export type RealtimeDetail = {
  [T in RealtimeType]: { type: T; data: RealtimeEventMap[T] };
}[RealtimeType];

/** One event as a server publishes it: to whom, its type and that type's data. */
export type RealtimeEvent = RealtimeDetail & { to: Audience };

/** The window event the shell's one EventSource re-dispatches every server event as. */
export const REALTIME_WINDOW_EVENT = "sanctuary:realtime";
