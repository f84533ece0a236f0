import { sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { BILLED_STATUSES, PREMIUM_TIERS } from "#app/modules/memberships";

/** Months shown on the revenue charts, the current one included. */
export const REVENUE_MONTHS = 12;
/** The churn window, in days. */
export const CHURN_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface MonthlyRevenue {
  /** "2025-03" (UTC calendar month). */
  month: string;
  /** Payments made in the month, minor units. */
  gross: number;
  /** Refunds issued in the month (by refund date), minor units. */
  refunds: number;
  net: number;
}

export interface BillingOverview {
  /** Every amount below is in this currency (the settings currency), minor units. */
  currency: string;
  /** Monthly recurring revenue: the monthly price of every paid subscription billed now, in `currency`. */
  mrr: number;
  /** Members with a paid subscription (billed by a provider, active or past due, at a price), any currency. */
  activePaying: number;
  /** Full memberships nobody pays for, shown apart from revenue: given by hand, and lifetime. */
  granted: number;
  lifetime: number;
  /** Paying members billed in another currency than the settings one (left out of `mrr`). */
  otherCurrencyMembers: number;
  churn: {
    windowDays: number;
    /** Paying members whose membership ended inside the window. */
    ended: number;
    /** Paying members whose membership was running when the window opened. */
    activeAtStart: number;
    /** ended ÷ activeAtStart, 0..1; null when nobody was paying at the start. */
    rate: number | null;
  };
  revenueByMonth: MonthlyRevenue[];
  newMembersByMonth: Array<{ month: string; count: number }>;
}

/** The `REVENUE_MONTHS` calendar months (UTC) ending with the one of `now`, oldest first. */
export function lastMonths(
  now: Date,
  months = REVENUE_MONTHS,
): { keys: string[]; from: Date; to: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const keys: string[] = [];
  for (let i = months - 1; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(year, month - i, 1));
    keys.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  return {
    keys,
    from: new Date(Date.UTC(year, month - (months - 1), 1)),
    to: new Date(Date.UTC(year, month + 1, 1)),
  };
}

type Rows<T> = { rows: T[] };

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as Rows<T>).rows;
}

const num = (value: unknown): number => Number(value ?? 0);

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * `membershipKind` (memberships/membership-kind.ts) in SQL, over a `subscribers` row: 'paid' only
 * for a subscription a provider bills at a price; 'lifetime' and 'granted' are full memberships
 * nobody pays for monthly, whatever `monthly_price` the row still carries (demo members and
 * older grants were written with one).
 */
export const membershipKindSql = sql`case
    when subscription_tier = 'lifetime' then 'lifetime'
    when subscribed and provider is not null and provider_subscription_id is not null
      and subscription_status in (${list(BILLED_STATUSES)}) and monthly_price > 0 then 'paid'
    when subscribed or subscription_tier in (${list(PREMIUM_TIERS)}) then 'granted'
    else 'none'
  end`;

export interface MembershipCounts {
  paying: number;
  granted: number;
  lifetime: number;
}

/** Full members by how they hold the membership (admin overview): one aggregate query. */
export async function membershipCounts(): Promise<MembershipCounts> {
  const [row] = await rows<{ paying: unknown; granted: unknown; lifetime: unknown }>(sql`
    select
      count(*) filter (where kind = 'paid') as paying,
      count(*) filter (where kind = 'granted') as granted,
      count(*) filter (where kind = 'lifetime') as lifetime
    from (select ${membershipKindSql} as kind from subscribers where subscribed or subscription_tier <> 'free') s
  `);
  return { paying: num(row?.paying), granted: num(row?.granted), lifetime: num(row?.lifetime) };
}

/**
 * The numbers of /admin/billing, in three aggregate queries whatever the size of the community.
 *
 * Churn over the last `CHURN_WINDOW_DAYS` days (window start S = now − 30 days):
 *
 *   churn = ended / activeAtStart
 *   ended         = paying members (a provider bills or billed them) who started before S and
 *                   whose membership is now ended (`canceled`, not subscribed) with its end
 *                   inside [S, now]
 *   activeAtStart = paying members who started before S and either are still billed now
 *                   (active or past due, price above zero) or ended inside [S, now]
 *
 * A membership's end time is the subscriber row's `updated_at`: ending one (refund, lapsed
 * cancellation, provider cancel, admin revoke) is the last change written to a cancelled row.
 * Members who joined inside the window are in neither number, so a sign-up-and-refund in the
 * same month does not count as churn of the month's starting base. MRR and paying members count
 * paid subscriptions only (`membershipKindSql`): grants and lifetime memberships are counted
 * apart and never as revenue.
 *
 * Revenue per month: payments by the month they were paid minus refunds by the month they were
 * refunded, in the settings currency. New paying members per month: members by the month of
 * their first payment ever (refunded or not).
 */
