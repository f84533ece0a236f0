import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { ResilientPool } from "./pg-pool.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The underlying PGlite instance on the embedded engine (LISTEN/NOTIFY, pg-boss). */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** The connection string on PostgreSQL (the realtime hub opens its own LISTEN connection). */
  url?: string;
}

/**
 * The embedded database: on disk under `dataDir`, or in memory without one. `template` is a
 * data directory dumped by `dumpDataDir` to start the in-memory one from (the tests' migrated
 * database, so each test file skips initdb and the migrations).
 */
export async function openPglite(dataDir?: string, template?: Blob): Promise<Database> {
  let directory: string | undefined;
  if (dataDir) {
    directory = path.resolve(dataDir, "pglite");
    mkdirSync(directory, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir: directory,
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

/** /readyz answers within this, even when the server accepts connections but never replies. */
const PING_TIMEOUT_MS = 2_000;

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new ResilientPool({ connectionString: url, max });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    pool,
    url,
    ping: async () => {
      await withTimeout(
        pool.query("select 1"),
        PING_TIMEOUT_MS,
        "The database did not answer the readiness check in time.",
      );
    },
    close: () => pool.end(),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(message), { code: "ETIMEDOUT" })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

let active: Database | undefined;

/** Makes `database` the one every module uses (the process opens it once at start-up). */
export function useDatabase(database: Database): void {
  active = database;
}

export function database(): Database {
  if (!active) throw new Error("The database is not open yet.");
  return active;
}

/** The Drizzle handle of the open database. */
export function db(): Db {
  return database().db;
}
