/**
 * Events pushed to browsers over /api/events (Server-Sent Events). Every app process LISTENs on
 * one PostgreSQL channel, so an event published by any process reaches viewers connected to any
 * other. Payloads stay small (pg_notify allows 8000 bytes): ids and short texts, never bodies.
 */
export const REALTIME_CHANNEL = "sanctuary_events";

export type Audience = { users: string[] } | { admins: true } | { everyone: true };

export interface RealtimeEvent {
  to: Audience;
  /** notification | message | counts | sale … — the browser dispatches on it. */
  type: string;
  data: Record<string, unknown>;
}

/** The window event the shell's one EventSource re-dispatches every server event as. */
export const REALTIME_WINDOW_EVENT = "sanctuary:realtime";

/** What a window `sanctuary:realtime` event carries in `detail`. */
export interface RealtimeDetail<T = Record<string, unknown>> {
  type: string;
  data: T;
}
