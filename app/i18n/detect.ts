import { DEFAULT_LOCALE, LOCALE_COOKIE, baseLocale, type Locale } from "./locales";

/** Reads one cookie's value from a Cookie header. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      // A value that is not valid percent-encoding is as good as none.
      return undefined;
    }
  }
  return undefined;
}

/** Languages of an Accept-Language header, best first (q-values honoured). */
export function acceptedLanguages(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((e) => e.tag && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((e) => e.tag);
}

/**
 * Detection order (SPEC §4): the stored choice (cookie), then the browser's languages, then
 * English; region suffixes are dropped.
 */
export function detectLocale(request: Request): Locale {
  return detectLocaleFromHeaders(request.headers);
}

/** detectLocale for code that has the request's headers only (better-auth hooks). */
export function detectLocaleFromHeaders(headers: Headers): Locale {
  const chosen = baseLocale(readCookie(headers.get("cookie"), LOCALE_COOKIE));
  if (chosen) return chosen;
  for (const tag of acceptedLanguages(headers.get("accept-language"))) {
    const locale = baseLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
