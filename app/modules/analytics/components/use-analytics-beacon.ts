import { useEffect } from "react";
import { PAGE_VIEW_EVENT } from "#app/hooks/use-page-view";

import { ANALYTICS_BEACON_PATH } from "../validation";

export const BEACON_PATH = ANALYTICS_BEACON_PATH;
/** An open tab says it is still there this often ("online now" is the last 2 minutes). */
export const HEARTBEAT_MS = 30_000;

function send(kind: "view" | "beat", path: string): void {
  void fetch(BEACON_PATH, {
    method: "POST",
    body: new URLSearchParams({ kind, path }),
    keepalive: true,
    credentials: "same-origin",
  }).catch(() => {
    // Analytics never disturbs the page.
  });
}

/**
 * Reports client navigations (the page-view hook's window event) to the server, which recorded
 * the first page with its document request: that first event is not sent. While the tab is
 * visible it beats every 30 s for presence.
 */
export function useAnalyticsBeacon(): void {
  useEffect(() => {
    let first = true;
    const onView = (event: Event) => {
      const path = (event as CustomEvent<{ path: string }>).detail?.path;
      if (first) {
        first = false;
        return;
      }
      if (path) send("view", path);
    };
    window.addEventListener(PAGE_VIEW_EVENT, onView);
    const beat = window.setInterval(() => {
      if (document.visibilityState === "visible") send("beat", window.location.pathname);
    }, HEARTBEAT_MS);
    return () => {
      window.removeEventListener(PAGE_VIEW_EVENT, onView);
      window.clearInterval(beat);
    };
  }, []);
}
