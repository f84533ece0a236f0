import { useEffect } from "react";
import { REALTIME_WINDOW_EVENT, type RealtimeDetail } from "../events";

/**
 * Opens the page's one connection to `/api/events` and re-dispatches each server event on
 * `window` as a `sanctuary:realtime` CustomEvent. `viewerKey` changes on sign-in and sign-out,
 * which reopens the stream with the new session. The browser reconnects a dropped stream itself.
 */
export function useEventSource(viewerKey: string): void {
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    source.onmessage = (message) => {
      let detail: RealtimeDetail;
      try {
        detail = JSON.parse(message.data) as RealtimeDetail;
      } catch {
        return;
      }
      window.dispatchEvent(new CustomEvent(REALTIME_WINDOW_EVENT, { detail }));
    };
    source.onopen = () => document.documentElement.setAttribute("data-realtime", "open");
    return () => {
      source.close();
      document.documentElement.removeAttribute("data-realtime");
    };
  }, [viewerKey]);
}
