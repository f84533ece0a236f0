import pg from "pg";
import type { Database } from "#app/db/client.server";
import { REALTIME_CHANNEL, type Audience, type RealtimeEvent } from "./events";

/** One open event stream: whose it is, and how to write to it. */
export interface RealtimeSubscriber {
  /** null for a guest, who receives only events meant for everyone (sidebar counts). */
  userId: string | null;
  isAdmin: boolean;
  send(event: Pick<RealtimeEvent, "type" | "data">): void;
}

type Logger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
const silent: Logger = { warn() {}, error() {} };

/** Whether an event addressed to `audience` is for this subscriber. */
export function reaches(audience: Audience, subscriber: Pick<RealtimeSubscriber, "userId" | "isAdmin">): boolean {
  if ("everyone" in audience) return true;
  if ("admins" in audience) return subscriber.isAdmin;
  return subscriber.userId !== null && audience.users.includes(subscriber.userId);
}

/**
 * Fans database notifications out to the event streams open on this process. Every process
 * runs one hub with one LISTEN connection, so an event published by any process (pg_notify in
 * the transaction that made the change) reaches viewers connected to any other.
 */
export class RealtimeHub {
  private readonly everyone = new Set<RealtimeSubscriber>();
  /** Streams by member, so an event for one member costs a map lookup, not a scan. */
  private readonly byUser = new Map<string, Set<RealtimeSubscriber>>();
  private stopListening: (() => Promise<void>) | undefined;
  private readonly observers = new Set<(event: RealtimeEvent) => void>();

  constructor(private readonly log: Logger = silent) {}

  get size(): number {
    return this.everyone.size;
  }

  subscribe(subscriber: RealtimeSubscriber): () => void {
    this.everyone.add(subscriber);
    if (subscriber.userId) {
      let own = this.byUser.get(subscriber.userId);
      if (!own) this.byUser.set(subscriber.userId, (own = new Set()));
      own.add(subscriber);
    }
    return () => {
      this.everyone.delete(subscriber);
      if (!subscriber.userId) return;
      const own = this.byUser.get(subscriber.userId);
      own?.delete(subscriber);
      if (own?.size === 0) this.byUser.delete(subscriber.userId);
    };
  }

  /** Lets this process react to every event too (e.g. dropping cached counts). */
  observe(observer: (event: RealtimeEvent) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** Delivers one pg_notify payload to the streams it is addressed to. */
  deliver(payload: string): void {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(payload) as RealtimeEvent;
    } catch (error) {
      this.log.warn({ err: error }, "ignoring a realtime payload that is not JSON");
      return;
    }
    for (const observer of this.observers) {
      try {
        observer(event);
      } catch (error) {
        this.log.warn({ err: error }, "a realtime observer failed");
      }
    }
    const message = { type: event.type, data: event.data };
    for (const subscriber of this.recipients(event.to)) {
      try {
        subscriber.send(message);
      } catch (error) {
        this.log.warn({ err: error }, "a realtime stream refused an event");
      }
    }
  }

  private recipients(audience: Audience): Iterable<RealtimeSubscriber> {
    if ("users" in audience) {
      const found: RealtimeSubscriber[] = [];
      for (const userId of audience.users) for (const s of this.byUser.get(userId) ?? []) found.push(s);
      return found;
    }
    return [...this.everyone].filter((s) => reaches(audience, s));
  }

  /** Starts listening on the database's realtime channel. */
  async listen(database: Database): Promise<void> {
    if (database.pglite) {
      this.stopListening = await database.pglite.listen(REALTIME_CHANNEL, (payload) => this.deliver(payload));
      return;
    }
    if (!database.url) throw new Error("A PostgreSQL database without a connection string cannot LISTEN.");
    this.stopListening = await listenOnPostgres(database.url, (payload) => this.deliver(payload), this.log);
  }

  /** Stops listening and forgets every stream (their responses are closed by their owners). */
  async close(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = undefined;
    this.everyone.clear();
    this.byUser.clear();
  }
}

/**
 * A dedicated PostgreSQL connection that LISTENs on the channel and reconnects (with a growing
 * pause, at most 10 s) when the connection drops. Events sent while it was down are lost: the
 * browser's next navigation reloads the counts, so a gap costs freshness, never correctness.
 */
async function listenOnPostgres(url: string, onPayload: (payload: string) => void, log: Logger): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === REALTIME_CHANNEL && message.payload) onPayload(message.payload);
    });
    next.on("error", (error) => {
      log.warn({ err: error }, "realtime LISTEN connection lost; reconnecting");
      void next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${REALTIME_CHANNEL}`);
    client = next;
    attempt = 0;
  };

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    client = undefined;
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error) => {
        log.error({ err: error }, "realtime LISTEN reconnect failed");
        scheduleReconnect();
      });
    }, Math.min(10_000, 250 * 2 ** attempt));
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

let processHub: RealtimeHub | undefined;

/** The hub of this process, started by the server at start-up. */
export function realtimeHub(): RealtimeHub | undefined {
  return processHub;
}

export function useRealtimeHub(hub: RealtimeHub | undefined): void {
  processHub = hub;
}
