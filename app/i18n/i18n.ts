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
  rememberPlainTexts(instance);
  return instance;
}

/** Enough for every key of the interface; past it, texts are looked up each time. */
const REMEMBERED_TEXTS_LIMIT = 5000;

/**
 * Pages ask for the same plain texts hundreds of times (a label on each of 200 comments), and
 * every i18next lookup copies its options first. So the `t` functions components get
 * (`getFixedT`, used by useTranslation) answer a key without options from a table kept per
 * instance. Safe because an instance never changes language or texts once made.
 */
function rememberPlainTexts(instance: I18n): void {
  const texts = new Map<string, string>();
  const getFixedT = instance.getFixedT.bind(instance);
  instance.getFixedT = ((...args: Parameters<I18n["getFixedT"]>) => {
    const t = getFixedT(...args);
    const lookUp = t as unknown as (...a: unknown[]) => string;
    const scope = `${String(args[0])}|${String(args[1])}|${String(args[2])}|`;
    const remembering = (key: unknown, ...rest: unknown[]): string => {
      if (typeof key !== "string" || rest.length > 0) return lookUp(key, ...rest);
      const id = scope + key;
      let text = texts.get(id);
      if (text === undefined) {
        text = lookUp(key);
        if (texts.size < REMEMBERED_TEXTS_LIMIT) texts.set(id, text);
      }
      return text;
    };
    // i18next reads these properties of a fixed t (lng, lngs, ns, keyPrefix): keep them.
    return Object.assign(remembering, t);
  }) as unknown as I18n["getFixedT"];
}

/** `messages` with `fallback`'s entries added wherever a key is missing, at any depth. */
export function withFallback(messages: Messages, fallback: Messages): Messages {
  const merged: Messages = { ...fallback };
  for (const [key, value] of Object.entries(messages)) {
    const base = merged[key];
    merged[key] = isGroup(value) && isGroup(base) ? withFallback(value, base) : value;
  }
  return merged;
}

function isGroup(value: unknown): value is Messages {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
