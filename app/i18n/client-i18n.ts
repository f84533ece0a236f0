import type { I18n, Messages } from "./i18n";
import { useEffect, useState } from "react";
import { createI18n } from "./i18n";
import type { Locale } from "./locales";
import { registerI18n, registeredI18n } from "./registry";
import { isTextBundle, type TextBundle, type TextsHandle } from "./bundles";

/**
 * Marks the <link rel="preload"> of each bundle of texts the page needs (the attribute's value is
 * the bundle's name), which the browser fetches early and app/entry.client.tsx awaits.
 */
export const TEXTS_LINK_ATTRIBUTE = "data-i18n-bundle";

/** One language in the browser: its translator, whose messages grow as bundles arrive. */
interface LanguageTexts {
  i18n: I18n;
  messages: Messages;
  /** Bundles merged into `messages`. */
  loaded: Set<TextBundle>;
  /** Downloads under way, by bundle. */
  loading: Map<TextBundle, Promise<void>>;
}

const languages = new Map<Locale, LanguageTexts>();

function languageTexts(locale: Locale): LanguageTexts {
  let language = languages.get(locale);
  if (!language) {
    const messages: Messages = {};
    language = {
      i18n: createI18n(locale, messages),
      messages,
      loaded: new Set(),
      loading: new Map(),
    };
    languages.set(locale, language);
  }
  return language;
}

/** Whether the language's translator holds all of these bundles. */
export function hasTexts(locale: Locale, bundles: readonly TextBundle[]): boolean {
  const language = languages.get(locale);
  return language !== undefined && bundles.every((bundle) => language.loaded.has(bundle));
}

/**
 * Downloads the bundles of a language's texts it lacks (each file once) and merges them into its
 * translator, which is then registered (app/i18n/registry.ts): the same object for as long as the
 * page lives, so `t` keeps its identity while texts are added.
 */
export async function loadTexts(
  locale: Locale,
  hrefs: Partial<Record<TextBundle, string>>,
  bundles: readonly TextBundle[],
): Promise<I18n> {
  const language = languageTexts(locale);
  await Promise.all(
    bundles.map((bundle) => {
      if (language.loaded.has(bundle)) return undefined;
      let loading = language.loading.get(bundle);
      if (!loading) {
        const href = hrefs[bundle];
        if (!href) throw new Error(`No address for the ${bundle} texts of ${locale}.`);
        loading = download(href).then(
          (texts) => {
            mergeTexts(language.messages, texts);
            language.loaded.add(bundle);
            language.loading.delete(bundle);
          },
          (error: unknown) => {
            language.loading.delete(bundle);
            throw error;
          },
        );
        language.loading.set(bundle, loading);
      }
      return loading;
    }),
  );
  if (registeredI18n(locale) !== language.i18n && language.loaded.has("shell"))
    registerI18n(locale, language.i18n);
  return language.i18n;
}

async function download(href: string): Promise<Messages> {
  const response = await fetch(href);
  if (!response.ok) throw new Error(`GET ${href} answered ${response.status}`);
  return (await response.json()) as Messages;
}

/** Adds `texts` to `messages`, group by group (bundles split some groups, app/i18n/bundle-map.server.ts). */
function mergeTexts(messages: Messages, texts: Messages): void {
  for (const [key, value] of Object.entries(texts)) {
    const current = messages[key];
    if (isGroup(value) && isGroup(current)) mergeTexts(current, value);
    else messages[key] = value;
  }
}

function isGroup(value: unknown): value is Messages {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The bundles the page's document preloaded (see `TEXTS_LINK_ATTRIBUTE`), loaded before the page
 * hydrates (app/entry.client.tsx).
 */
export async function loadDocumentTexts(): Promise<void> {
  // The server wrote both: <html lang> is a supported language, the links its texts.
  const locale = document.documentElement.lang as Locale;
  const hrefs: Partial<Record<TextBundle, string>> = {};
  for (const link of document.querySelectorAll(`link[${TEXTS_LINK_ATTRIBUTE}]`)) {
    const bundle = link.getAttribute(TEXTS_LINK_ATTRIBUTE);
    const href = link.getAttribute("href");
    if (isTextBundle(bundle) && href) hrefs[bundle] = href;
  }
  if (!locale || !hrefs.shell) throw new Error("The document names no texts.");
  await loadTexts(locale, hrefs, Object.keys(hrefs) as TextBundle[]);
}

/** The page's language and where its bundles are: what a navigation loads texts from. */
let pageTexts: { locale: Locale; hrefs: Record<TextBundle, string> } | undefined;

/**
 * A route's `clientMiddleware` (see `TextsHandle`): on a client navigation, its bundles of texts
 * download alongside its data, and the route renders once both are here. Should a bundle fail
 * to download, the navigation fails and the error screen offers to reload.
 */
export function textsMiddleware(handle: TextsHandle) {
  return async (_args: unknown, next: () => Promise<unknown>): Promise<void> => {
    const bundles = handle.texts ?? [];
    if (!pageTexts || hasTexts(pageTexts.locale, bundles)) {
      await next();
      return;
    }
    const loading = loadTexts(pageTexts.locale, pageTexts.hrefs, bundles);
    // Both settle before the route renders; a failed download is the navigation's error.
    const [, texts] = await Promise.allSettled([next(), loading]);
    if (texts.status === "rejected") throw texts.reason;
  };
}

/**
 * The translator for the page's language, holding `bundles`: the same object for as long as the
 * language stays, so `t` keeps its identity across navigations. After a language switch the
 * previous language shows until the new one's bundles have arrived; if they cannot be
 * downloaded, the page is reloaded and the server renders it in the new language.
 */
export function useLocaleI18n(
  locale: Locale,
  hrefs: Record<TextBundle, string>,
  bundles: readonly TextBundle[],
): I18n {
  const ready = hasTexts(locale, bundles) ? languages.get(locale)!.i18n : undefined;
  const [shown, setShown] = useState<{ i18n?: I18n }>({ i18n: ready });
  const wanted = bundles.join(" ");
  useEffect(() => {
    pageTexts = { locale, hrefs };
  }, [locale, hrefs]);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadTexts(locale, hrefs, wanted.split(" ") as TextBundle[]).then(
      (instance) => live && setShown({ i18n: instance }),
      () => window.location.reload(),
    );
    return () => {
      live = false;
    };
  }, [ready, locale, hrefs, wanted]);
  // The server renders with its own translators, which hold every text (resources.server.ts).
  if (typeof document === "undefined") return registeredI18n(locale)!;
  return ready ?? shown.i18n ?? languageTexts(locale).i18n;
}
