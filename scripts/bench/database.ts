import { randomBytes } from "node:crypto";
import pg from "pg";

/** The PostgreSQL server the benchmark database is created on (any database of it to connect to). */
export const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface BenchDatabase {
  name: string;
  url: string;
  /** Drops it, disconnecting anyone still connected; safe to call more than once. */
  drop(): Promise<void>;
}

/** Creates a uniquely named database, so runs and other people's databases on a shared server never meet. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `sanctuary_bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    name,
    url: url.toString(),
    drop: () => (dropped ??= admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}
