import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn";

export type ProgressProps = Omit<ComponentProps<"div">, "children" | "role"> & {
  /** Current value, clamped to [min, max]. */
  value: number;
  min?: number;
  max?: number;
  /** Accessible name (required unless `aria-labelledby` is given). */
  "aria-label"?: string;
  /** Optional human-readable value, e.g. a localized "45 %" or "450 / 1000 XP". */
  valueText?: string;
  /** Classes for the filled part. */
  indicatorClassName?: string;
};

/** An accessible progress bar (role="progressbar"); fills from the inline-start side. */
export function Progress({
  value,
  min = 0,
  max = 100,
  valueText,
  className,
  indicatorClassName,
  ...props
}: ProgressProps) {
  const safeMax = max > min ? max : min + 1;
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : min, min), safeMax);
  const percent = ((clamped - min) / (safeMax - min)) * 100;
  return (
    <div
      data-slot="progress"
      role="progressbar"
      aria-valuemin={min}
      aria-valuemax={safeMax}
      aria-valuenow={Math.round(clamped * 100) / 100}
      aria-valuetext={valueText}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-primary/15", className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className={cn(
          "h-full rounded-full bg-primary transition-[width] duration-500 ease-out",
          indicatorClassName,
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
