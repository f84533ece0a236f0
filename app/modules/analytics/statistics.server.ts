import { sql } from "drizzle-orm";
import { getAllSettings } from "#app/modules/settings/index.server";
import { figures } from "./reports.server";
import { analyticsRetentionDays, dayOf, rows, startOfDay } from "./rollup.server";

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** Weeks after sign-up shown in the retention table (0 = the sign-up week). */
export const RETENTION_WEEKS = 12;

export interface Compared {
  current: number;
  previous: number;
}

export interface StatisticsReport {
  days: number;
  from: string;
  to: string;
  members: { total: number; joined: Compared };
  /**
   * Active members: distinct members with a page view or an activity record. `daily` is today's
   * (UTC), `weekly` and `monthly` the last 7 and 30 days ending today.
   */
  active: { daily: number; weekly: number; monthly: number; averageDaily: number };
  posts: Compared;
  comments: Compared;
  /** One row per day of the range. */
  series: Array<{
    day: string;
    joined: number;
    active: number;
    posts: number;
    comments: number;
  }>;
  /**
   * Sign-up weeks (Monday, UTC) overlapping the range, newest first: the cohort's size and, for
   * week 0 (the sign-up week) to `RETENTION_WEEKS`, the share of it active that week. null: the
   * week has not begun, or its raw records are past the retention period.
   */
  cohorts: Array<{ week: string; size: number; retention: Array<number | null> }>;
  /** Payments in the range in the settings currency (minor units), refunds by refund date. */
  revenue: { currency: string; payments: number; gross: number; refunds: number; net: number };
}

/** Monday 00:00 UTC of an instant's week. */
export function weekStart(at: Date): Date {
  const day = startOfDay(at);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

const num = (value: unknown) => Number(value ?? 0);

/** Distinct members active in [from, to): a page view or an activity record. */
function activeMembers(from: Date, to: Date) {
  const range = sql`at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz`;
  return sql`(select count(*)::int from (
      select user_id from page_views where ${range} and user_id is not null
      union
      select user_id from activity_events where ${range}
    ) a)`;
}

/** Rows per UTC day of [from, to) as a map day → count. */
async function perDay(table: string, column: string, from: Date, to: Date, where = sql``) {
  const list = await rows<{ day: string; n: unknown }>(sql`
    select to_char(${sql.raw(column)} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
    from ${sql.raw(table)}
    where ${sql.raw(column)} >= ${from.toISOString()}::timestamptz
      and ${sql.raw(column)} < ${to.toISOString()}::timestamptz ${where}
    group by 1`);
  return new Map(list.map((r) => [r.day, num(r.n)]));
}

const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);

/**
 * The community's figures over the last `days` days (today included, UTC), with the same number
 * of days before for comparison: members, active members, posts and comments per day, weekly
 * sign-up cohorts' retention and the revenue of the range.
 */
