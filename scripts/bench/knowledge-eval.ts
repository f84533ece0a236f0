import { openPglite, useDatabase } from "#app/db/client.server";
import { migrate } from "#app/db/migrate.server";
import { seedIfEmpty } from "#app/db/seed.server";
import { startJobs, stopJobs } from "#app/modules/events/index.server";
import { evaluate, type MethodResult } from "#app/modules/knowledge/index.server";

/**
 * Opens an embedded database in memory, seeds it as the first start does (pages, demo community,
 * library), which also fills the knowledge index, and runs the evaluation set.
 */
export async function runKnowledgeEvaluation(): Promise<MethodResult[]> {
  const database = await openPglite();
  try {
    await migrate(database);
    useDatabase(database);
    await startJobs(database, { work: false });
    await seedIfEmpty({ demo: true });
    return await evaluate();
  } finally {
    await stopJobs().catch(() => undefined);
    await database.close();
  }
}
