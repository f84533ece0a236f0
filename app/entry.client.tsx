import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadClientI18n, MESSAGES_LINK_ATTRIBUTE } from "./i18n/client-i18n";
import type { Locale } from "./i18n/locales";

/**
 * The page's texts come from its language's messages file, which the document preloads; hydration
 * waits for them so the first client render matches the server's. Should the file fail to
 * download, the page stays as the server rendered it: readable, its links and forms working as
 * plain HTML.
 */
async function hydrate(): Promise<void> {
  // The server wrote both: <html lang> is a supported language, the link its messages file.
  const lang = document.documentElement.lang as Locale;
  const href = document.querySelector(`link[${MESSAGES_LINK_ATTRIBUTE}]`)?.getAttribute("href");
  if (!href || !lang) throw new Error("The document names no messages file.");
  await loadClientI18n(lang, href);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

hydrate().catch((error: unknown) => console.error("The page could not start:", error));
