import type { Database } from "#app/db/client.server";

/**
 * Counts the statements the application sends to the test database while `run` runs, on either
 * engine: Drizzle hands every statement to the client's `query` (PGlite's, or the pg pool's),
 * which is wrapped for the duration. Statements run concurrently by anything else in the process
 * would be counted too, so a test counts only what it awaits itself.
 * (`scripts/bench/query-counter.ts` counts on the wire instead, for a server in another process.)
 */
export async function countQueries<T>(
  database: Database,
  run: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  const client = (database.kind === "pglite" ? database.pglite : database.pool) as
    { query: (...args: unknown[]) => unknown } | undefined;
  if (!client) throw new Error(`No client to count queries on (${database.kind}).`);
  const original = client.query;
  const own = Object.hasOwn(client, "query");
  let queries = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    queries += 1;
    return original.apply(this, args);
  };
  try {
    const result = await run();
    return { result, queries };
  } finally {
    if (own) client.query = original;
    else delete (client as { query?: unknown }).query;
  }
}
