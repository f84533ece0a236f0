import pg from "pg";
import { logger } from "#app/lib/logger.server";

/** How long a request waits for a pool connection before it fails (503) instead of hanging. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The PostgreSQL pool, made to survive connections the server drops (pg_terminate_backend, a
 * restart, a failover) under load (docs/decisions/011):
 *
 * - Every connection has an 'error' listener for its whole life. pg-pool listens only while a
 *   connection is idle; a connection checked out (a Drizzle transaction holds one across several
 *   round trips) would emit 'error' with no listener, which Node turns into an uncaught exception.
 * - A connection checked out with `connect()` goes back to the pool, marked broken, as soon as it
 *   fails, and a second release is ignored. Drizzle's `transaction()` sends BEGIN before its
 *   try/finally, so when BEGIN fails on a dead connection it never releases it: without this,
 *   every lost connection under load would leak a slot until the pool had none left.
 *
 * The statement that was running fails (the request answers 503); the pool opens a new
 * connection for the next one.
 */
export class ResilientPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, ...config });
    this.on("connect", (client) => {
      client.on("error", (error) =>
        logger.warn({ err: error }, "PostgreSQL connection lost; the pool opens a new one"),
      );
    });
    // pg-pool re-emits an idle connection's error on the pool, already logged above.
    this.on("error", () => {});
  }

  connect(): Promise<pg.PoolClient>;
  connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    // The callback form is pg-pool's own `query()`, which releases broken connections itself.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedOnFailure);
  }
}

function releasedOnFailure(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const onError = (error: Error) => client.release(error);
  client.once("error", onError);
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("error", onError);
    release.call(client, error);
  };
  return client;
}
