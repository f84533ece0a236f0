import { useEffect, useRef } from "react";
import {
  REALTIME_WINDOW_EVENT,
  type RealtimeDetail,
  type RealtimeEventMap,
  type RealtimeType,
} from "../events";

/**
 * Calls `handler` for every server event of `type` pushed to this viewer. Listens to the window
 * event the shell's single EventSource dispatches, so any number of components can listen
 * without opening more connections.
 */
export function useRealtimeEvent<T extends RealtimeType>(
  type: T,
  handler: (data: RealtimeEventMap[T]) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<RealtimeDetail>).detail;
      // The type names its data (RealtimeEventMap): a detail of type T carries RealtimeEventMap[T].
      if (detail?.type === type && detail.data) latest.current(detail.data as RealtimeEventMap[T]);
    };
    window.addEventListener(REALTIME_WINDOW_EVENT, listener);
    return () => window.removeEventListener(REALTIME_WINDOW_EVENT, listener);
  }, [type]);
}
