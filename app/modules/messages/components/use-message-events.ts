import { useEffect, useRef } from "react";
import { MESSAGE_EVENT, type MessageEventData } from "../limits";

/** The window event the shared realtime connection re-dispatches every server event as. */
export const REALTIME_WINDOW_EVENT = "sanctuary:realtime";

/**
 * Calls `handler` for every "message" event pushed to this viewer (a new direct message). Listens
 * to the window event the shell's single EventSource dispatches, so any number of components can
 * listen without opening more connections.
 */
export function useMessageEvents(handler: (data: MessageEventData) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<{ type?: string; data?: MessageEventData }>).detail;
      if (detail?.type === MESSAGE_EVENT && detail.data) latest.current(detail.data);
    };
    window.addEventListener(REALTIME_WINDOW_EVENT, listener);
    return () => window.removeEventListener(REALTIME_WINDOW_EVENT, listener);
  }, []);
}
