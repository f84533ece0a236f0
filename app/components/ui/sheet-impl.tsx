import type { CSSProperties } from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { cn } from "#app/lib/cn";
import { DialogCloseButton } from "./dialog-impl";
import type { SheetProps } from "./sheet";

/*
 * The Radix implementation behind ./sheet.tsx, downloaded when a drawer is first opened.
 * Import the component from ./sheet.tsx, never from here.
 */

/**
 * A modal side drawer built on Radix Dialog (focus trap, Escape, click outside).
 * Positioned with `inset-inline-start` / `inset-inline-end`, so it sits and slides correctly in RTL.
 */
export function Sheet({
  open,
  defaultOpen,
  onOpenChange,
  side = "start",
  width = "18rem",
  title,
  hideTitle = false,
  description,
  closeLabel,
  children,
  className,
  bodyClassName,
  ...contentProps
}: SheetProps) {
  const style: CSSProperties = { width, maxWidth: "calc(100vw - 3rem)" };
  return (
    <DialogPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-slot="sheet-overlay"
          className="fixed inset-0 z-50 bg-[hsl(250_40%_8%/0.5)] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        />
        <DialogPrimitive.Content
          data-slot="sheet-content"
          data-side={side}
          style={style}
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(
            "fixed inset-y-0 z-50 flex h-full flex-col bg-card text-card-foreground shadow-2xl shadow-black/25 focus:outline-none",
            side === "start"
              ? "start-0 border-e border-border data-[state=closed]:animate-slide-out-start data-[state=open]:animate-slide-in-start"
              : "end-0 border-s border-border data-[state=closed]:animate-slide-out-end data-[state=open]:animate-slide-in-end",
            className,
          )}
          {...contentProps}
        >
          <div
            className={cn(
              "flex shrink-0 items-start gap-2 px-4",
              hideTitle ? "absolute end-2 top-2 z-10 p-0" : "border-b border-border py-3",
            )}
          >
            <div className={cn("min-w-0 flex-1", hideTitle && "sr-only")}>
              <DialogPrimitive.Title className="truncate text-base leading-8 font-semibold">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="text-sm text-muted-foreground">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            <DialogCloseButton label={closeLabel} />
          </div>
          <div
            data-slot="sheet-body"
            className={cn("min-h-0 flex-1 overflow-y-auto overscroll-contain", bodyClassName)}
          >
            {children}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
