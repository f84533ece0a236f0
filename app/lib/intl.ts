/**
 * Intl formatters are costly to make (each loads locale data) and pages make the same few on every
 * render, some once per row: a thread of 200 comments made 200 date formatters. These hand out one
 * formatter per language and options, made on first use. Languages and options come from code and
 * the 15 supported languages, so the table stays small; past a bound it stops growing.
 */
const MAX_FORMATTERS = 500;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function kept<F>(
  table: Map<string, F>,
  locale: string,
  options: object | undefined,
  make: () => F,
): F {
  const key = `${locale}|${options ? JSON.stringify(options) : ""}`;
  let formatter = table.get(key);
  if (!formatter) {
    formatter = make();
    if (table.size < MAX_FORMATTERS) table.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(
  locale: string,
  options?: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  return kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(
  locale: string,
  options?: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return kept(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}