export async function statisticsReport(
  days: number,
  currency: string,
  now: Date = new Date(),
): Promise<StatisticsReport> {
  const end = new Date(startOfDay(now).getTime() + DAY_MS);
  const from = new Date(end.getTime() - days * DAY_MS);
  const before = new Date(from.getTime() - days * DAY_MS);
  const published = sql` and status = 'published'`;
  const [joined, joinedBefore, posts, postsBefore, comments, commentsBefore] = await Promise.all([
    perDay(`"user"`, "created_at", from, end),
    perDay(`"user"`, "created_at", before, from),
    perDay("posts", "created_at", from, end, published),
    perDay("posts", "created_at", before, from, published),
    perDay("comments", "created_at", from, end, published),
    perDay("comments", "created_at", before, from, published),
  ]);
  // Daily active members from the rollups for rolled days and raw rows after (kept forever).
  const activeOf = new Map(
    (await figures(from, end))
      .filter((f) => f.metric === "members_active" && f.dimension === "")
      .map((f) => [f.day, f.value]),
  );
  const today = startOfDay(now);
  const [counts] = await rows<Record<string, unknown>>(sql`
    select
      (select count(*)::int from "user") as total,
      ${activeMembers(today, end)} as daily,
      ${activeMembers(new Date(end.getTime() - 7 * DAY_MS), end)} as weekly,
      ${activeMembers(new Date(end.getTime() - 30 * DAY_MS), end)} as monthly,
      (select count(*)::int from payments where currency = ${currency}
         and paid_at >= ${from.toISOString()}::timestamptz and paid_at < ${end.toISOString()}::timestamptz) as payments,
      (select coalesce(sum(amount), 0)::int from payments where currency = ${currency}
         and paid_at >= ${from.toISOString()}::timestamptz and paid_at < ${end.toISOString()}::timestamptz) as gross,
      (select coalesce(sum(amount), 0)::int from payments where currency = ${currency} and status = 'refunded'
         and refunded_at >= ${from.toISOString()}::timestamptz and refunded_at < ${end.toISOString()}::timestamptz) as refunds`);

  const series: StatisticsReport["series"] = [];
  for (let t = from.getTime(); t < end.getTime(); t += DAY_MS) {
    const day = dayOf(new Date(t));
    series.push({
      day,
      joined: joined.get(day) ?? 0,
      active: activeOf.get(day) ?? 0,
      posts: posts.get(day) ?? 0,
      comments: comments.get(day) ?? 0,
    });
  }

  const cohorts = await retention(from, end, now);
  const gross = num(counts?.gross);
  const refunds = num(counts?.refunds);
  return {
    days,
    from: dayOf(from),
    to: dayOf(new Date(end.getTime() - DAY_MS)),
    members: {
      total: num(counts?.total),
      joined: { current: sum(joined), previous: sum(joinedBefore) },
    },
    active: {
      daily: num(counts?.daily),
      weekly: num(counts?.weekly),
      monthly: num(counts?.monthly),
      averageDaily: series.reduce((n, d) => n + d.active, 0) / series.length,
    },
    posts: { current: sum(posts), previous: sum(postsBefore) },
    comments: { current: sum(comments), previous: sum(commentsBefore) },
    series,
    cohorts,
    revenue: {
      currency,
      payments: num(counts?.payments),
      gross,
      refunds,
      net: gross - refunds,
    },
  };
}

/**
 * The retention table: members by sign-up week (the weeks overlapping [from, to)), and for each
 * week since sign-up the share of the cohort with a page view or activity record in it. One query
 * for the sizes and one for the active pairs (member, week) however many members.
 */
async function retention(from: Date, to: Date, now: Date): Promise<StatisticsReport["cohorts"]> {
  const first = weekStart(from);
  const sizes = await rows<{ week: string; size: unknown }>(sql`
    select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
      count(*)::int as size
    from "user"
    where created_at >= ${first.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
    group by 1 order by 1 desc`);
  if (sizes.length === 0) return [];
  const since = sql`at >= ${first.toISOString()}::timestamptz`;
  const active = await rows<{ week: string; offset: unknown; n: unknown }>(sql`
    with cohort as (
      select id, date_trunc('week', created_at at time zone 'UTC') as week from "user"
      where created_at >= ${first.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
    ), seen as (
      select user_id, date_trunc('week', at at time zone 'UTC') as week from page_views
        where ${since} and user_id is not null
      union
      select user_id, date_trunc('week', at at time zone 'UTC') from activity_events where ${since}
    )
    select to_char(c.week, 'YYYY-MM-DD') as week,
      round(extract(epoch from (s.week - c.week)) / 604800)::int as "offset", count(*)::int as n
    from cohort c join seen s on s.user_id = c.id
      and s.week >= c.week and s.week <= c.week + interval '${sql.raw(String(RETENTION_WEEKS))} weeks'
    group by 1, 2`);
  const activeOf = new Map(active.map((a) => [`${a.week}:${num(a.offset)}`, num(a.n)]));
  // Raw records older than the retention period are gone: their weeks are unknown, not zero.
  const retentionDays = analyticsRetentionDays((await getAllSettings()).analytics_retention_days);
  const kept = startOfDay(now).getTime() - retentionDays * DAY_MS;
  return sizes.map(({ week, size }) => {
    const start = new Date(`${week}T00:00:00Z`).getTime();
    const retention: Array<number | null> = [];
    for (let k = 0; k <= RETENTION_WEEKS; k += 1) {
      const at = start + k * WEEK_MS;
      if (at > now.getTime()) break;
      retention.push(at < kept ? null : (activeOf.get(`${week}:${k}`) ?? 0) / num(size));
    }
    return { week, size: num(size), retention };
  });
}
