import type { Db } from "#app/db/client.server";
import type { EventName, EventOf } from "./types";

/** A transaction: a subscriber's effect commits together with the mark that it ran (handled_events). */
export type EventHandler<N extends EventName> = (tx: Db, event: EventOf<N>) => Promise<void>;

export interface Subscription<N extends EventName = EventName> {
  event: N;
  /** Unique among the event's subscribers: names its pg-boss queue and its handled_events rows. */
  subscriber: string;
  /** `<event>/<subscriber>`: one queue per subscriber, so each retries on its own. */
  queue: string;
  handle: EventHandler<N>;
}

/**
 * Declares that `subscriber` reacts to `event`. Each module keeps its subscriptions in its own
 * `subscribers.server.ts`; app/modules/events/subscribers.server.ts lists the modules.
 */
export function subscribe<N extends EventName>(
  event: N,
  subscriber: string,
  handle: EventHandler<N>,
): Subscription<N> {
  return { event, subscriber, queue: `${event}/${subscriber}`, handle };
}
