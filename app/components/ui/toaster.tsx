import { useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import type { ExternalToast, ToasterProps as SonnerProps, toast as sonnerToast } from "sonner";

/*
 * Toasts (sonner) whose library is downloaded with the first toast. `toast` below has sonner's
 * calls the app uses; until the outlet is mounted they wait in a queue, and the first one asks the
 * shell's <Toaster> to load it. Each call returns the toast's id at once, for `toast.dismiss(id)`.
 */

type Sonner = typeof sonnerToast;
type Call = (show: Sonner) => void;

let ready: Sonner | undefined;
let requested = false;
const queue: Call[] = [];
const listeners = new Set<() => void>();
let nextId = 0;

function run(call: Call) {
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

function onReady(show: Sonner | undefined) {
  ready = show;
  if (show) for (const call of queue.splice(0)) call(show);
}

type Message = ReactNode | (() => ReactNode);
type Show = (message: Message, options?: ExternalToast) => string | number;

function variant(pick: (show: Sonner) => Show): Show {
  return (message, options) => {
    const id = options?.id ?? `toast-${++nextId}`;
    run((show) => pick(show)(message, { ...options, id }));
    return id;
  };
}

/** `toast(title, options)`, `toast.success(…)`, `.error`, `.info`, `.warning`, `.message`, `.loading`, `.dismiss(id?)`. */
export const toast = Object.assign(
  variant((show) => show),
  {
    success: variant((show) => show.success),
    error: variant((show) => show.error),
    info: variant((show) => show.info),
    warning: variant((show) => show.warning),
    message: variant((show) => show.message),
    loading: variant((show) => show.loading),
    dismiss(id?: string | number) {
      if (ready) ready.dismiss(id);
      else if (id === undefined) queue.length = 0;
      else run((show) => show.dismiss(id));
    },
  },
);

export type ToasterProps = {
  /** Text direction of the page ("rtl" for Arabic); toasts and their close buttons follow it. */
  dir?: "ltr" | "rtl" | "auto";
  /** Accessible name of the notifications region (already translated). */
  label?: string;
  /** Accessible name of each toast's close button (already translated). */
  closeLabel?: string;
} & Omit<SonnerProps, "dir" | "position" | "richColors" | "closeButton" | "visibleToasts" | "duration" | "customAriaLabel">;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The app's toast outlet: top-center, rich colours, close buttons, at most 3 visible, 4 s each,
 * 356 px wide. Renders nothing until the first toast; then loads sonner and shows the queue.
 */
export function Toaster(props: ToasterProps) {
  const wanted = useSyncExternalStore(subscribe, () => requested, () => false);
  const [Outlet, setOutlet] = useState<ComponentType<ToasterProps & { onReady: typeof onReady }> | null>(null);
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
