import { ArrowLeft } from "lucide-react";
import { data, Link, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sales";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { Badge } from "#app/components/ui/badge";
import { Pagination } from "#app/components/ui/pagination";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { idParam } from "#app/lib/ids";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { cn } from "#app/lib/cn";
import { requireUser } from "#app/modules/auth/index.server";
import { BookRefusedError, bookSales } from "#app/modules/books/index.server";
import { SALES_PERIODS, type SalesPeriod } from "#app/modules/books";
import { formatMoney, minorUnitDigits, membershipPricing } from "#app/modules/memberships";
import { getPublicSettings } from "#app/modules/settings/index.server";
import { RevenueChart } from "#app/modules/admin/components/revenue-charts";
import { useRealtimeEvent } from "#app/modules/realtime/components/use-realtime-event";

export const handle = {
  texts: ["books"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded) => loaded?.book.title ?? null),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "books.sales.title", { noindex: true });

/** `?period=` is day, week or month; anything else is day. */
const periodSchema = z.enum(SALES_PERIODS).catch("day");

/**
 * SPEC §2 /book-forge/sales/{bookId}: the book's units and revenue over time, refunds, buyers and
 * conversion, for its author, co-authors and admins (decided on the server; 404 for anyone else).
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const bookId = idParam(params.bookId);
  const period = periodSchema.parse(url.searchParams.get("period") ?? undefined);
  try {
    const sales = await bookSales(viewer.actor, bookId, {
      period,
      page: pageNumber(url.searchParams.get("page")),
    });
    const { currency } = membershipPricing(await getPublicSettings());
    return { ...sales, currency };
  } catch (error) {
    if (error instanceof BookRefusedError) throw data(null, { status: 404 });
    throw error;
  }
}

function periodLabel(start: string, period: SalesPeriod, locale: string, long = false) {
  const date = new Date(`${start}T00:00:00Z`);
  if (period === "month")
    return dateTimeFormat(locale, {
      month: long ? "long" : "short",
      year: long ? "numeric" : "2-digit",
      timeZone: "UTC",
    }).format(date);
  return dateTimeFormat(locale, {
    day: "numeric",
    month: long ? "long" : "short",
    ...(long ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(date);
}

export default function BookSalesPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname.includes("/sales/");
  const { book, totals, series, conversion, buyers, period, currency } = loaderData;
  // A sale of this book while the page is open: the figures reload in place.
  const revalidator = useRevalidator();
  useRealtimeEvent("bookSale", (sold) => {
    if (sold.bookId === book.id) void revalidator.revalidate();
  });
  const locale = i18n.language;
  const number = numberFormat(locale);
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const compactMoney = (amount: number) =>
    numberFormat(locale, {
      style: "currency",
      currency,
      notation: "compact",
      maximumFractionDigits: 1,
    }).format(amount / 10 ** minorUnitDigits(currency));
  const dates = dateTimeFormat(locale, { dateStyle: "medium" });
  const points = (value: (p: (typeof series)[number]) => number) =>
    series.map((p) => ({
      month: p.start,
      label: periodLabel(p.start, period, locale),
      value: value(p),
    }));
  const windowText = t(`books.sales.window.${period}`);
  const cards = [
    { id: "units", label: t("books.sales.units"), value: number.format(totals.units) },
    { id: "refunds", label: t("books.sales.refunds"), value: number.format(totals.refunds) },
    { id: "net", label: t("books.sales.net"), value: money(totals.net) },
    { id: "views", label: t("books.sales.views"), value: number.format(totals.views) },
  ];

  return (
    <div className="mx-auto max-w-5xl px-4 py-8" aria-busy={loading}>
      <Link
        to="/book-forge"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t("books.sales.back")}
      </Link>
      <h1 className="mt-2 text-3xl font-semibold break-words" dir="auto">
        {book.title}
      </h1>
      <p className="mt-1 text-muted-foreground">{t("books.sales.title")}</p>

      <section aria-labelledby="sales-totals" className="mt-6">
        <h2 id="sales-totals" className="sr-only">
          {t("books.sales.totals")}
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {cards.map((card) => (
            <div
              key={card.id}
              className="rounded-xl border border-border bg-card p-4"
              data-testid={`sales-${card.id}`}
            >
              <dt className="text-sm text-muted-foreground">{card.label}</dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl">{card.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <nav aria-label={t("books.sales.period")} className="mt-6 flex flex-wrap gap-2">
        {SALES_PERIODS.map((p) => (
          <Link
            key={p}
            to={p === "day" ? "?" : `?period=${p}`}
            preventScrollReset
            aria-current={p === period ? "page" : undefined}
            className={cn(
              "rounded-full border border-border px-3 py-1 text-sm",
              p === period ? "bg-primary text-primary-foreground" : "hover:bg-muted",
            )}
          >
            {t(`books.sales.by.${p}`)}
          </Link>
        ))}
      </nav>

      <div className={cn("mt-4 space-y-4 transition-opacity", loading && "opacity-60")}>
        <div className="grid gap-4 lg:grid-cols-2">
          <RevenueChart
            testId="chart-units"
            kind="bar"
            title={t("books.sales.units")}
            description={windowText}
            data={points((p) => p.units)}
            seriesLabel={t("books.sales.units")}
            formatValue={(v) => number.format(v)}
            emptyText={t("books.sales.noSales")}
          />
          <RevenueChart
            testId="chart-revenue"
            kind="area"
            title={t("books.sales.net")}
            description={windowText}
            data={points((p) => p.revenue)}
            seriesLabel={t("books.sales.net")}
            formatValue={money}
            formatTick={compactMoney}
            emptyText={t("books.sales.noSales")}
          />
        </div>

        <div
          className="max-h-80 overflow-auto rounded-xl border border-border bg-card"
          tabIndex={0}
          role="region"
          aria-labelledby="sales-table-caption"
        >
          <table className="w-full text-sm" data-testid="sales-table">
            <caption id="sales-table-caption" className="p-3 text-start font-semibold">
              {t("books.sales.table")} · {windowText}
            </caption>
            <thead className="sticky top-0 bg-card">
              <tr className="border-b border-border text-muted-foreground">
                <th scope="col" className="p-2 text-start font-medium">
                  {t("books.sales.periodColumn")}
                </th>
                <th scope="col" className="p-2 text-end font-medium">
                  {t("books.sales.units")}
                </th>
                <th scope="col" className="p-2 text-end font-medium">
                  {t("books.sales.refunds")}
                </th>
                <th scope="col" className="p-2 text-end font-medium">
                  {t("books.sales.net")}
                </th>
              </tr>
            </thead>
            <tbody>
              {series.toReversed().map((p) => (
                <tr key={p.start} className="border-b border-border last:border-0">
                  <th scope="row" className="p-2 text-start font-normal">
                    {periodLabel(p.start, period, locale, true)}
                  </th>
                  <td className="p-2 text-end tabular-nums">{number.format(p.units)}</td>
                  <td className="p-2 text-end tabular-nums">{number.format(p.refunds)}</td>
                  <td className="p-2 text-end tabular-nums">{money(p.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <section
          aria-labelledby="sales-conversion"
          className="rounded-xl border border-border bg-card p-4"
          data-testid="sales-conversion"
        >
          <h2 id="sales-conversion" className="font-semibold">
            {t("books.sales.conversion")}
          </h2>
          <p className="text-sm text-muted-foreground">{windowText}</p>
          {conversion.rate === null ? (
            <p className="mt-2 text-sm">{t("books.sales.noViews")}</p>
          ) : (
            <p className="mt-2">
              <span className="text-2xl font-semibold tabular-nums">
                {percent.format(conversion.rate)}
              </span>{" "}
              <span className="text-sm text-muted-foreground">
                {t("books.sales.conversionText", {
                  purchases: number.format(conversion.purchases),
                  views: number.format(conversion.views),
                })}
              </span>
            </p>
          )}
        </section>
      </div>

      <section aria-labelledby="sales-buyers" className="mt-8">
        <h2 id="sales-buyers" className="text-xl font-semibold">
          {t("books.sales.buyers")}
        </h2>
        {buyers.rows.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            {t("books.sales.noBuyers")}
          </p>
        ) : (
          <ul
            className="mt-3 divide-y divide-border rounded-xl border border-border bg-card"
            data-testid="sales-buyers"
          >
            {buyers.rows.map((buyer) => (
              <li key={buyer.id} className="flex flex-wrap items-center gap-2 p-3">
                <span className="min-w-0 flex-1 break-words" dir="auto">
                  {buyer.slug ? (
                    <Link to={`/profile/${buyer.slug}`} className="hover:underline">
                      {buyer.name}
                    </Link>
                  ) : (
                    t("books.sales.formerMember")
                  )}
                </span>
                <span className="text-sm text-muted-foreground">
                  {dates.format(new Date(buyer.paidAt))}
                </span>
                {buyer.refunded ? (
                  <Badge variant="secondary">{t("books.sales.refunded")}</Badge>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Pagination page={buyers.page} pageCount={buyers.pageCount} />
      </section>
    </div>
  );
}
