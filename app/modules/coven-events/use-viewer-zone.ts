import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { ZONE_COOKIE, zoneChosen, zoneCookie } from "./viewer-zone";

/**
 * Writes the browser's zone into the `tz` cookie and reloads the page's data once when the
 * server rendered with another; a zone chosen in settings is left alone.
 */
export function useViewerZone(serverZone: string) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (zoneChosen(document.cookie)) return;
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
