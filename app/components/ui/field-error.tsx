import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn";

export type FieldErrorProps = Omit<ComponentProps<"p">, "children"> & {
  /** The (already translated) message; nothing is rendered when it is empty. */
  message?: string | null;
};

/**
 * An inline form error. Give it the `id` that the field references with `aria-describedby`
 * (and mark the field `aria-invalid`).
 */
export function FieldError({ message, className, ...props }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p data-slot="field-error" role="alert" className={cn("text-sm font-medium text-destructive", className)} {...props}>
      {message}
    </p>
  );
}
