import { acquireDataDirLock } from "#app/db/data-dir-lock.server";
import { openPglite, openPostgres, useDatabase, type Database } from "#app/db/client.server";
import { migrate } from "#app/db/migrate.server";
import type { Config } from "#app/lib/config.server";

export interface OpenedDatabase {
  database: Database;
  /** Closes the connection and releases the data-folder lock. */
  close(): Promise<void>;
}

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else embedded PGlite under
 * DATA_DIR, locked to this process), applies pending migrations and makes it the active one.
 */
export async function openConfiguredDatabase(cfg: Config): Promise<OpenedDatabase> {
  if (cfg.DATABASE_URL) {
    const database = await openPostgres(cfg.DATABASE_URL);
    await migrate(database);
    useDatabase(database);
    return { database, close: () => database.close() };
  }
  const release = acquireDataDirLock(cfg.DATA_DIR);
  try {
    const database = await openPglite(cfg.DATA_DIR);
    await migrate(database);
    useDatabase(database);
    return {
      database,
      close: async () => {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
