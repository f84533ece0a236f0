import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn";
import { fieldControlClass } from "./input";

export type SelectProps = ComponentProps<"select">;

/**
 * A styled native <select> (works without JavaScript). Pass <option> elements as children.
 * The chevron is a background image placed on the inline-end side, so it follows RTL.
 */
export function Select({ className, multiple, size, ...props }: SelectProps) {
  const listbox = multiple || (size !== undefined && size > 1);
  return (
    <select
      data-slot="select"
      multiple={multiple}
      size={size}
      className={cn(
        fieldControlClass,
        listbox
          ? "px-2 py-1.5"
          : [
              "h-10 cursor-pointer appearance-none py-2 ps-3 pe-9",
              "bg-(image:--select-chevron) bg-size-[1rem] bg-no-repeat",
              "[background-position:calc(100%_-_0.75rem)_center] rtl:[background-position:0.75rem_center]",
            ],
        className,
      )}
      {...props}
    />
  );
}
