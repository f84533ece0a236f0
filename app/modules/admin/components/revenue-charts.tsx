import { Suspense, lazy } from "react";
import { useTranslation } from "#app/i18n/react";
import { useHydrated } from "#app/hooks/use-hydrated";
import { dateTimeFormat } from "#app/lib/intl";

export interface ChartPoint {
  /** "2025-03" */
  month: string;
  /** The month as the reader's language writes it ("Mar 25"). */
  label: string;
  value: number;
}

const ChartCanvas = lazy(() => import("./revenue-chart-canvas"));

/** "2025-03" → "Mar 2025" in the page's language (UTC, like the figures). */
export function monthLabel(
  month: string,
  locale: string,
  style: "short" | "long" = "short",
): string {
  // A malformed month makes an invalid date, which `format` refuses (RangeError).
  const [year = Number.NaN, m = Number.NaN] = month.split("-").map(Number);
  return dateTimeFormat(locale, {
    month: style,
    year: style === "short" ? "2-digit" : "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, m - 1, 1)));
}

/**
 * One admin chart: a titled figure whose recharts drawing is loaded in the browser only
 * (recharts measures its container, which a server cannot), so the server sends a placeholder of
 * the same height. The numbers are also in a table for screen readers (and the figure is hidden
 * from them), so nothing depends on the drawing; or the page shows a visible table of its own
 * (no `tableHeading`).
 */
export function RevenueChart({
  title,
  description,
  kind,
  data,
  seriesLabel,
  formatValue,
  formatTick,
  emptyText,
  height = 256,
  testId,
  tableHeading,
}: {
  title: string;
  description?: string;
  kind: "bar" | "area";
  data: ChartPoint[];
  seriesLabel: string;
  formatValue: (value: number) => string;
  formatTick?: (value: number) => string;
  emptyText: string;
  height?: number;
  testId?: string;
  /**
   * The first column's heading of the screen-reader table that carries the chart's numbers
   * ("Month"). Without it the page shows the same numbers in a visible table of its own.
   */
  tableHeading?: string;
}) {
  const { i18n } = useTranslation();
  const hydrated = useHydrated();
  const empty = data.every((point) => point.value === 0);
  const placeholder = <div className="h-full w-full animate-pulse rounded-lg bg-muted/60" />;
  return (
    <figure className="min-w-0 rounded-xl border border-border bg-card p-4" data-testid={testId}>
      <figcaption>
        <h3 className="font-semibold">{title}</h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </figcaption>
      <div
        className="relative mt-4 w-full"
        style={{ height }}
        aria-hidden="true"
        data-chart-ready={hydrated ? "true" : "false"}
      >
        {hydrated ? (
          <Suspense fallback={placeholder}>
            <ChartCanvas
              kind={kind}
              data={data}
              rtl={i18n.dir() === "rtl"}
              height={height}
              seriesLabel={seriesLabel}
              formatValue={formatValue}
              formatTick={formatTick ?? formatValue}
            />
          </Suspense>
        ) : (
          placeholder
        )}
        {empty ? (
          <p className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">
            <span className="rounded-md bg-card/90 px-3 py-1">{emptyText}</span>
          </p>
        ) : null}
      </div>
      {tableHeading === undefined ? null : (
        <table className="sr-only">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{tableHeading}</th>
              <th scope="col">{seriesLabel}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.month}>
                <th scope="row">{monthLabel(point.month, i18n.language, "long")}</th>
                <td>{formatValue(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
