import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn";
import { fieldControlClass } from "./input";

export type TextareaProps = ComponentProps<"textarea">;

/** A styled native <textarea>, vertically resizable. */
export function Textarea({ className, ...props }: TextareaProps) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(fieldControlClass, "min-h-20 resize-y px-3 py-2 leading-relaxed", className)}
      {...props}
    />
  );
}
