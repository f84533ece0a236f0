import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "#app/db/client.server";
import { migrate } from "#app/db/migrate.server";
import { startJobs, stopJobs } from "#app/modules/events/index.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dumped PGlite data directory, migrated and with the job queue's schema (or ""). */
    pgliteTemplate: string;
  }
}

/**
 * Vitest global setup: on the embedded engine, builds one migrated database (the migrations and
 * pg-boss's schema, as `setupTestDatabase` would) and dumps it to a file each test file starts its
 * in-memory database from. Creating a PGlite runs initdb in WebAssembly, which with the migrations
 * took about four seconds per file; loading the dump takes under one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if ((process.env.TEST_DB_ENGINE ?? "pglite") !== "pglite") {
    project.provide("pgliteTemplate", "");
    return async () => {};
  }
  const directory = await mkdtemp(path.join(tmpdir(), "sanctuary-pglite-template-"));
  const dataDir = process.env.DATA_DIR;
  process.env.DATA_DIR = directory;
  const database = await openPglite();
  try {
    await migrate(database);
    await startJobs(database, { work: false, retryDelaySeconds: 0 });
    await stopJobs();
    const dump = await database.pglite!.dumpDataDir("none");
    const file = path.join(directory, "template.tar");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteTemplate", file);
  } finally {
    await database.close();
    if (dataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = dataDir;
  }
  return async () => {
    await rm(directory, { recursive: true, force: true });
  };
}
