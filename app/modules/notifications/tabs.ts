import { numberFormat } from "#app/lib/intl";

/** SPEC §4: the notification list keeps the newest 50. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** SPEC §4 tabs: all, admin (admins only) and user ('Community'). */
export const NOTIFICATION_TABS = ["all", "admin", "community"] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

/** The tab asked for, when the viewer may see it; anything else is 'all'. */
export function notificationTab(
  value: string | null | undefined,
  isAdmin: boolean,
): NotificationTab {
  if (value === "community") return "community";
  if (value === "admin" && isAdmin) return "admin";
  return "all";
}

/** SPEC §9: the header bell shows 9+ above 9; lists and the side navigation 99+ above 99. */
export function badgeText(count: number, cap: 9 | 99, locale: string): string | undefined {
  if (count <= 0) return undefined;
  return count > cap ? `${cap}+` : numberFormat(locale).format(count);
}
