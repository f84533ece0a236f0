import { sql } from "drizzle-orm";
import { ONLINE_WINDOW_MS } from "./ingest.server";
import { ROLLED, dayOf, rawFigures, rows, startOfDay } from "./rollup.server";

const DAY_MS = 86_400_000;

interface Figure {
  day: string;
  metric: string;
  dimension: string;
  value: number;
}

/**
 * The daily figures of [from, to) (whole UTC days): rollups for the rolled days, the raw rows'
 * figures for the days after the last rolled one (today, and any the task has not reached).
 */
export async function figures(from: Date, to: Date): Promise<Figure[]> {
  const [last] = await rows<{ day: string | null }>(
    sql`select max(day)::text as day from analytics_daily where metric = ${ROLLED}`,
  );
  const rawFrom = last?.day
    ? new Date(Math.max(from.getTime(), new Date(`${last.day}T00:00:00Z`).getTime() + DAY_MS))
    : from;
  const rolled = await rows<Figure>(sql`
    select day::text as day, metric, dimension, value from analytics_daily
    where day >= ${dayOf(from)}::date and day < ${dayOf(rawFrom < to ? rawFrom : to)}::date
      and metric <> ${ROLLED}`);
  const raw =
    rawFrom < to
      ? await rows<Figure>(
          sql`select day::text as day, metric, dimension, value from (${rawFigures(rawFrom, to)}) f`,
        )
      : [];
  return [...rolled, ...raw].map((f) => ({
    ...f,
    day: String(f.day).slice(0, 10),
    value: Number(f.value),
  }));
}

export interface Breakdown {
  key: string;
  value: number;
  previous: number;
}

export interface AnalyticsReport {
  days: number;
  from: string;
  to: string;
  totals: {
    views: { current: number; previous: number };
    visitors: { current: number; previous: number };
    crawlers: { current: number; previous: number };
  };
  /** One row per day of the range. */
  series: Array<{ day: string; views: number; visitors: number }>;
  pages: Breakdown[];
  referrers: Breakdown[];
  languages: Breakdown[];
  devices: Breakdown[];
  funnel: { visitors: number; signUps: number; premium: number };
  /** The most searched terms; `zero`: how many of those searches found nothing. */
  searches: Array<{ term: string; count: number; zero: number }>;
  /** The terms most searched without a result (searches logged with their result count). */
  zeroSearches: Array<{ term: string; count: number }>;
}

const TOP = 10;

function breakdown(
  current: Figure[],
  previous: Figure[],
  prefix: string,
  limit = TOP,
): Breakdown[] {
  const sum = (list: Figure[]) => {
    const map = new Map<string, number>();
    for (const f of list)
      if (f.metric === "page_views" && f.dimension.startsWith(prefix)) {
        const key = f.dimension.slice(prefix.length);
        map.set(key, (map.get(key) ?? 0) + f.value);
      }
    return map;
  };
  const now = sum(current);
  const before = sum(previous);
  return [...now]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([key, value]) => ({ key, value, previous: before.get(key) ?? 0 }));
}

const total = (list: Figure[], metric: string) =>
  list.filter((f) => f.metric === metric && f.dimension === "").reduce((n, f) => n + f.value, 0);

/**
 * The admin analytics of the last `days` days (today included, UTC) and the same number of days
 * before, for comparison. Visitors over a range are the sum of each day's unique visitors (the
 * visitor hash changes every day, by design).
 */
