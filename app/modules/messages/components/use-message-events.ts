import { useRealtimeEvent } from "#app/modules/realtime/components/use-realtime-event";
import { MESSAGE_EVENT, type MessageEventData } from "../limits";

/** Calls `handler` for every "message" event pushed to this viewer (a new direct message). */
export function useMessageEvents(handler: (data: MessageEventData) => void): void {
  useRealtimeEvent(MESSAGE_EVENT, handler);
}
