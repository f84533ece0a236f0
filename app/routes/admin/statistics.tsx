import { Link } from "react-router";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import type { Route } from "./+types/statistics";
import { pageMeta } from "#app/i18n/meta";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import { requireAdmin } from "#app/modules/auth/index.server";
import { statisticsReport } from "#app/modules/analytics/index.server";
import { rangeSchema } from "#app/modules/analytics/validation";
import { DailyFigure } from "#app/modules/analytics/components/daily-figure";
import { FigureTable, change } from "#app/modules/analytics/components/figure-table";
import { FiguresHeader, RangePicker } from "#app/modules/analytics/components/range-picker";
import { formatMoney, membershipPricing } from "#app/modules/memberships";
import { getAllSettings } from "#app/modules/settings/index.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.statistics.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const { days } = rangeSchema.parse({ days: url.searchParams.get("days") ?? undefined });
  const { currency } = membershipPricing(await getAllSettings());
  return { report: await statisticsReport(days, currency) };
}

export default function AdminStatistics({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { report } = loaderData;
  const locale = i18n.language;
  const n = numberFormat(locale);
  const decimal = numberFormat(locale, { maximumFractionDigits: 2 });
  const share = numberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const signed = numberFormat(locale, {
    style: "percent",
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  });
  const dayLong = dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const money = (amount: number) => formatMoney(amount, report.revenue.currency, locale);
  const compared = (label: string, value: { current: number; previous: number }) => ({
    key: label,
    cells: [
      label,
      n.format(value.current),
      n.format(value.previous),
      change(value.current, value.previous, signed),
    ],
  });
  const noData = (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t("admin.statistics.noData")}</span>
    </>
  );
  const { active, revenue } = report;
  const weeks = Math.max(0, ...report.cohorts.map((c) => c.retention.length));
  return (
    <div>
      <FiguresHeader
        title={t("admin.statistics.title")}
        csvHref={`/admin/statistics.csv?days=${report.days}`}
      />
      <p className="mt-1 text-muted-foreground">{t("admin.statistics.text")}</p>
      <RangePicker days={report.days} from={report.from} to={report.to} />

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <FigureTable
          testId="statistics-totals"
          title={t("admin.statistics.totals")}
          headers={[
            "",
            t("admin.analytics.thisPeriod"),
            t("admin.analytics.previousPeriod"),
            t("admin.analytics.change"),
          ]}
          rows={[
            {
              key: "total",
              cells: [t("admin.statistics.members"), n.format(report.members.total), "", ""],
            },
            compared(t("admin.statistics.joined"), report.members.joined),
            compared(t("admin.statistics.posts"), report.posts),
            compared(t("admin.statistics.comments"), report.comments),
          ]}
        />
        <FigureTable
          testId="statistics-active"
          title={t("admin.statistics.active")}
          headers={["", t("admin.statistics.members")]}
          rows={[
            { key: "dau", cells: [t("admin.statistics.dau"), n.format(active.daily)] },
            { key: "wau", cells: [t("admin.statistics.wau"), n.format(active.weekly)] },
            { key: "mau", cells: [t("admin.statistics.mau"), n.format(active.monthly)] },
            {
              key: "average",
              cells: [t("admin.statistics.averageDau"), decimal.format(active.averageDaily)],
            },
            {
              key: "stickiness",
              cells: [
                t("admin.statistics.stickiness"),
                active.monthly === 0 ? noData : share.format(active.daily / active.monthly),
              ],
            },
          ]}
          footer={
            <p className="mt-3 text-xs text-muted-foreground">{t("admin.statistics.activeNote")}</p>
          }
        />
        <DailyFigure
          testId="statistics-joined"
          title={t("admin.statistics.joinedDaily")}
          columns={[t("admin.statistics.joined")]}
          days={report.series.map((d) => ({ day: d.day, values: [d.joined] }))}
        />
        <DailyFigure
          testId="statistics-dau"
          title={t("admin.statistics.activeDaily")}
          columns={[t("admin.statistics.dau")]}
          days={report.series.map((d) => ({ day: d.day, values: [d.active] }))}
        />
        <DailyFigure
          title={t("admin.statistics.postsDaily")}
          columns={[t("admin.statistics.posts")]}
          days={report.series.map((d) => ({ day: d.day, values: [d.posts] }))}
        />
        <DailyFigure
          title={t("admin.statistics.commentsDaily")}
          columns={[t("admin.statistics.comments")]}
          days={report.series.map((d) => ({ day: d.day, values: [d.comments] }))}
        />
      </div>

      <section
        className="mt-4 min-w-0 rounded-xl border border-border bg-card p-4"
        data-testid="statistics-retention"
      >
        <h3 className="font-semibold">{t("admin.statistics.retention")}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{t("admin.statistics.retentionText")}</p>
        {report.cohorts.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">{t("admin.analytics.empty")}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("admin.statistics.retention")}</caption>
              <thead>
                <tr>
                  <th
                    scope="col"
                    className="py-1 pe-3 text-start font-medium text-muted-foreground"
                  >
                    {t("admin.statistics.signUpWeek")}
                  </th>
                  <th scope="col" className="py-1 pe-3 text-end font-medium text-muted-foreground">
                    {t("admin.statistics.cohortSize")}
                  </th>
                  {Array.from({ length: weeks }, (_, k) => (
                    <th
                      key={k}
                      scope="col"
                      className="py-1 pe-3 text-end font-medium whitespace-nowrap text-muted-foreground"
                    >
                      {t("admin.statistics.week", { n: k })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.cohorts.map((cohort) => (
                  <tr key={cohort.week} className="border-t border-border">
                    <th scope="row" className="py-1 pe-3 text-start font-normal whitespace-nowrap">
                      {dayLong.format(new Date(`${cohort.week}T00:00:00Z`))}
                    </th>
                    <td className="py-1 pe-3 text-end tabular-nums">{n.format(cohort.size)}</td>
                    {Array.from({ length: weeks }, (_, k) => {
                      const value = cohort.retention[k];
                      return (
                        <td key={k} className="py-1 pe-3 text-end tabular-nums">
                          {value === undefined ? "" : value === null ? noData : share.format(value)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section
        className="mt-4 min-w-0 rounded-xl border border-border bg-card p-4"
        data-testid="statistics-revenue"
      >
        <h3 className="font-semibold">{t("admin.statistics.revenue")}</h3>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(
            [
              ["payments", n.format(revenue.payments)],
              ["gross", money(revenue.gross)],
              ["refunds", money(revenue.refunds)],
              ["net", money(revenue.net)],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="rounded-lg bg-muted/50 p-3">
              <dt className="text-xs text-muted-foreground">
                {t(textKey(`admin.statistics.${key}`))}
              </dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs text-muted-foreground">
          {t("admin.statistics.revenueNote", { currency: revenue.currency })}
        </p>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {(
            [
              ["/admin/billing", t("nav.billing")],
              ["/admin/transactions", t("nav.transactions")],
              ["/admin/subscriptions", t("nav.subscriptions")],
            ] as const
          ).map(([to, label]) => (
            <li key={to}>
              <Link to={to} className="text-primary underline underline-offset-4">
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
