import type { I18n } from "./i18n";
import { useSyncExternalStore } from "react";

/**
 * The i18next instances the page renders with, one per language. The server registers all of
 * them at start-up (app/entry.server.tsx); the browser registers the page's language before it
 * hydrates (app/entry.client.tsx) and another when the visitor switches (useLocaleI18n). Being
 * outside React lets `meta` functions translate document titles too.
 */
const instances = new Map<string, I18n>();
const listeners = new Set<() => void>();
let version = 0;

export function registerI18n(locale: string, instance: I18n): void {
  instances.delete(locale);
  instances.set(locale, instance);
  version += 1;
  for (const listener of listeners) listener();
}

export function registeredI18n(locale: string): I18n | undefined {
  return instances.get(locale);
}

/** The language registered last: in the browser, the page's language until a new one has arrived. */
export function latestRegisteredI18n(): I18n | undefined {
  return [...instances.values()].at(-1);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Re-renders the caller whenever a language is registered. The document's `<Meta>` sits in the
 * root `Layout`, which nothing else re-renders after a language switch: the titles that its
 * `meta` functions translated while the new language was still downloading follow once it is here.
 */
export function useI18nRegistryVersion(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
}
