import { randomBytes } from "node:crypto";
import pg from "pg";

/** The PostgreSQL server the benchmark database is created on (any database of it to connect to). */
export const SERVER_URL =
  process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface BenchDatabase {
  name: string;
  url: string;
  /** Drops it, disconnecting anyone still connected; safe to call more than once. */
  drop(): Promise<void>;
}

/**
 * Creates a uniquely named database, so runs and other people's databases on a shared server never
 * meet. `prefix` says whose it is (the benchmark's, or a process test's).
 */
export async function createBenchDatabase(
  prefix = "sanctuary_bench",
  serverUrl = SERVER_URL,
): Promise<BenchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    name,
    url: url.toString(),
    drop: () => (dropped ??= admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}
