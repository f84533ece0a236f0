import { and, desc, eq, gte, sql, sum } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import type { Actor } from "#app/modules/auth";
import { payments } from "#app/modules/payments/schema";
import { profiles } from "#app/modules/profiles/schema";
import { bookWithCoAuthors } from "./authoring.server";
import { BookRefusedError } from "./errors";
import { canEditBook } from "./policy";
import { bookDailyViews, books } from "./schema";
import { BUYERS_PER_PAGE, SALES_BUCKETS, type SalesPeriod } from "./types";

/*
 * A book's sales for its authors and admins (SPEC §2 /book-forge/sales/{bookId}): every figure
 * comes from the book's `payments` rows (decision 064). A sale counts on the day it was paid; a
 * refund counts on the day it was refunded and takes its amount off that period's revenue.
 * Conversion is purchases over book-page views in the same window (`book_daily_views`).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** "YYYY-MM-DD" of a UTC date. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The start (UTC) of the bucket holding `date`: the day, the ISO week's Monday, the month's 1st. */
export function bucketStart(date: Date, period: SalesPeriod): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (period === "day") return day;
  if (period === "month") return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** The window's buckets, oldest first, ending with the one holding `now`. */
export function salesBuckets(now: Date, period: SalesPeriod): string[] {
  const count = SALES_BUCKETS[period];
  const last = bucketStart(now, period);
  const starts: Date[] = [];
  for (let i = count - 1; i >= 0; i--) {
    if (period === "day") starts.push(new Date(last.getTime() - i * DAY_MS));
    else if (period === "week") starts.push(new Date(last.getTime() - i * 7 * DAY_MS));
    else starts.push(new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - i, 1)));
  }
  return starts.map(isoDay);
}

export interface SalesPoint {
  /** The bucket's first day, "YYYY-MM-DD". */
  start: string;
  units: number;
  refunds: number;
  /** Paid in the bucket minus refunded in it, minor units. */
  revenue: number;
}

async function salesBook(actor: Actor, bookId: string) {
  const book = await bookWithCoAuthors(bookId);
  if (!book || !canEditBook(actor, book)) throw new BookRefusedError("notFound");
  return book;
}

/** The sales page: totals, the series for `period`, conversion in the window, a page of buyers. */
export async function bookSales(
  actor: Actor,
  bookId: string,
  options: { period: SalesPeriod; page: number; now?: Date },
) {
  const book = await salesBook(actor, bookId);
  const now = options.now ?? new Date();
  const buckets = salesBuckets(now, options.period);
  const from = new Date(`${buckets[0]}T00:00:00Z`);
  const ofBook = and(eq(payments.productKind, "book"), eq(payments.productId, book.id));
  const unit = sql.raw(`'${options.period}'`);
  const paidBucket = sql<string>`to_char(date_trunc(${unit}, ${payments.paidAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const refundBucket = sql<string>`to_char(date_trunc(${unit}, ${payments.refundedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;

  const [totalsRows, paidRows, refundRows, viewRows, allViews, buyers] = await Promise.all([
    db()
      .select({
        units: sql<number>`count(*)`.mapWith(Number),
        refunds: sql<number>`count(*) filter (where ${payments.status} = 'refunded')`.mapWith(
          Number,
        ),
        gross: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number),
        refunded:
          sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'refunded'), 0)`.mapWith(
            Number,
          ),
      })
      .from(payments)
      .where(ofBook),
    db()
      .select({
        start: paidBucket,
        units: sql<number>`count(*)`.mapWith(Number),
        amount: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number),
      })
      .from(payments)
      .where(and(ofBook, gte(payments.paidAt, from)))
      .groupBy(paidBucket),
    db()
      .select({
        start: refundBucket,
        refunds: sql<number>`count(*)`.mapWith(Number),
        amount: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number),
      })
      .from(payments)
      .where(and(ofBook, eq(payments.status, "refunded"), gte(payments.refundedAt, from)))
      .groupBy(refundBucket),
    db()
      .select({ views: sum(bookDailyViews.views).mapWith(Number) })
      .from(bookDailyViews)
      .where(and(eq(bookDailyViews.bookId, book.id), gte(bookDailyViews.day, buckets[0]!))),
    db().select({ views: books.views }).from(books).where(eq(books.id, book.id)),
    paginate(
      db()
        .select({
          id: payments.id,
          name: profiles.displayName,
          slug: profiles.slug,
          paidAt: payments.paidAt,
          refunded: sql<boolean>`${payments.status} = 'refunded'`,
          total: totalRows(),
        })
        .from(payments)
        .leftJoin(profiles, eq(profiles.userId, payments.userId))
        .where(ofBook)
        .orderBy(desc(payments.paidAt), desc(payments.id))
        .$dynamic(),
      { page: options.page, perPage: BUYERS_PER_PAGE },
    ),
  ]);

  const paid = new Map(paidRows.map((row) => [row.start, row]));
  const refunded = new Map(refundRows.map((row) => [row.start, row]));
  const series: SalesPoint[] = buckets.map((start) => ({
    start,
    units: paid.get(start)?.units ?? 0,
    refunds: refunded.get(start)?.refunds ?? 0,
    revenue: (paid.get(start)?.amount ?? 0) - (refunded.get(start)?.amount ?? 0),
  }));
  const totals = totalsRows[0] ?? { units: 0, refunds: 0, gross: 0, refunded: 0 };
  const windowUnits = series.reduce((n, point) => n + point.units, 0);
  const windowViews = viewRows[0]?.views ?? 0;
  return {
    book: {
      id: book.id,
      slug: book.slug,
      title: book.title,
      price: book.price,
      status: book.status,
    },
    totals: {
      units: totals.units,
      refunds: totals.refunds,
      net: totals.gross - totals.refunded,
      views: allViews[0]?.views ?? 0,
    },
    period: options.period,
    series,
    conversion: {
      views: windowViews,
      purchases: windowUnits,
      rate: windowViews > 0 ? windowUnits / windowViews : null,
    },
    buyers: {
      ...buyers,
      rows: buyers.rows.map((row) => ({
        id: row.id,
        name: row.name ?? null,
        slug: row.slug ?? null,
        paidAt: row.paidAt,
        refunded: Boolean(row.refunded),
      })),
    },
  };
}

export type BookSales = Awaited<ReturnType<typeof bookSales>>;
