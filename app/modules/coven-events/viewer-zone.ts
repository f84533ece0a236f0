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

/**
 * Set when the member picked a zone in settings: the browser's own zone no longer replaces the
 * cookie (someone planning from another continent keeps the zone they chose).
 */
export const ZONE_CHOSEN_COOKIE = "tz_chosen";

/** The cookies a zone picked in settings sets: the zone, and the mark that it was chosen. */
export function chosenZoneCookies(zone: string): string[] {
  return [zoneCookie(zone), `${ZONE_CHOSEN_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`];
}

/** The cookies that hand the zone back to the browser's detection. */
export function detectedZoneCookies(): string[] {
  return [
    `${ZONE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`,
    `${ZONE_CHOSEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`,
  ];
}

/** Whether the zone in the cookie was chosen in settings rather than detected. */
export function zoneChosen(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim() === `${ZONE_CHOSEN_COOKIE}=1`);
}
