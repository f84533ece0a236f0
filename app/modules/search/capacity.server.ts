import { sql, type SQL } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { isStatementTimeout } from "#app/db/errors";
import { BusyError, createSemaphore } from "#app/lib/semaphore";

/**
 * What one process lets search take (docs/decisions/012). Pages share the pool (10 connections)
 * with search; at most 2 search statements run at once, so at least 8 connections are always
 * left for pages, whatever the number of searches asked for. Up to 20 more wait their turn for
 * at most 3 s; beyond that, search answers "busy" (503) at once.
 */
export const SEARCH_CAPACITY = { limit: 2, queue: 20, maxWaitMs: 3_000 };
/** A search statement still running after this is cancelled by PostgreSQL and answers "busy". */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2_000;

/** Search could not run now (all turns taken, or its statement ran out of time): 503, try again. */
export class SearchBusyError extends BusyError {
  constructor(message = "Search is busy; try again shortly.") {
    super(message);
    this.name = "SearchBusyError";
  }
}

export const searchTurns = createSemaphore(SEARCH_CAPACITY);

/**
 * Runs one search statement in its turn, in a transaction whose `statement_timeout` is
 * `timeoutMs` (SET LOCAL: it ends with the transaction, so the pooled connection goes back as it
 * was). PGlite accepts the setting and ignores it (no timers in WebAssembly); there the turns
 * alone bound the work, on its single connection.
 */
export async function runSearchStatement<Row>(
  statement: SQL,
  timeoutMs = SEARCH_STATEMENT_TIMEOUT_MS,
): Promise<Row[]> {
  try {
    return await searchTurns.run(() =>
      db().transaction(async (tx) => {
        await tx.execute(
          sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`),
        );
        const result = (await tx.execute(statement)) as unknown as { rows: Row[] };
        return result.rows;
      }),
    );
  } catch (error) {
    if (error instanceof BusyError) throw new SearchBusyError();
    if (isStatementTimeout(error)) throw new SearchBusyError("A search statement ran out of time.");
    throw error;
  }
}
