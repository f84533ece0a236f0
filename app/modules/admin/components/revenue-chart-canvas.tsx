import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { ChartPoint } from "./revenue-charts";

/**
 * The recharts drawing of one chart. Loaded only in the browser (see revenue-charts.tsx), where
 * ResponsiveContainer can measure the width; right-to-left pages run the months from the right.
 */
export default function ChartCanvas({
  kind,
  data,
  rtl,
  height,
  seriesLabel,
  formatValue,
  formatTick,
}: {
  kind: "bar" | "area";
  data: ChartPoint[];
  rtl: boolean;
  height: number;
  seriesLabel: string;
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
}) {
  const axisTick = { fontSize: 12, fill: "var(--muted-foreground)" };
  const xAxis = (
    <XAxis
      dataKey="label"
      reversed={rtl}
      tick={axisTick}
      tickLine={false}
      axisLine={{ stroke: "var(--border)" }}
      interval="preserveStartEnd"
      minTickGap={8}
    />
  );
  const yAxis = (
    <YAxis
      orientation={rtl ? "right" : "left"}
      tick={axisTick}
      tickLine={false}
      axisLine={false}
      width={64}
      allowDecimals={false}
      tickFormatter={(v: number) => formatTick(v)}
    />
  );
  const grid = <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />;
  const tooltip = (
    <Tooltip
      formatter={(value) => [formatValue(Number(value)), seriesLabel]}
      contentStyle={{
        background: "var(--popover)",
        border: "1px solid var(--border)",
        borderRadius: 8,
        color: "var(--popover-foreground)",
        fontSize: 13,
      }}
      labelStyle={{ fontWeight: 600 }}
      cursor={{ fill: "var(--muted)", stroke: "var(--border)" }}
    />
  );
  const margin = { top: 8, right: 8, bottom: 0, left: 8 };
  return (
    <ResponsiveContainer width="100%" height={height}>
      {kind === "bar" ? (
        <BarChart data={data} margin={margin} accessibilityLayer={false}>
          {grid}
          {xAxis}
          {yAxis}
          {tooltip}
          <Bar
            dataKey="value"
            name={seriesLabel}
            fill="var(--primary)"
            radius={[4, 4, 0, 0]}
            maxBarSize={40}
            isAnimationActive={false}
          />
        </BarChart>
      ) : (
        <AreaChart data={data} margin={margin} accessibilityLayer={false}>
          {grid}
          {xAxis}
          {yAxis}
          {tooltip}
          <Area
            type="monotone"
            dataKey="value"
            name={seriesLabel}
            stroke="var(--primary)"
            strokeWidth={2}
            fill="var(--primary)"
            fillOpacity={0.15}
            isAnimationActive={false}
          />
        </AreaChart>
      )}
    </ResponsiveContainer>
  );
}
