import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { ZONE_COOKIE, zoneCookie } from "../viewer-zone";

/**
 * Writes the browser's time zone into the zone cookie and loads the page's data again once when
 * the server rendered with another (a first visit: no cookie yet), as the events list does.
 */
export function useViewerZone(serverZone: string) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === serverZone) return;
    const known = document.cookie
      .split(";")
      .some((c) => c.trim() === `${ZONE_COOKIE}=${encodeURIComponent(zone)}`);
    document.cookie = zoneCookie(zone);
    if (!known) void revalidator.revalidate();
    // Once per zone the server rendered with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverZone]);
}
