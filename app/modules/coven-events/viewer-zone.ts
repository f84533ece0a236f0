import { isTimeZone } from "#app/modules/calendar";

/**
 * The viewer's time zone, which the browser detects (Intl) and keeps in the `tz` cookie so the
 * server renders dates as the viewer reads them; UTC until it is known or when it is not a zone
 * Intl knows.
 */
export const ZONE_COOKIE = "tz";

export function viewerZone(cookieHeader: string | null): string {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== ZONE_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(rest.join("="));
    } catch {
      return "UTC";
    }
    return isTimeZone(value) ? value : "UTC";
  }
  return "UTC";
}

/** The cookie the browser writes: a year, the whole site, readable by the server only as a hint. */
export function zoneCookie(zone: string): string {
  return `${ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
