import type { ComponentProps, ReactNode } from "react";
import type { Dialog as DialogPrimitive } from "radix-ui";
import { lazyModule, useLazyModuleWhen } from "#app/lib/lazy-module";

export type SheetProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Edge the drawer slides in from, in logical terms: "start" is the left in LTR and the right in RTL. */
  side?: "start" | "end";
  /** CSS width of the panel (capped to leave a strip of page visible on narrow screens). */
  width?: string;
  /** The drawer's accessible name (already translated); shown in its header unless `hideTitle`. */
  title: string;
  /** Keep the title for assistive technology only. */
  hideTitle?: boolean;
  /** Optional description under the title. */
  description?: ReactNode;
  /** Accessible name of the close button. */
  closeLabel: string;
  children?: ReactNode;
  className?: string;
  /** Classes for the scrolling body. */
  bodyClassName?: string;
} & Pick<
  ComponentProps<typeof DialogPrimitive.Content>,
  "onOpenAutoFocus" | "onCloseAutoFocus" | "onEscapeKeyDown"
>;

const sheetModule = lazyModule(() => import("./sheet-impl"));

/**
 * A modal side drawer built on Radix Dialog (focus trap, Escape, click outside), opened with
 * `open` by a button of the page. Positioned with `inset-inline-start` / `inset-inline-end`, so it
 * sits and slides correctly in RTL. Its library is downloaded the first time it opens; until then
 * it renders nothing, as a closed drawer does.
 */
export function Sheet(props: SheetProps) {
  const impl = useLazyModuleWhen(sheetModule, props.open ?? props.defaultOpen);
  return impl ? <impl.Sheet {...props} /> : null;
}
