import i18next, { type i18n as I18n } from "i18next";
import type { Locale } from "./locales";

export type Messages = Record<string, unknown>;

/**
 * One i18next instance for one locale. The server makes one per language and shares it; the
 * browser makes one from the language's messages file (see `messagesFile`), so only the
 * viewer's language is ever downloaded.
 */
export function createI18n(locale: Locale, messages: Messages, fallback?: Messages): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: "en",
    resources: {
      [locale]: { translation: messages },
      ...(fallback && locale !== "en" ? { en: { translation: fallback } } : {}),
    },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
