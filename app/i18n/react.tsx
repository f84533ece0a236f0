import { createContext, useContext, type ReactNode } from "react";
import type { I18n, TFunction } from "./i18n";

const I18nContext = createContext<I18n | null>(null);

/** Gives the page's translator (app/i18n/i18n.ts) to every component below. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * The page's `t` and translator. `t` keeps its identity for as long as the language stays, so
 * it is safe in effect and memo dependencies.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation needs an I18nProvider above it.");
  return { t: i18n.t, i18n };
}