export async function billingOverview(
  currency: string,
  now: Date = new Date(),
): Promise<BillingOverview> {
  const windowStart = new Date(now.getTime() - CHURN_WINDOW_DAYS * DAY_MS).toISOString();
  const nowIso = now.toISOString();
  const { keys, from, to } = lastMonths(now);
  const fromIso = from.toISOString();
  const toIso = to.toISOString();

  const [[kpi], revenue, newMembers] = await Promise.all([
    rows<{
      mrr: unknown;
      active_paying: unknown;
      other_currency: unknown;
      granted: unknown;
      lifetime: unknown;
      ended: unknown;
      active_at_start: unknown;
    }>(sql`
      select
        coalesce(sum(monthly_price) filter (where kind = 'paid' and coalesce(currency, ${currency}) = ${currency}), 0) as mrr,
        count(*) filter (where kind = 'paid') as active_paying,
        count(*) filter (where kind = 'paid' and coalesce(currency, ${currency}) <> ${currency}) as other_currency,
        count(*) filter (where kind = 'granted') as granted,
        count(*) filter (where kind = 'lifetime') as lifetime,
        count(*) filter (where ended_in_window and started_before) as ended,
        count(*) filter (where started_before and (kind = 'paid' or ended_in_window)) as active_at_start
      from (
        select
          monthly_price,
          currency,
          ${membershipKindSql} as kind,
          provider is not null and not subscribed and subscription_status = 'canceled'
            and updated_at >= ${windowStart}::timestamptz and updated_at <= ${nowIso}::timestamptz as ended_in_window,
          provider is not null and subscription_start < ${windowStart}::timestamptz as started_before
        from subscribers
        where subscribed or subscription_status = 'canceled' or subscription_tier <> 'free'
      ) s
    `),
    rows<{ month: string; gross: unknown; refunds: unknown }>(sql`
      select month, sum(gross) as gross, sum(refunds) as refunds
      from (
        select to_char(paid_at at time zone 'UTC', 'YYYY-MM') as month, amount as gross, 0 as refunds
        from payments
        where currency = ${currency} and paid_at >= ${fromIso}::timestamptz and paid_at < ${toIso}::timestamptz
        union all
        select to_char(refunded_at at time zone 'UTC', 'YYYY-MM'), 0, amount
        from payments
        where currency = ${currency} and status = 'refunded'
          and refunded_at >= ${fromIso}::timestamptz and refunded_at < ${toIso}::timestamptz
      ) m
      group by month
    `),
    rows<{ month: string; count: unknown }>(sql`
      select to_char(first_paid at time zone 'UTC', 'YYYY-MM') as month, count(*) as count
      from (select user_id, min(paid_at) as first_paid from payments group by user_id) f
      where first_paid >= ${fromIso}::timestamptz and first_paid < ${toIso}::timestamptz
      group by 1
    `),
  ]);

  const revenueOf = new Map(
    revenue.map((r) => [r.month, { gross: num(r.gross), refunds: num(r.refunds) }]),
  );
  const newOf = new Map(newMembers.map((r) => [r.month, num(r.count)]));
  const ended = num(kpi?.ended);
  const activeAtStart = num(kpi?.active_at_start);
  return {
    currency,
    mrr: num(kpi?.mrr),
    activePaying: num(kpi?.active_paying),
    granted: num(kpi?.granted),
    lifetime: num(kpi?.lifetime),
    otherCurrencyMembers: num(kpi?.other_currency),
    churn: {
      windowDays: CHURN_WINDOW_DAYS,
      ended,
      activeAtStart,
      rate: activeAtStart > 0 ? ended / activeAtStart : null,
    },
    revenueByMonth: keys.map((month) => {
      const r = revenueOf.get(month) ?? { gross: 0, refunds: 0 };
      return { month, gross: r.gross, refunds: r.refunds, net: r.gross - r.refunds };
    }),
    newMembersByMonth: keys.map((month) => ({ month, count: newOf.get(month) ?? 0 })),
  };
}
