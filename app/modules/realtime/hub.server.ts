import pg from "pg";
import type { Database } from "#app/db/client.server";
import { REALTIME_CHANNEL, type Audience, type RealtimeDetail, type RealtimeEvent } from "./events";

/** One open event stream: whose it is, and how to write to it. */
export interface RealtimeSubscriber {
  /** null for a guest, who receives only events meant for everyone (sidebar counts). */
  userId: string | null;
  isAdmin: boolean;
  send(event: RealtimeDetail): void;
}

type Logger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
const silent: Logger = { warn() {}, error() {} };

/** Whether an event addressed to `audience` is for this subscriber. */
export function reaches(
  audience: Audience,
  subscriber: Pick<RealtimeSubscriber, "userId" | "isAdmin">,
): boolean {
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
  private readonly listenState: ListenState = { listening: false, reconnects: 0 };
  private readonly observers = new Set<(event: RealtimeEvent) => void>();

  constructor(private readonly log: Logger = silent) {}

  get size(): number {
    return this.everyone.size;
  }

  /** Whether the LISTEN connection is open, and how often it was opened again after a loss. */
  get state(): Readonly<ListenState> {
    return { ...this.listenState };
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
    const message = { type: event.type, data: event.data } as RealtimeDetail;
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
      for (const userId of audience.users)
        for (const s of this.byUser.get(userId) ?? []) found.push(s);
      return found;
    }
    return [...this.everyone].filter((s) => reaches(audience, s));
  }

  /** Starts listening on the database's realtime channel. */
  async listen(database: Database): Promise<void> {
    if (database.pglite) {
      this.stopListening = await database.pglite.listen(REALTIME_CHANNEL, (payload) =>
        this.deliver(payload),
      );
      this.listenState.listening = true;
      return;
    }
    if (!database.url)
      throw new Error("A PostgreSQL database without a connection string cannot LISTEN.");
    this.stopListening = await listenOnPostgres(
      database.url,
      (payload) => this.deliver(payload),
      this.listenState,
      this.log,
    );
  }

  /** Stops listening and forgets every stream (their responses are closed by their owners). */
  async close(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = undefined;
    this.listenState.listening = false;
    this.everyone.clear();
    this.byUser.clear();
  }
}

/** What the hub's LISTEN connection is doing, for /readyz-style checks and tests. */
export interface ListenState {
  /** A LISTEN connection is open and subscribed (always true on PGlite once listening). */
  listening: boolean;
  /** Times the connection was lost and opened again since the hub started. */
  reconnects: number;
}

/** The first pause before reconnecting, doubled after each failed attempt up to the maximum. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * A dedicated PostgreSQL connection that LISTENs on the channel and, when it drops (a terminated
 * backend, a restart, a network fault), opens a new one after a pause that doubles with each
 * failed attempt up to 10 s (with jitter, so many processes do not reconnect in step).
 *
 * At most one connection is current: a late error or notification from a replaced connection is
 * ignored, so no event is delivered twice. Events published while no connection listened are
 * lost: the browser's next navigation reloads the counts, so a gap costs freshness, never
 * correctness, and nothing is replayed.
 */
async function listenOnPostgres(
  url: string,
  onPayload: (payload: string) => void,
  state: ListenState,
  log: Logger,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const lost = (client: pg.Client, error: Error) => {
    if (client !== current) return;
    current = undefined;
    state.listening = false;
    log.warn({ err: error }, "realtime LISTEN connection lost; reconnecting");
    void client.end().catch(() => {});
    scheduleReconnect();
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    client.on("notification", (message) => {
      if (client === current && message.channel === REALTIME_CHANNEL && message.payload)
        onPayload(message.payload);
    });
    client.on("error", (error) => lost(client, error));
    client.on("end", () => lost(client, new Error("Connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    } catch (error) {
      void client.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    state.listening = true;
    failures = 0;
  };

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    const pause =
      Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** failures) * (0.75 + Math.random() / 4);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          if (!stopped) state.reconnects += 1;
        },
        (error: unknown) => {
          log.warn({ err: error }, "realtime LISTEN reconnect failed; trying again");
          scheduleReconnect();
        },
      );
    }, pause);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = undefined;
    state.listening = false;
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
