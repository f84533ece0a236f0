import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import type { Route } from "./+types/analytics";
import { pageMeta } from "#app/i18n/meta";
import { numberFormat } from "#app/lib/intl";
import { requireAdmin } from "#app/modules/auth/index.server";
import { analyticsReport } from "#app/modules/analytics/index.server";
import { rangeSchema } from "#app/modules/analytics/validation";
import { DailyFigure } from "#app/modules/analytics/components/daily-figure";
import { FigureTable, change } from "#app/modules/analytics/components/figure-table";
import { FiguresHeader, RangePicker } from "#app/modules/analytics/components/range-picker";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.analytics.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const { days } = rangeSchema.parse({ days: url.searchParams.get("days") ?? undefined });
  return { report: await analyticsReport(days) };
}

/** The mark of a term that found nothing: a worded badge, not a colour alone. */
function NoResults() {
  const { t } = useTranslation();
  return (
    <span className="ms-2 inline-flex items-center gap-1 rounded-full border border-amber-600 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800 dark:border-amber-400 dark:text-amber-200">
      <span aria-hidden="true">⚠</span>
      {t("admin.analytics.noResults")}
    </span>
  );
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { report } = loaderData;
  const n = numberFormat(i18n.language);
  const percent = numberFormat(i18n.language, {
    style: "percent",
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  });
  const headers = [
    "",
    t("admin.analytics.thisPeriod"),
    t("admin.analytics.previousPeriod"),
    t("admin.analytics.change"),
  ];
  const breakdown = (list: typeof report.pages, name: (key: string) => string) =>
    list.map((b) => ({
      key: b.key,
      cells: [
        name(b.key),
        n.format(b.value),
        n.format(b.previous),
        change(b.value, b.previous, percent),
      ],
    }));
  const { totals, funnel } = report;
  const rate = (part: number, whole: number) =>
    whole === 0
      ? "—"
      : numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 }).format(
          part / whole,
        );
  return (
    <div>
      <FiguresHeader
        title={t("admin.analytics.title")}
        csvHref={`/admin/analytics.csv?days=${report.days}`}
      />
      <p className="mt-1 text-muted-foreground">{t("admin.analytics.text")}</p>
      <RangePicker days={report.days} from={report.from} to={report.to} />

      <div className="mt-4 grid gap-4">
        <FigureTable
          testId="analytics-totals"
          title={t("admin.analytics.totals")}
          headers={headers}
          rows={[
            ["views", totals.views],
            ["visitors", totals.visitors],
            ["crawlers", totals.crawlers],
          ].map(([key, v]) => {
            const value = v as { current: number; previous: number };
            return {
              key: key as string,
              cells: [
                t(textKey(`admin.analytics.${key as string}`)),
                n.format(value.current),
                n.format(value.previous),
                change(value.current, value.previous, percent),
              ],
            };
          })}
        />
        <DailyFigure
          title={t("admin.analytics.daily")}
          columns={[t("admin.analytics.views"), t("admin.analytics.visitors")]}
          days={report.series.map((d) => ({ day: d.day, values: [d.views, d.visitors] }))}
        />
        <div className="grid gap-4 lg:grid-cols-2">
          <FigureTable
            testId="analytics-pages"
            title={t("admin.analytics.pages")}
            headers={[t("admin.analytics.page"), ...headers.slice(1)]}
            rows={breakdown(report.pages, (k) => k)}
          />
          <FigureTable
            title={t("admin.analytics.referrers")}
            headers={[t("admin.analytics.referrer"), ...headers.slice(1)]}
            rows={breakdown(report.referrers, (k) => k)}
          />
          <FigureTable
            title={t("admin.analytics.languages")}
            headers={[t("admin.analytics.language"), ...headers.slice(1)]}
            rows={breakdown(report.languages, (k) => k)}
          />
          <FigureTable
            title={t("admin.analytics.devices")}
            headers={[t("admin.analytics.device"), ...headers.slice(1)]}
            rows={breakdown(report.devices, (k) => t(textKey(`admin.analytics.deviceNames.${k}`)))}
          />
          <FigureTable
            testId="analytics-funnel"
            title={t("admin.analytics.funnel")}
            headers={[
              t("admin.analytics.step"),
              t("admin.analytics.count"),
              t("admin.analytics.rate"),
            ]}
            rows={[
              {
                key: "v",
                cells: [t("admin.analytics.funnelVisit"), n.format(funnel.visitors), ""],
              },
              {
                key: "s",
                cells: [
                  t("admin.analytics.funnelSignUp"),
                  n.format(funnel.signUps),
                  rate(funnel.signUps, funnel.visitors),
                ],
              },
              {
                key: "p",
                cells: [
                  t("admin.analytics.funnelPremium"),
                  n.format(funnel.premium),
                  rate(funnel.premium, funnel.signUps),
                ],
              },
            ]}
          />
          <FigureTable
            testId="analytics-searches"
            title={t("admin.analytics.searches")}
            headers={[
              t("admin.analytics.term"),
              t("admin.analytics.count"),
              t("admin.analytics.zeroCount"),
            ]}
            rows={report.searches.map((s) => ({
              key: s.term,
              cells: [
                <>
                  {s.term}
                  {s.zero > 0 ? <NoResults /> : null}
                </>,
                n.format(s.count),
                n.format(s.zero),
              ],
            }))}
          />
          <FigureTable
            testId="analytics-zero-searches"
            title={t("admin.analytics.zeroResults")}
            headers={[t("admin.analytics.term"), t("admin.analytics.count")]}
            rows={report.zeroSearches.map((s) => ({
              key: s.term,
              cells: [
                <>
                  {s.term}
                  <NoResults />
                </>,
                n.format(s.count),
              ],
            }))}
          />
        </div>
      </div>
    </div>
  );
}
