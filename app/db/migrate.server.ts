import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { Database } from "./client.server";

/** The committed migrations, found from the working directory (the repository root). */
export const MIGRATIONS_FOLDER = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/** Applies every migration not applied yet; safe to run on each start and from several processes. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    return;
  }
  // Serialise concurrent starts against one PostgreSQL server with an advisory lock.
  const client = await database.pool!.connect();
  try {
    await client.query("select pg_advisory_lock(7428190)");
    await migratePg(database.db as unknown as NodePgDatabase, {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  } finally {
    await client.query("select pg_advisory_unlock(7428190)").catch(() => {});
    client.release();
  }
}
