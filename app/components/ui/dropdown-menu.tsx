import { createContext, use, useMemo, type ComponentProps, type ReactNode } from "react";
import { lazyModule, loadedModule, prefetch } from "#app/lib/lazy-module";
import { compose, useDeferredRoot, type DeferredRoot } from "./deferred-overlay";
import { mergeRefs, Slot } from "./slot";
import type * as Impl from "./dropdown-menu-impl";

/*
 * Dropdown menus (Radix) whose library is downloaded on first use: until a menu is opened its
 * trigger is a plain button with Radix's markup, server-rendered as before, and the library is
 * fetched when the pointer rests on it or it takes focus. Pressing it (pointer, or Enter, Space,
 * ArrowDown) mounts the real menu and replays the press, so it opens and moves focus exactly as
 * Radix does. The content and its items render only once the library is there.
 */
const menuModule = lazyModule(() => import("./dropdown-menu-impl"));

type ImplModule = typeof Impl;
type Menu = DeferredRoot<ImplModule> & { alsoLoad?: () => Promise<unknown> };
const MenuContext = createContext<Menu | null>(null);

function useMenu(component: string): Menu {
  const menu = use(MenuContext);
  if (!menu) throw new Error(`<${component}> must be inside <DropdownMenu>.`);
  return menu;
}

/** The loaded library, for the parts that only ever render inside an open menu. */
const loaded = (component: string) =>
  loadedModule(menuModule, `<${component}> must be inside <DropdownMenuContent>.`);

export type DropdownMenuProps = ComponentProps<typeof Impl.DropdownMenu> & {
  children?: ReactNode;
  /** More code the content needs (a lazily loaded list), fetched and awaited with the library. */
  alsoLoad?: () => Promise<unknown>;
};

/**
 * Root; controlled (`open`/`onOpenChange`) or not. Pass `dir` for right-to-left keyboard handling.
 * Non-modal by default: the rest of the page is not aria-hidden while the menu is open
 * (Radix's modal mode leaves focusable content inside aria-hidden, which axe reports).
 */
export function DropdownMenu({ children, alsoLoad, ...props }: DropdownMenuProps) {
  const { impl, activate, triggerRef } = useDeferredRoot(
    menuModule,
    props.open ?? props.defaultOpen,
    alsoLoad,
  );
  const value = useMemo(
    () => ({ impl, activate, triggerRef, alsoLoad }),
    [impl, activate, triggerRef, alsoLoad],
  );
  return (
    <MenuContext value={value}>
      {impl ? <impl.DropdownMenu {...props}>{children}</impl.DropdownMenu> : children}
    </MenuContext>
  );
}

const OPEN_KEYS = ["Enter", " ", "ArrowDown"];

/** The button that opens the menu; give it an accessible name (`aria-label`) when it shows only an icon. */
export function DropdownMenuTrigger({
  ref,
  ...props
}: ComponentProps<"button"> & { asChild?: boolean }) {
  const { impl, activate, triggerRef, alsoLoad } = useMenu("DropdownMenuTrigger");
  if (impl) return <impl.DropdownMenuTrigger ref={mergeRefs(ref, triggerRef)} {...props} />;
  const { asChild, disabled, onPointerEnter, onFocus, onPointerDown, onKeyDown, ...rest } = props;
  const Component = asChild ? Slot : "button";
  const warmUp = () => {
    prefetch(menuModule);
    alsoLoad?.().catch(() => undefined);
  };
  return (
    <Component
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      data-disabled={disabled ? "" : undefined}
      data-slot="dropdown-menu-trigger"
      disabled={disabled}
      ref={ref}
      {...rest}
      onPointerEnter={compose(onPointerEnter, warmUp)}
      onFocus={compose(onFocus, warmUp)}
      onPointerDown={compose(onPointerDown, (event) => {
        if (disabled || event.button !== 0 || event.ctrlKey) return;
        event.preventDefault(); // as Radix: the menu takes focus, not the trigger
        activate({ kind: "pointerdown", pointerType: event.pointerType });
      })}
      onKeyDown={compose(onKeyDown, (event) => {
        if (disabled || !OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        activate({ kind: "keydown", key: event.key });
      })}
    />
  );
}

/** The floating panel (portalled). `align`, `side` and `sideOffset` are Radix props. */
export function DropdownMenuContent(props: ComponentProps<typeof Impl.DropdownMenuContent>) {
  const { impl } = useMenu("DropdownMenuContent");
  return impl ? <impl.DropdownMenuContent {...props} /> : null;
}

export type DropdownMenuItemProps = Impl.DropdownMenuItemProps;

/** A menu item; use `asChild` to render a `<Link>` or a submit `<button>`, `onSelect` for actions. */
export function DropdownMenuItem(props: DropdownMenuItemProps) {
  const { DropdownMenuItem: Item } = loaded("DropdownMenuItem");
  return <Item {...props} />;
}

export function DropdownMenuGroup(props: ComponentProps<typeof Impl.DropdownMenuGroup>) {
  const { DropdownMenuGroup: Group } = loaded("DropdownMenuGroup");
  return <Group {...props} />;
}

export function DropdownMenuLabel(props: ComponentProps<typeof Impl.DropdownMenuLabel>) {
  const { DropdownMenuLabel: Label } = loaded("DropdownMenuLabel");
  return <Label {...props} />;
}

export function DropdownMenuSeparator(props: ComponentProps<typeof Impl.DropdownMenuSeparator>) {
  const { DropdownMenuSeparator: Separator } = loaded("DropdownMenuSeparator");
  return <Separator {...props} />;
}
