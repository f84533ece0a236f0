import { dateTimeFormat } from "#app/lib/intl";

/** A calendar day (YYYY-MM-DD) in the reader's language, the same day in every time zone. */
export function formatDay(day: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
