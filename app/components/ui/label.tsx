import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn";

export type LabelProps = ComponentProps<"label">;

/** A native <label>; dims itself when its peer control is disabled. */
export function Label({ className, ...props }: LabelProps) {
  return (
    <label
      data-slot="label"
      className={cn(
        "inline-flex items-center gap-2 text-sm leading-none font-medium text-foreground select-none",
        "peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