export async function analyticsReport(
  days: number,
  now: Date = new Date(),
): Promise<AnalyticsReport> {
  const end = new Date(startOfDay(now).getTime() + DAY_MS);
  const from = new Date(end.getTime() - days * DAY_MS);
  const before = new Date(from.getTime() - days * DAY_MS);
  const [current, previous] = [await figures(from, end), await figures(before, from)];
  const series: AnalyticsReport["series"] = [];
  for (let t = from.getTime(); t < end.getTime(); t += DAY_MS) {
    const day = dayOf(new Date(t));
    const of = (metric: string) =>
      current.find((f) => f.day === day && f.metric === metric && f.dimension === "")?.value ?? 0;
    series.push({ day, views: of("page_views"), visitors: of("visitors") });
  }
  const range = sql`${from.toISOString()}::timestamptz and ${end.toISOString()}::timestamptz`;
  const [funnel] = await rows<{ sign_ups: number; premium: number }>(sql`
    select
      (select count(*)::int from "user" where created_at >= ${from.toISOString()}::timestamptz
         and created_at < ${end.toISOString()}::timestamptz) as sign_ups,
      (select count(distinct user_id)::int from payments where product_kind is null
         and status = 'paid' and paid_at between ${range}) as premium`);
  const since = sql`kind = 'search' and created_at >= ${from.toISOString()}::timestamptz`;
  const searches = await rows<{ term: string; count: number; zero: number }>(sql`
    select lower(term) as term, count(*)::int as count,
      count(*) filter (where result_count = 0)::int as zero
    from search_log where ${since}
    group by 1 order by 2 desc, 1 limit 20`);
  const zeroSearches = await rows<{ term: string; count: number }>(sql`
    select lower(term) as term, count(*)::int as count from search_log
    where ${since} and result_count = 0
    group by 1 order by 2 desc, 1 limit 20`);
  return {
    days,
    from: dayOf(from),
    to: dayOf(new Date(end.getTime() - DAY_MS)),
    totals: {
      views: { current: total(current, "page_views"), previous: total(previous, "page_views") },
      visitors: { current: total(current, "visitors"), previous: total(previous, "visitors") },
      crawlers: {
        current: total(current, "crawler_visits"),
        previous: total(previous, "crawler_visits"),
      },
    },
    series,
    pages: breakdown(current, previous, "path:"),
    referrers: breakdown(current, previous, "referrer:"),
    languages: breakdown(current, previous, "language:", 15),
    devices: breakdown(current, previous, "device:", 3),
    funnel: {
      visitors: total(current, "visitors"),
      signUps: Number(funnel?.sign_ups ?? 0),
      premium: Number(funnel?.premium ?? 0),
    },
    searches: searches.map((s) => ({
      term: s.term,
      count: Number(s.count),
      zero: Number(s.zero),
    })),
    zeroSearches: zeroSearches.map((s) => ({ term: s.term, count: Number(s.count) })),
  };
}

export interface Observatory {
  onlineNow: number;
  views: Array<{ path: string; device: string; language: string; member: boolean; at: string }>;
  crawlers: Array<{ path: string; userAgent: string; at: string }>;
  signUps: Array<{ member: string; at: string }>;
  purchases: Array<{ member: string; amount: number; currency: string; at: string }>;
}

/** The observatory's state now: who is online, the latest page views, crawler hits, sign-ups, sales. */
export async function observatory(now: Date = new Date()): Promise<Observatory> {
  const since = new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString();
  const [online] = await rows<{ n: number }>(
    sql`select count(*)::int as n from visitor_sessions where last_seen > ${since}::timestamptz`,
  );
  const views = await rows<{
    path: string;
    device: string;
    language: string;
    member: boolean;
    at: string;
  }>(sql`
    select path, device, language, user_id is not null as member, at from page_views order by at desc limit 20`);
  const crawlers = await rows<{ path: string; userAgent: string; at: string }>(sql`
    select request_path as path, left(user_agent, 120) as "userAgent", at from crawler_visits order by at desc limit 10`);
  const signUps = await rows<{ member: string; at: string }>(sql`
    select name as member, created_at as at from "user" order by created_at desc limit 10`);
  const purchases = await rows<{
    member: string;
    amount: number;
    currency: string;
    at: string;
  }>(sql`
    select coalesce(u.name, '') as member, p.amount, p.currency, p.paid_at as at
    from payments p left join "user" u on u.id = p.user_id order by p.paid_at desc limit 10`);
  const iso = (at: string | Date) => new Date(at).toISOString();
  return {
    onlineNow: Number(online?.n ?? 0),
    views: views.map((v) => ({ ...v, member: Boolean(v.member), at: iso(v.at) })),
    crawlers: crawlers.map((c) => ({ ...c, at: iso(c.at) })),
    signUps: signUps.map((s) => ({ ...s, at: iso(s.at) })),
    purchases: purchases.map((p) => ({ ...p, amount: Number(p.amount), at: iso(p.at) })),
  };
}
