import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { logger } from "#app/lib/logger.server";
import { publish } from "#app/modules/realtime/index.server";
import { activityEvents, crawlerVisits, pageViews, visitorSessions } from "./schema";

export type PageViewRow = typeof pageViews.$inferInsert;
export type CrawlerVisitRow = typeof crawlerVisits.$inferInsert;
export type ActivityRow = typeof activityEvents.$inferInsert;
export type PresenceRow = typeof visitorSessions.$inferInsert;

/**
 * Analytics writes never wait for the database inside a request: rows are kept here and written
 * in batches, every FLUSH_MS or as soon as BATCH rows wait. The buffer is bounded: past
 * MAX_BUFFERED waiting rows new ones are dropped and counted (`dropped`), so a database outage
 * cannot grow the process without limit. A failed write puts its rows back (within the bound).
 * The process's stop flushes what is left (server/app.ts), so nothing is lost on SIGTERM.
 */
export const BUFFER_LIMITS = { batch: 500, maxBuffered: 50_000, flushMs: 1000 };

/** Tests: a longer pause between flushes (null: the default) and a smaller bound. */
export function setBufferLimits(limits: Partial<typeof BUFFER_LIMITS> | null): void {
  Object.assign(BUFFER_LIMITS, limits ?? { batch: 500, maxBuffered: 50_000, flushMs: 1000 });
}

const waiting = {
  views: [] as PageViewRow[],
  crawlers: [] as CrawlerVisitRow[],
  activity: [] as ActivityRow[],
  /** By session id: a later beat of the same visitor replaces the earlier one. */
  presence: new Map<string, PresenceRow>(),
};
let timer: ReturnType<typeof setTimeout> | null = null;
let running: Promise<void> | null = null;
const stats = { written: 0, dropped: 0, failedFlushes: 0 };

function size(): number {
  return (
    waiting.views.length + waiting.crawlers.length + waiting.activity.length + waiting.presence.size
  );
}

function schedule(): void {
  if (size() >= BUFFER_LIMITS.batch) {
    if (!running) void flushAnalytics();
    return;
  }
  if (timer) return;
  timer = setTimeout(() => {
    timer = null;
    void flushAnalytics();
  }, BUFFER_LIMITS.flushMs);
  timer.unref?.();
}

const recording = new Set<Promise<unknown>>();

/** A recording still finding out what to queue (who the member is): a flush waits for it. */
export function track(pending: Promise<unknown>): void {
  recording.add(pending);
  void pending.finally(() => recording.delete(pending)).catch(() => {});
}

/** Queues rows; false (and counted as dropped) when the buffer is full. */
export function buffer(
  rows: Partial<{
    view: PageViewRow;
    crawler: CrawlerVisitRow;
    activity: ActivityRow;
    presence: PresenceRow;
  }>,
): boolean {
  if (size() >= BUFFER_LIMITS.maxBuffered) {
    stats.dropped += 1;
    return false;
  }
  if (rows.view) waiting.views.push(rows.view);
  if (rows.crawler) waiting.crawlers.push(rows.crawler);
  if (rows.activity) waiting.activity.push(rows.activity);
  if (rows.presence) waiting.presence.set(rows.presence.sessionId, rows.presence);
  schedule();
  return true;
}

/** What waits, what was written and dropped since the process started (for tests and the benchmark). */
export function bufferState() {
  return { waiting: size(), ...stats };
}

async function writeBatch(): Promise<void> {
  const views = waiting.views.splice(0, BUFFER_LIMITS.batch);
  const crawlers = waiting.crawlers.splice(0, BUFFER_LIMITS.batch);
  const activity = waiting.activity.splice(0, BUFFER_LIMITS.batch);
  const presence = [...waiting.presence.values()].slice(0, BUFFER_LIMITS.batch);
  for (const row of presence) waiting.presence.delete(row.sessionId);
  try {
    await db().transaction(async (tx) => {
      if (views.length) await tx.insert(pageViews).values(views);
      if (crawlers.length) await tx.insert(crawlerVisits).values(crawlers);
      if (activity.length) await tx.insert(activityEvents).values(activity);
      if (presence.length)
        await tx
          .insert(visitorSessions)
          .values(presence)
          .onConflictDoUpdate({
            target: visitorSessions.sessionId,
            set: {
              lastSeen: sql`greatest(${visitorSessions.lastSeen}, excluded.last_seen)`,
              userId: sql`coalesce(excluded.user_id, ${visitorSessions.userId})`,
              path: sql`excluded.path`,
            },
          });
      // The observatory's live view (admins only): the newest views and the batch's figures.
      if (views.length || crawlers.length)
        await publish(tx, {
          to: { admins: true },
          type: "analytics",
          data: {
            views: views.slice(-8).map((v) => ({
              path: v.path.slice(0, 200),
              device: v.device,
              language: v.language,
              member: v.userId != null,
              at: (v.at ?? new Date()).toISOString(),
            })),
            viewCount: views.length,
            crawlerCount: crawlers.length,
            crawlers: crawlers.slice(-3).map((c) => ({
              path: c.requestPath.slice(0, 200),
              userAgent: c.userAgent.slice(0, 120),
            })),
          },
        });
    });
    stats.written += views.length + crawlers.length + activity.length + presence.length;
  } catch (error) {
    stats.failedFlushes += 1;
    logger.warn({ err: error }, "analytics flush failed; rows kept for the next one");
    // Back in front of the queue, as far as the bound allows.
    const room = () => BUFFER_LIMITS.maxBuffered - size();
    waiting.views.unshift(...views.slice(0, Math.max(0, room())));
    waiting.crawlers.unshift(...crawlers.slice(0, Math.max(0, room())));
    waiting.activity.unshift(...activity.slice(0, Math.max(0, room())));
    for (const row of presence)
      if (room() > 0 && !waiting.presence.has(row.sessionId))
        waiting.presence.set(row.sessionId, row);
    throw error;
  }
}

/**
 * Writes everything waiting, in batches; resolves when the buffer is empty (or a write failed:
 * its rows wait for the next flush). Concurrent calls share the running flush.
 */
export async function flushAnalytics(): Promise<void> {
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  if (recording.size > 0) await Promise.allSettled([...recording]);
  while (running) await running;
  if (size() === 0) return;
  let failed = false;
  running = (async () => {
    try {
      while (size() > 0) await writeBatch();
    } catch {
      // Logged in writeBatch; the rows wait for the next flush.
      failed = true;
    } finally {
      running = null;
    }
  })();
  await running;
  if (failed && !timer) {
    // The database is away: try again later rather than at once.
    timer = setTimeout(() => {
      timer = null;
      void flushAnalytics();
    }, BUFFER_LIMITS.flushMs * 5);
    timer.unref?.();
  }
}

/** Forgets what waits (tests that switch databases). */
export function discardBuffered(): void {
  waiting.views = [];
  waiting.crawlers = [];
  waiting.activity = [];
  waiting.presence.clear();
}
