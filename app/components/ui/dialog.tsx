import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn";
import { lazyModule, loadedModule, useLazyModuleWhen } from "#app/lib/lazy-module";
import type * as Impl from "./dialog-impl";

/*
 * Dialogs (Radix) whose library is downloaded the first time one opens: a closed dialog renders
 * nothing, so until `open` becomes true only this small module is on the page. Opening mounts the
 * real dialog as soon as the library has arrived (focus trap, Escape, outside click as before).
 * The parts below a <Dialog> render only once it is mounted.
 */
export const dialogModule = lazyModule(() => import("./dialog-impl"));

const loaded = (component: string) =>
  loadedModule(dialogModule, `<${component}> must be inside <Dialog>.`);

/** Root, controlled (`open`/`onOpenChange`). */
export function Dialog(props: ComponentProps<typeof Impl.Dialog>) {
  const impl = useLazyModuleWhen(dialogModule, props.open ?? props.defaultOpen);
  return impl ? <impl.Dialog {...props} /> : null;
}

/** Closes the dialog; use `asChild` with a `<Button>` for a "Cancel" action. */
export function DialogClose(props: ComponentProps<typeof Impl.DialogClose>) {
  const { DialogClose: Close } = loaded("DialogClose");
  return <Close {...props} />;
}

export type DialogContentProps = Impl.DialogContentProps;

/**
 * The centred dialog panel with its overlay (portalled). Put a <DialogTitle> inside; add a
 * <DialogDescription> or pass `aria-describedby={undefined}`. `closeLabel` adds a ✕ button.
 */
export function DialogContent(props: DialogContentProps) {
  const { DialogContent: Content } = loaded("DialogContent");
  return <Content {...props} />;
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-header"
      className={cn("flex flex-col gap-1.5 pe-8 text-start", className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

/** The dialog's accessible name; an <h2>. */
export function DialogTitle(props: ComponentProps<typeof Impl.DialogTitle>) {
  const { DialogTitle: Title } = loaded("DialogTitle");
  return <Title {...props} />;
}

export function DialogDescription(props: ComponentProps<typeof Impl.DialogDescription>) {
  const { DialogDescription: Description } = loaded("DialogDescription");
  return <Description {...props} />;
}
