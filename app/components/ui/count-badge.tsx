import { cn } from "#app/lib/cn";

/**
 * The small count at the top corner of a header icon (bell, messages). Hidden from assistive
 * technology: the control names the count in words itself.
 */
export function CountBadge({
  text,
  className,
  ...props
}: {
  text: string;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "absolute -end-0.5 -top-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-destructive px-1 text-[0.625rem] leading-none font-semibold text-destructive-foreground tabular-nums",
        className,
      )}
      {...props}
    >
      {text}
    </span>
  );
}
