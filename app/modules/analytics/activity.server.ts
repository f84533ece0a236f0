import { and, desc, eq, lt } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { buffer } from "./buffer.server";
import type { ActivityDataMap, ActivityEntry, ActivityType } from "./activity";
import { activityEvents } from "./schema";

/** Queues one activity record of a member (written with the next batch). */
export function recordActivity<T extends ActivityType>(
  userId: string,
  type: T,
  data: ActivityDataMap[T],
  language: string | null = null,
  now: Date = new Date(),
): void {
  buffer({ activity: { userId, type, data, language, at: now } });
}

/** Writes one activity record in a transaction (a domain event's subscriber). */
export async function insertActivity<T extends ActivityType>(
  tx: Pick<Db, "insert">,
  userId: string,
  type: T,
  data: ActivityDataMap[T],
): Promise<void> {
  await tx.insert(activityEvents).values({ userId, type, data });
}

export const ACTIVITY_PAGE = 50;

/** A member's own records, newest first, `before` an instant for the next page. */
export async function activityOf(
  userId: string,
  before: Date | null,
): Promise<{ entries: ActivityEntry[]; next: string | null }> {
  const rows = await db()
    .select()
    .from(activityEvents)
    .where(
      before
        ? and(eq(activityEvents.userId, userId), lt(activityEvents.at, before))
        : eq(activityEvents.userId, userId),
    )
    .orderBy(desc(activityEvents.at), desc(activityEvents.id))
    .limit(ACTIVITY_PAGE + 1);
  const page = rows.slice(0, ACTIVITY_PAGE);
  return {
    entries: page.map(
      (r) => ({ id: r.id, type: r.type, data: r.data, at: r.at.toISOString() }) as ActivityEntry,
    ),
    next: rows.length > ACTIVITY_PAGE ? page[page.length - 1]!.at.toISOString() : null,
  };
}

/** Deletes a member's activity records (all of them, or one); how many went. */
export async function deleteActivity(userId: string, id?: string): Promise<number> {
  const gone = await db()
    .delete(activityEvents)
    .where(
      id
        ? and(eq(activityEvents.userId, userId), eq(activityEvents.id, id))
        : eq(activityEvents.userId, userId),
    )
    .returning({ id: activityEvents.id });
  return gone.length;
}
