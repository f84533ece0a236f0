import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn";

/** Shared look of text-like form controls (input, textarea, select). */
export const fieldControlClass = cn(
  "w-full min-w-0 rounded-md border border-input bg-card text-base text-foreground shadow-xs md:text-sm",
  "transition-[border-color,box-shadow] placeholder:text-muted-foreground",
  "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none",
  "disabled:cursor-not-allowed disabled:opacity-50",
  "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25",
);

export type InputProps = ComponentProps<"input">;

/** A styled native <input>; all attributes (type, name, aria-*) pass through. */
export function Input({ className, type = "text", ...props }: InputProps) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        fieldControlClass,
        "h-10 px-3 py-2",
        "file:me-3 file:inline-flex file:h-7 file:rounded file:border-0 file:bg-muted file:px-2 file:text-sm file:font-medium file:text-foreground",
        className,
      )}
      {...props}
    />
  );
}
