import type { ReactNode } from "react";
import type { ExternalToast } from "sonner";
import { dismiss, run, type Sonner } from "./toaster";

/*
 * The app's toasts: sonner's calls, queued until the shell's <Toaster> (./toaster.tsx) has loaded
 * sonner on the first one. Each call returns the toast's id at once, for `toast.dismiss(id)`.
 */

let nextId = 0;

type Message = ReactNode | (() => ReactNode);
type Show = (message: Message, options?: ExternalToast) => string | number;

function variant(pick: (show: Sonner) => Show): Show {
  return (message, options) => {
    const id = options?.id ?? `toast-${++nextId}`;
    run((show) => pick(show)(message, { ...options, id }));
    return id;
  };
}

/** `toast(title, options)`, `toast.success(…)`, `.error`, `.info`, `.warning`, `.dismiss(id?)`. */
export const toast = Object.assign(
  variant((show) => show),
  {
    success: variant((show) => show.success),
    error: variant((show) => show.error),
    info: variant((show) => show.info),
    warning: variant((show) => show.warning),
    dismiss,
  },
);
