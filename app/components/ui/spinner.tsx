import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn";

const spinnerVariants = cva(
  "spinner-ring shrink-0 animate-spin motion-reduce:[animation-duration:1.6s]",
  {
    variants: {
      size: {
        sm: "size-4",
        md: "size-6",
        lg: "size-10",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export type SpinnerProps = Omit<ComponentProps<"span">, "children"> &
  VariantProps<typeof spinnerVariants> & {
    /** What is loading, announced to screen readers (already translated). */
    label: string;
    /** Also show the label next to the spinner. */
    showLabel?: boolean;
  };

/** A loading indicator: a live status region whose text is `label`. */
export function Spinner({ label, showLabel = false, size, className, ...props }: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      role="status"
      className={cn("inline-flex items-center gap-2 text-sm text-muted-foreground", className)}
      {...props}
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
        focusable="false"
        className={cn(spinnerVariants({ size }), "text-primary")}
      >
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path
          d="M21.5 12a9.5 9.5 0 0 0-9.5-9.5"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span className={showLabel ? undefined : "sr-only"}>{label}</span>
    </span>
  );
}
