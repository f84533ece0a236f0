import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openPglite, openPostgres, useDatabase, type Database } from "#app/db/client.server";
import { migrate } from "#app/db/migrate.server";
import { startJobs, stopJobs } from "#app/modules/events/index.server";

/**
 * Opens a fresh, migrated database for one test file and makes it the active one (`useDatabase`).
 *
 * `TEST_DB_ENGINE=pglite` (default): an in-memory PGlite, started from the run's migrated
 * template (tests/helpers/pglite-template.ts); `migrate` then finds nothing to do.
 * `TEST_DB_ENGINE=postgres`: a new database `sanctuary_test_<pid>_<random>` on the server at
 * `TEST_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/postgres), dropped on cleanup.
 *
 * Also points `DATA_DIR` at a fresh temporary folder (uploads, generated secrets), removed on cleanup,
 * and starts the job queue (pg-boss) on that database without workers: commands queue their events,
 * and a test runs them with `drainJobs()` (app/modules/events/jobs.server.ts) before it asserts.
 */
export async function setupTestDatabase(): Promise<{
  database: Database;
  cleanup(): Promise<void>;
}> {
  const engine = process.env.TEST_DB_ENGINE ?? "pglite";
  if (engine !== "pglite" && engine !== "postgres") {
    throw new Error(`TEST_DB_ENGINE must be "pglite" or "postgres", not "${engine}".`);
  }

  const previousDataDir = process.env.DATA_DIR;
  const dataDir = await mkdtemp(path.join(tmpdir(), "sanctuary-test-"));
  process.env.DATA_DIR = dataDir;
  const removeDataDir = async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (process.env.DATA_DIR === dataDir) {
      if (previousDataDir === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = previousDataDir;
    }
  };

  if (engine === "pglite") {
    let database: Database | undefined;
    try {
      // The run's migrated template (tests/helpers/pglite-template.ts), when there is one.
      const template = inject("pgliteTemplate");
      database = await openPglite(
        undefined,
        template ? new Blob([await readFile(template)]) : undefined,
      );
      await migrate(database);
      useDatabase(database);
      await startJobs(database, { work: false, retryDelaySeconds: 0 });
    } catch (error) {
      await stopJobs().catch(() => {});
      await database?.close().catch(() => {});
      await removeDataDir();
      throw error;
    }
    useDatabase(database);
    const opened = database;
    return {
      database: opened,
      cleanup: once(async () => {
        await stopJobs().catch(() => {});
        await opened.close().catch(() => {});
        await removeDataDir();
      }),
    };
  }

  const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `sanctuary_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = (sql: string) => withAdminClient(serverUrl, (client) => client.query(sql));
  const dropDatabase = async () => {
    // pool.end() can resolve while a connection is still closing; forcing the drop then kills it
    // mid-goodbye and its client reports an error after the test file finished. Let them go first.
    for (let i = 0; i < 30; i++) {
      const open = await admin(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${name}'`,
      );
      if ((open.rows[0] as { n: number }).n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };

  try {
    await admin(`CREATE DATABASE "${name}"`);
  } catch (error) {
    await removeDataDir();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  let database: Database | undefined;
  try {
    database = await openPostgres(url.toString(), 5);
    await migrate(database);
    useDatabase(database);
    await startJobs(database, { work: false, retryDelaySeconds: 0 });
  } catch (error) {
    await stopJobs().catch(() => {});
    await database?.close().catch(() => {});
    await dropDatabase().catch(() => {});
    await removeDataDir();
    throw error;
  }
  useDatabase(database);
  const opened = database;
  return {
    database: opened,
    cleanup: once(async () => {
      await stopJobs().catch(() => {});
      await opened.close().catch(() => {});
      try {
        await dropDatabase();
      } finally {
        await removeDataDir();
      }
    }),
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let pending: Promise<void> | undefined;
  return () => (pending ??= fn());
}
