import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadDocumentTexts } from "./i18n/client-i18n";

/**
 * The page's texts come from the bundles of its language that the document preloads (the shell's
 * and its routes'); hydration waits for them so the first client render matches the server's.
 * Should one fail to download, the page stays as the server rendered it: readable, its links and
 * forms working as plain HTML.
 */
async function hydrate(): Promise<void> {
  await loadDocumentTexts();
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
