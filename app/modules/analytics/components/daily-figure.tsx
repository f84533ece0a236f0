import { useTranslation } from "#app/i18n/react";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import { DailyChart } from "./daily-chart";

/**
 * A daily series as a chart (hidden from screen readers) with the same numbers in a table beside
 * it: the chart draws the first column, the table shows every column.
 */
export function DailyFigure({
  title,
  columns,
  days,
  testId,
}: {
  title: string;
  columns: string[];
  days: Array<{ day: string; values: number[] }>;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const n = numberFormat(i18n.language);
  const dayLabel = dateTimeFormat(i18n.language, {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  const dayLong = dateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
  return (
    <section className="min-w-0 rounded-xl border border-border bg-card p-4" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      <div className="mt-3">
        <DailyChart
          data={days.map((d) => ({
            day: d.day,
            label: dayLabel.format(dateOf(d.day)),
            value: d.values[0] ?? 0,
          }))}
          seriesLabel={columns[0] ?? title}
          formatValue={(v) => n.format(v)}
        />
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm">{t("admin.analytics.showTable")}</summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pe-3 text-start">
                  {t("admin.analytics.day")}
                </th>
                {columns.map((c) => (
                  <th key={c} scope="col" className="py-1 pe-3 text-end">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-t border-border">
                  <th scope="row" className="py-1 pe-3 text-start font-normal">
                    {dayLong.format(dateOf(d.day))}
                  </th>
                  {d.values.map((v, i) => (
                    <td key={i} className="py-1 pe-3 text-end tabular-nums">
                      {n.format(v)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
