import { createContext, use, useMemo, type ComponentProps, type ReactNode } from "react";
import { lazyModule, prefetch } from "#app/lib/lazy-module";
import { compose, useDeferredRoot, type DeferredRoot } from "./deferred-overlay";
import { mergeRefs, Slot } from "./slot";
import type * as Impl from "./popover-impl";

/*
 * Popovers (Radix) whose library is downloaded on first use, like ./dropdown-menu.tsx: the trigger
 * is a plain button with Radix's markup until it is clicked (or Enter/Space), which mounts the real
 * popover and replays the click, so focus moves into the panel as before.
 */
const popoverModule = lazyModule(() => import("./popover-impl"));

type ImplModule = typeof Impl;
const PopoverContext = createContext<DeferredRoot<ImplModule> | null>(null);

function usePopover(component: string): DeferredRoot<ImplModule> {
  const popover = use(PopoverContext);
  if (!popover) throw new Error(`<${component}> must be inside <Popover>.`);
  return popover;
}

export type PopoverProps = ComponentProps<typeof Impl.Popover> & { children?: ReactNode };

/** Root; controlled (`open`/`onOpenChange`) or not. Closes on outside click and Escape. */
export function Popover({ children, ...props }: PopoverProps) {
  const { impl, activate, triggerRef } = useDeferredRoot(
    popoverModule,
    props.open ?? props.defaultOpen,
  );
  const value = useMemo(() => ({ impl, activate, triggerRef }), [impl, activate, triggerRef]);
  return (
    <PopoverContext value={value}>
      {impl ? <impl.Popover {...props}>{children}</impl.Popover> : children}
    </PopoverContext>
  );
}

/** The button that opens the popover; give it an accessible name when it shows only an icon. */
export function PopoverTrigger({
  ref,
  ...props
}: ComponentProps<"button"> & { asChild?: boolean }) {
  const { impl, activate, triggerRef } = usePopover("PopoverTrigger");
  if (impl) return <impl.PopoverTrigger ref={mergeRefs(ref, triggerRef)} {...props} />;
  const { asChild, onPointerEnter, onFocus, onClick, ...rest } = props;
  const Component = asChild ? Slot : "button";
  return (
    <Component
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      data-slot="popover-trigger"
      ref={ref}
      {...rest}
      onPointerEnter={compose(onPointerEnter, () => prefetch(popoverModule))}
      onFocus={compose(onFocus, () => prefetch(popoverModule))}
      onClick={compose(onClick, () => activate({ kind: "click" }))}
    />
  );
}

/** The floating panel (portalled), focus moves into it on open and back on close. */
export function PopoverContent(props: ComponentProps<typeof Impl.PopoverContent>) {
  const { impl } = usePopover("PopoverContent");
  return impl ? <impl.PopoverContent {...props} /> : null;
}
