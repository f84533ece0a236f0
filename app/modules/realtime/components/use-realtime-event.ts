import { useEffect, useRef } from "react";
import { REALTIME_WINDOW_EVENT, type RealtimeDetail } from "../events";

/**
 * Calls `handler` for every server event of `type` pushed to this viewer. Listens to the window
 * event the shell's single EventSource dispatches, so any number of components can listen
 * without opening more connections.
 */
export function useRealtimeEvent<T>(type: string, handler: (data: T) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<RealtimeDetail<T>>).detail;
      if (detail?.type === type && detail.data) latest.current(detail.data);
    };
    window.addEventListener(REALTIME_WINDOW_EVENT, listener);
    return () => window.removeEventListener(REALTIME_WINDOW_EVENT, listener);
  }, [type]);
}
