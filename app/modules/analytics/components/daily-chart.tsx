import { Suspense, lazy } from "react";
import { useHydrated } from "#app/hooks/use-hydrated";
import { useTranslation } from "#app/i18n/react";

const ChartCanvas = lazy(() => import("#app/modules/admin/components/revenue-chart-canvas"));

/**
 * A daily series drawn with the admin charts' recharts canvas (browser only; a placeholder of
 * the same height on the server). The drawing is hidden from screen readers: the page shows the
 * same numbers in a table beside it.
 */
export function DailyChart({
  data,
  seriesLabel,
  formatValue,
  height = 220,
}: {
  data: Array<{ day: string; label: string; value: number }>;
  seriesLabel: string;
  formatValue: (value: number) => string;
  height?: number;
}) {
  const { i18n } = useTranslation();
  const hydrated = useHydrated();
  const placeholder = <div className="h-full w-full animate-pulse rounded-lg bg-muted/60" />;
  return (
    <div className="relative w-full" style={{ height }} aria-hidden="true">
      {hydrated ? (
        <Suspense fallback={placeholder}>
          <ChartCanvas
            kind="area"
            data={data.map((d) => ({ month: d.day, label: d.label, value: d.value }))}
            rtl={i18n.dir() === "rtl"}
            height={height}
            seriesLabel={seriesLabel}
            formatValue={formatValue}
            formatTick={formatValue}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
