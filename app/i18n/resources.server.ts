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
import { createI18n, type Messages } from "./i18n";
import type { Locale } from "./locales";

const RESOURCES: Record<Locale, Messages> = { en, es, fr, de, it, pt, ru, zh, ja, ko, ar, hi, nl, pl, tr };

export function messagesFor(locale: Locale): Messages {
  return RESOURCES[locale];
}

/** A translate function for server-side text (e-mails, meta titles). */
export function serverT(locale: Locale) {
  return createI18n(locale, RESOURCES[locale], RESOURCES.en).t;
}
