import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { cn } from "#app/lib/cn";

/*
 * The Radix implementation behind ./dialog.tsx and ./sheet.tsx, downloaded when a dialog is first
 * opened. Import the components from ./dialog.tsx, never from here.
 */

/** Root; controlled (`open`/`onOpenChange`) or not. */
export function Dialog(props: ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

export function DialogPortal(props: ComponentProps<typeof DialogPrimitive.Portal>) {
  return <DialogPrimitive.Portal data-slot="dialog-portal" {...props} />;
}

/** Closes the dialog; use `asChild` with a `<Button>` for a "Cancel" action. */
export function DialogClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export function DialogOverlay({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        "fixed inset-0 z-50 bg-[hsl(250_40%_8%/0.55)] backdrop-blur-[2px]",
        "data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
        className,
      )}
      {...props}
    />
  );
}

/** A small round icon button that closes the dialog or sheet; `label` is its accessible name. */
export function DialogCloseButton({ label, className }: { label: string; className?: string }) {
  return (
    <DialogPrimitive.Close
      data-slot="dialog-close-button"
      aria-label={label}
      title={label}
      className={cn(
        "inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors",
        "hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
    >
      <X className="size-4" aria-hidden="true" />
    </DialogPrimitive.Close>
  );
}

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Accessible name of the ✕ button in the corner; the button is omitted when not given. */
  closeLabel?: string;
};

/**
 * The centred dialog panel with its overlay (portalled). Put a <DialogTitle> inside; add a
 * <DialogDescription> or pass `aria-describedby={undefined}`.
 */
export function DialogContent({ className, children, closeLabel, ...props }: DialogContentProps) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          // inset-0 + margin:auto + fit-content height centres without physical left/right offsets.
          "fixed inset-0 z-50 m-auto grid h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg gap-4 overflow-y-auto",
          "rounded-xl border border-border bg-popover p-6 text-popover-foreground shadow-2xl shadow-black/20",
          "data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in focus:outline-none",
          className,
        )}
        {...props}
      >
        {children}
        {closeLabel ? (
          <DialogCloseButton label={closeLabel} className="absolute end-3 top-3" />
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

/** The dialog's accessible name; an <h2>. */
export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn("text-lg leading-tight font-semibold", className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
