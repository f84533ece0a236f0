import { sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { REALTIME_CHANNEL, type RealtimeEvent } from "./events";

/** A database handle or an open transaction (anything that can run `execute`). */
type Executor = Pick<Db, "execute">;

/**
 * Publishes an event with pg_notify. Called inside the transaction that made the change, it is
 * delivered only if and when that transaction commits.
 */
export async function publish(handle: Executor, event: RealtimeEvent): Promise<void> {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > 7900)
    throw new Error(`Realtime event "${event.type}" is too large for pg_notify.`);
  await handle.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}
