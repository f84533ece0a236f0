import { and, gte, lt, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { logger } from "#app/lib/logger.server";
import { getAllSettings } from "#app/modules/settings/index.server";
import { flushAnalytics } from "./buffer.server";
import { ONLINE_WINDOW_MS } from "./ingest.server";
import {
  activityEvents,
  analyticsDaily,
  crawlerVisits,
  pageViews,
  visitorSessions,
} from "./schema";
import { ANALYTICS_RETENTION_DAYS } from "./validation";

const DAY_MS = 86_400_000;

/** The rows of a raw query (both engines answer `{ rows }`). */
export async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

/** Midnight UTC of an instant's day. */
export function startOfDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** `YYYY-MM-DD` of an instant (UTC). */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The retention period in days from the setting, its default when unreadable. */
export function analyticsRetentionDays(value: string | undefined): number {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) &&
    n >= ANALYTICS_RETENTION_DAYS.min &&
    n <= ANALYTICS_RETENTION_DAYS.max
    ? n
    : ANALYTICS_RETENTION_DAYS.default;
}

/** The marker metric of a rolled day: rollups are read for it, raw rows after it. */
export const ROLLED = "rolled";

/**
 * The daily figures of the raw rows in [from, to) as (day, metric, dimension, value): what the
 * rollup stores, and what reports read for the days not rolled yet.
 */
export function rawFigures(from: Date, to: Date) {
  const day = sql`((at at time zone 'UTC')::date)`;
  const inRange = sql`at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz`;
  return sql`
      select ${day} as day, 'page_views' as metric, '' as dimension, count(*)::int as value from page_views where ${inRange} group by 1
      union all
      select ${day}, 'visitors', '', count(distinct visitor_hash)::int from page_views where ${inRange} group by 1
      union all
      select ${day}, 'members_active', '', count(distinct user_id)::int from (
          select at, user_id from page_views where ${inRange} and user_id is not null
          union all
          select at, user_id from activity_events where ${inRange}
        ) active group by 1
      union all
      select ${day}, 'page_views', 'path:' || path, count(*)::int from page_views where ${inRange} group by 1, 3
      union all
      select ${day}, 'page_views', 'referrer:' || referrer_host, count(*)::int from page_views
        where ${inRange} and referrer_host is not null group by 1, 3
      union all
      select ${day}, 'page_views', 'language:' || language, count(*)::int from page_views where ${inRange} group by 1, 3
      union all
      select ${day}, 'page_views', 'device:' || device, count(*)::int from page_views where ${inRange} group by 1, 3
      union all
      select ${day}, 'visitors', 'device:' || device, count(distinct visitor_hash)::int from page_views
        where ${inRange} group by 1, 3
      union all
      select ${day}, 'crawler_visits', '', count(*)::int from crawler_visits where ${inRange} group by 1
      union all
      select ${day}, 'activity:' || type, '', count(*)::int from activity_events where ${inRange} group by 1, 2`;
}

/**
 * Recomputes the daily rollups of every whole day (before today, UTC) that still has raw rows:
 * page views and visitors (distinct hashes), members active (distinct ids with a page view or an
 * activity record: the statistics screen's daily active members), crawler visits and
 * activity records per type, each as the day's total and page views by path, referrer host,
 * language and device. Running it again gives the same rows. Returns the days rolled.
 */
export async function rollUp(now: Date = new Date()): Promise<string[]> {
  await flushAnalytics();
  const today = startOfDay(now);
  const [first] = await rows<{ at: Date | string | null }>(sql`
    select least(
      (select min(${pageViews.at}) from ${pageViews}),
      (select min(${crawlerVisits.at}) from ${crawlerVisits}),
      (select min(${activityEvents.at}) from ${activityEvents})
    ) as at`);
  if (!first?.at) return [];
  const from = startOfDay(new Date(first.at));
  if (from >= today) return [];
  await db().transaction(async (tx) => {
    await tx
      .delete(analyticsDaily)
      .where(and(gte(analyticsDaily.day, dayOf(from)), lt(analyticsDaily.day, dayOf(today))));
    await tx.execute(sql`
      insert into analytics_daily (day, metric, dimension, value)
      select day, metric, dimension, value from (${rawFigures(from, today)}) figures
      union all
      select d::date, ${ROLLED}, '', 1
        from generate_series(${from.toISOString()}::timestamptz, ${today.toISOString()}::timestamptz - interval '1 day', interval '1 day') d
    `);
  });
  const days: string[] = [];
  for (let t = from.getTime(); t < today.getTime(); t += DAY_MS) days.push(dayOf(new Date(t)));
  return days;
}

/**
 * Deletes raw rows older than the retention period (setting `analytics_retention_days`, whole
 * UTC days; their rollups stay) and presence rows no longer online. Returns the rows deleted.
 */
export async function deleteExpiredAnalytics(now: Date = new Date()): Promise<number> {
  const days = analyticsRetentionDays((await getAllSettings()).analytics_retention_days);
  const cutoff = new Date(startOfDay(now).getTime() - days * DAY_MS);
  let deleted = 0;
  for (const table of [pageViews, crawlerVisits, activityEvents] as const) {
    const gone = await db().delete(table).where(lt(table.at, cutoff)).returning({ id: table.id });
    deleted += gone.length;
  }
  await db()
    .delete(visitorSessions)
    .where(lt(visitorSessions.lastSeen, new Date(now.getTime() - DAY_MS - ONLINE_WINDOW_MS)));
  if (deleted > 0) logger.info({ deleted, days }, "analytics raw events expired");
  return deleted;
}

export const ANALYTICS_DAILY_QUEUE = "analytics.daily";

/** Daily at 00:20 UTC: yesterday's rollups, then the expired raw rows. */
export const analyticsDailyTask = {
  queue: ANALYTICS_DAILY_QUEUE,
  cron: "20 0 * * *",
  run: async () => {
    await rollUp();
    await deleteExpiredAnalytics();
  },
};
