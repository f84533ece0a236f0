/** The fifteen languages of the product (SPEC §3). Arabic is the only right-to-left one. */
export const LANGUAGES = [
  { code: "en", name: "English", nativeName: "English", flag: "🇬🇧", isRTL: false },
  { code: "es", name: "Spanish", nativeName: "Español", flag: "🇪🇸", isRTL: false },
  { code: "fr", name: "French", nativeName: "Français", flag: "🇫🇷", isRTL: false },
  { code: "de", name: "German", nativeName: "Deutsch", flag: "🇩🇪", isRTL: false },
  { code: "it", name: "Italian", nativeName: "Italiano", flag: "🇮🇹", isRTL: false },
  { code: "pt", name: "Portuguese", nativeName: "Português", flag: "🇵🇹", isRTL: false },
  { code: "ru", name: "Russian", nativeName: "Русский", flag: "🇷🇺", isRTL: false },
  { code: "zh", name: "Chinese", nativeName: "中文", flag: "🇨🇳", isRTL: false },
  { code: "ja", name: "Japanese", nativeName: "日本語", flag: "🇯🇵", isRTL: false },
  { code: "ko", name: "Korean", nativeName: "한국어", flag: "🇰🇷", isRTL: false },
  { code: "ar", name: "Arabic", nativeName: "العربية", flag: "🇸🇦", isRTL: true },
  { code: "hi", name: "Hindi", nativeName: "हिन्दी", flag: "🇮🇳", isRTL: false },
  { code: "nl", name: "Dutch", nativeName: "Nederlands", flag: "🇳🇱", isRTL: false },
  { code: "pl", name: "Polish", nativeName: "Polski", flag: "🇵🇱", isRTL: false },
  { code: "tr", name: "Turkish", nativeName: "Türkçe", flag: "🇹🇷", isRTL: false },
] as const;

export type Locale = (typeof LANGUAGES)[number]["code"];
export const DEFAULT_LOCALE: Locale = "en";
export { LOCALE_COOKIE } from "./cookie";
export const LOCALE_CODES = LANGUAGES.map((l) => l.code) as readonly Locale[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALE_CODES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): "rtl" | "ltr" {
  return LANGUAGES.find((l) => l.code === locale)?.isRTL ? "rtl" : "ltr";
}

/** "pt-BR" → "pt"; unknown languages → undefined. */
export function baseLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : undefined;
}
