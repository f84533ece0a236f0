import type { ComponentProps } from "react";
import { Popover as PopoverPrimitive } from "radix-ui";
import { cn } from "#app/lib/cn";

/*
 * The Radix implementation behind ./popover.tsx, downloaded when a popover is first opened.
 * Import the components from ./popover.tsx, never from here.
 */

/** Root; controlled (`open`/`onOpenChange`) or not. Closes on outside click and Escape. */
export function Popover(props: ComponentProps<typeof PopoverPrimitive.Root>) {
  return <PopoverPrimitive.Root data-slot="popover" {...props} />;
}

/** The button that opens the popover; give it an accessible name when it shows only an icon. */
export function PopoverTrigger(props: ComponentProps<typeof PopoverPrimitive.Trigger>) {
  return <PopoverPrimitive.Trigger data-slot="popover-trigger" {...props} />;
}

/** The floating panel (portalled), focus moves into it on open and back on close. */
export function PopoverContent({
  className,
  sideOffset = 6,
  align = "end",
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        data-slot="popover-content"
        sideOffset={sideOffset}
        align={align}
        className={cn(
          "z-50 max-h-(--radix-popover-content-available-height) overflow-hidden rounded-lg border border-border bg-popover text-popover-foreground shadow-lg shadow-black/5",
          "origin-(--radix-popover-content-transform-origin) data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in",
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
