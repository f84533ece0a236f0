import { useEffect, useSyncExternalStore } from "react";

/**
 * A module fetched with dynamic `import()` the first time it is needed, so that it stays out of
 * the JavaScript a page downloads before it is interactive. `load()` starts (or joins) the
 * download; a failed download may be retried by calling it again.
 */
export interface LazyModule<T> {
  /** The module once loaded, else undefined. */
  get(): T | undefined;
  load(): Promise<T>;
  subscribe(listener: () => void): () => void;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    load() {
      pending ??= importer().then(
        (module) => {
          value = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The module if loaded; re-renders when it arrives. Undefined while hydrating, like on the server. */
export function useLazyModule<T>(module: LazyModule<T>): T | undefined {
  return useSyncExternalStore(module.subscribe, module.get, () => undefined);
}

/**
 * The module for a part that only ever renders after its root has loaded it (a menu item inside
 * an open menu); rendering it anywhere else is a programming error, named by `misuse`.
 */
export function loadedModule<T>(module: LazyModule<T>, misuse: string): T {
  const value = module.get();
  if (!value) throw new Error(misuse);
  return value;
}

/** Starts loading in the background (pointer over a trigger, focus); errors are left for the real use. */
export function prefetch(module: LazyModule<unknown>): void {
  if (!module.get()) module.load().catch(() => undefined);
}

/** The module if loaded, starting the download as soon as `wanted` is true (a dialog asked to open). */
export function useLazyModuleWhen<T>(
  module: LazyModule<T>,
  wanted: boolean | undefined,
): T | undefined {
  useEffect(() => {
    if (wanted) prefetch(module);
  }, [module, wanted]);
  return useLazyModule(module);
}
