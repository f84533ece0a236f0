import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type RefObject,
  type SyntheticEvent,
} from "react";
import { type LazyModule, useLazyModule } from "#app/lib/lazy-module";

/**
 * The interaction that asked a deferred menu or popover to open, replayed on the real trigger
 * once its library has loaded, so that it opens exactly as if the library had been there all
 * along (a key press focuses the first item, a click or pointer press focuses the panel).
 */
export type Replay =
  | { kind: "keydown"; key: string }
  | { kind: "pointerdown"; pointerType: string }
  | { kind: "click" };

export interface DeferredRoot<T> {
  /** The loaded library once this instance has been opened; until then render the light trigger. */
  impl: T | undefined;
  activate(replay?: Replay): void;
  /** Attach to the real trigger so the opening interaction can be replayed on it. */
  triggerRef: RefObject<HTMLElement | null>;
}

/**
 * State of one menu or popover whose library (Radix) is loaded on first use. Before that, the
 * trigger is a plain button with the same markup, server-rendered as usual; pressing it loads
 * the library, mounts the real component and replays the press. `open` (controlled use) set to
 * true mounts it too. `alsoLoad` is fetched with the library and awaited too (content of its own).
 */
export function useDeferredRoot<T>(
  module: LazyModule<T>,
  open: boolean | undefined,
  alsoLoad?: () => Promise<unknown>,
): DeferredRoot<T> {
  const loaded = useLazyModule(module);
  const [active, setActive] = useState(false);
  const replay = useRef<Replay | null>(null);
  const triggerRef = useRef<HTMLElement | null>(null);

  const activate = useCallback(
    (next?: Replay) => {
      replay.current = next ?? null;
      Promise.all([module.load(), alsoLoad?.()]).then(
        () => setActive(true),
        () => {
          replay.current = null;
        },
      );
    },
    [module, alsoLoad],
  );

  useEffect(() => {
    if (open && !active) activate();
  }, [open, active, activate]);

  // Runs after the real component's own effects (it is a descendant), so its listeners are in place.
  useEffect(() => {
    const pending = replay.current;
    const trigger = triggerRef.current;
    replay.current = null;
    if (!active || !pending || !trigger) return;
    if (pending.kind === "click") {
      trigger.focus({ preventScroll: true });
      trigger.click();
    } else if (pending.kind === "keydown") {
      trigger.focus({ preventScroll: true });
      trigger.dispatchEvent(
        new KeyboardEvent("keydown", { key: pending.key, bubbles: true, cancelable: true }),
      );
    } else {
      trigger.dispatchEvent(
        new PointerEvent("pointerdown", {
          button: 0,
          pointerType: pending.pointerType,
          bubbles: true,
          cancelable: true,
        }),
      );
    }
  }, [active]);

  return { impl: active ? loaded : undefined, activate, triggerRef };
}

/** Calls the caller's handler first and ours only if it did not prevent the default (as Radix does). */
export function compose<E extends SyntheticEvent>(
  theirs: ((event: E) => void) | undefined,
  ours: (event: E) => void,
) {
  return (event: E) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}
