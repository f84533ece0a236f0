import { createHash } from "node:crypto";
import ar from "./locales/ar.json";
import de from "./locales/de.json";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import hi from "./locales/hi.json";
import it from "./locales/it.json";
import ja from "./locales/ja.json";
import ko from "./locales/ko.json";
import nl from "./locales/nl.json";
import pl from "./locales/pl.json";
import pt from "./locales/pt.json";
import ru from "./locales/ru.json";
import tr from "./locales/tr.json";
import zh from "./locales/zh.json";
import { createI18n, type I18n, type Messages } from "./i18n";
import { LOCALE_CODES, type Locale } from "./locales";
import { registerI18n } from "./registry";
import { TEXT_BUNDLES, type TextBundle } from "./bundles";
import { bundleTexts } from "./bundle-map.server";

const RESOURCES: Record<Locale, Messages> = {
  en,
  es,
  fr,
  de,
  it,
  pt,
  ru,
  zh,
  ja,
  ko,
  ar,
  hi,
  nl,
  pl,
  tr,
};

export function messagesFor(locale: Locale): Messages {
  return RESOURCES[locale];
}

const instances = new Map<Locale, I18n>();

/**
 * The server's translator for a language, made once: nothing changes an instance after
 * it is made (no changeLanguage, no added resources), so every request can share it.
 */
export function serverI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale, RESOURCES[locale], RESOURCES.en);
    instances.set(locale, instance);
  }
  return instance;
}

/** A translate function for server-side text (e-mails, notifications). */
export function serverT(locale: Locale) {
  return serverI18n(locale).t;
}

/** Makes every language's instance available to server rendering (see registry.ts). */
export function registerServerI18n(): void {
  for (const locale of LOCALE_CODES) registerI18n(locale, serverI18n(locale));
}

interface TextsFile {
  /** The bundle's part of the language's messages, English filled in where a key is missing, as JSON. */
  json: string;
  /** Where the browser downloads them: the content hash makes it cacheable for good. */
  href: string;
}

const files = new Map<string, TextsFile>();

/** One bundle of a language's texts for the browser (see app/i18n/bundles.ts). */
export function textsFile(locale: Locale, bundle: TextBundle): TextsFile {
  let file = files.get(`${locale}/${bundle}`);
  if (!file) {
    const messages = locale === "en" ? RESOURCES.en : withFallback(RESOURCES[locale], RESOURCES.en);
    const json = JSON.stringify(bundleTexts(messages, bundle));
    const hash = createHash("sha256").update(json).digest("base64url").slice(0, 12);
    file = { json, href: `/i18n/${locale}/${bundle}.${hash}.json` };
    files.set(`${locale}/${bundle}`, file);
  }
  return file;
}

/** Where the browser downloads each bundle of a language's texts. */
export function textsHrefs(locale: Locale): Record<TextBundle, string> {
  return Object.fromEntries(
    TEXT_BUNDLES.map((bundle) => [bundle, textsFile(locale, bundle).href]),
  ) as Record<TextBundle, string>;
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
