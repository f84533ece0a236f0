import type { TFunction } from "#app/i18n/i18n";
import { dateTimeFormat } from "#app/lib/intl";

/**
 * SPEC §9 relative time: 'just now' under 60 s, then Nm ago, Nh ago, Nd ago under 7 days, then a
 * local date in the reader's language.
 */
export function relativeTime(
  date: Date | string,
  t: TFunction,
  locale: string,
  now: Date = new Date(),
): string {
  const then = typeof date === "string" ? new Date(date) : date;
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  if (seconds < 60) return t("time.justNow");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t("time.minutesAgo", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t("time.hoursAgo", { count: hours });
  const days = Math.floor(hours / 24);
  if (days < 7) return t("time.daysAgo", { count: days });
  return dateTimeFormat(locale, { dateStyle: "medium" }).format(then);
}
