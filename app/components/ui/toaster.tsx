import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import type { ToasterProps as SonnerProps, toast as sonnerToast } from "sonner";

/*
 * The toast outlet (sonner), downloaded with the first toast. Show toasts with `toast` from
 * ./toast.ts: until the outlet is mounted they wait in the queue below, and the first one asks
 * the shell's <Toaster> to load sonner.
 */

export type Sonner = typeof sonnerToast;
type Call = (show: Sonner) => void;

let ready: Sonner | undefined;
let requested = false;
const queue: Call[] = [];
const listeners = new Set<() => void>();

/** Shows a toast now if the outlet is ready, else queues it and asks for the outlet. */
export function run(call: Call) {
  if (ready) {
    call(ready);
    return;
  }
  queue.push(call);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/** Dismisses a toast (all without an id); before the outlet exists, from the queue. */
export function dismiss(id?: string | number) {
  if (ready) ready.dismiss(id);
  else if (id === undefined) queue.length = 0;
  else run((show) => show.dismiss(id));
}

function onReady(show: Sonner | undefined) {
  ready = show;
  if (show) for (const call of queue.splice(0)) call(show);
}

export type ToasterProps = {
  /** Text direction of the page ("rtl" for Arabic); toasts and their close buttons follow it. */
  dir?: "ltr" | "rtl" | "auto";
  /** Accessible name of the notifications region (already translated). */
  label?: string;
  /** Accessible name of each toast's close button (already translated). */
  closeLabel?: string;
} & Omit<
  SonnerProps,
  | "dir"
  | "position"
  | "richColors"
  | "closeButton"
  | "visibleToasts"
  | "duration"
  | "customAriaLabel"
>;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The app's toast outlet: top-center, rich colours, close buttons, at most 3 visible, 4 s each,
 * 356 px wide. Renders nothing until the first toast; then loads sonner and shows the queue.
 */
export function Toaster(props: ToasterProps) {
  const wanted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  const [Outlet, setOutlet] = useState<ComponentType<
    ToasterProps & { onReady: typeof onReady }
  > | null>(null);
  useEffect(() => {
    if (!wanted || Outlet) return;
    let cancelled = false;
    import("./toaster-impl").then(
      (module) => {
        if (!cancelled) setOutlet(() => module.Toaster);
      },
      () => {
        // Offline: the toasts wait; the next one tries again.
        requested = false;
        for (const listener of listeners) listener();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, Outlet]);
  return Outlet ? <Outlet {...props} onReady={onReady} /> : null;
}
