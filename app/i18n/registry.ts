import type { i18n as I18n } from "i18next";

/**
 * The i18next instances the page renders with, one per language. The server registers all of
 * them at start-up (app/entry.server.tsx); the browser registers the page's language before it
 * hydrates (app/entry.client.tsx) and another when the visitor switches (useLocaleI18n). Being
 * outside React lets `meta` functions translate document titles too.
 */
const instances = new Map<string, I18n>();

export function registerI18n(locale: string, instance: I18n): void {
  instances.set(locale, instance);
}

export function registeredI18n(locale: string): I18n | undefined {
  return instances.get(locale);
}
