import type { I18n } from "./i18n";
import { useEffect, useState } from "react";
import { createI18n, type Messages } from "./i18n";
import type { Locale } from "./locales";
import { registerI18n, registeredI18n } from "./registry";

/** Marks the <link rel="preload"> of the page's messages file, which the browser fetches early. */
export const MESSAGES_LINK_ATTRIBUTE = "data-i18n-messages";

/** Downloads a language's messages file (see `messagesFile`) once and registers its instance. */
export async function loadClientI18n(locale: Locale, href: string): Promise<I18n> {
  const known = registeredI18n(locale);
  if (known) return known;
  const response = await fetch(href);
  if (!response.ok) throw new Error(`GET ${href} answered ${response.status}`);
  const instance = createI18n(locale, (await response.json()) as Messages);
  registerI18n(locale, instance);
  return instance;
}

/**
 * The instance for the page's language, the same object for as long as the language stays, so
 * `t` keeps its identity across revalidations. After a language switch the previous language
 * shows until the new messages arrive; if they cannot be downloaded, the page is reloaded and the
 * server renders it in the new language.
 */
export function useLocaleI18n(locale: Locale, messagesHref: string): I18n {
  const current = registeredI18n(locale);
  const [previous, setPrevious] = useState(current);
  useEffect(() => {
    if (current) return;
    let live = true;
    loadClientI18n(locale, messagesHref).then(
      (instance) => live && setPrevious(instance),
      () => window.location.reload(),
    );
    return () => {
      live = false;
    };
  }, [current, locale, messagesHref]);
  return (current ?? previous)!;
}
