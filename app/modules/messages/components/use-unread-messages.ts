import { useState } from "react";
import { useLocation } from "react-router";
import { useRootData } from "#app/root";
import { useMessageEvents } from "./use-message-events";
import { numberFormat } from "#app/lib/intl";

/**
 * The viewer's unread message total for the header and side navigation: the root loader's count,
 * plus messages that arrived over the event stream since that count was loaded. A fresh root
 * loader result (any revalidation) replaces the local additions. Messages of the thread that is
 * open are not counted: that page marks them read as they arrive.
 */
export function useUnreadMessages(): number {
  const root = useRootData();
  const { pathname } = useLocation();
  const [state, setState] = useState({ root, arrived: 0 });
  let arrived = state.arrived;
  if (state.root !== root) {
    arrived = 0;
    setState({ root, arrived: 0 });
  }
  useMessageEvents((message) => {
    if (pathname === `/messages/${message.conversationId}`) return;
    setState((current) => ({ ...current, arrived: current.arrived + 1 }));
  });
  return (root.unreadMessages ?? 0) + arrived;
}

/** A badge count: 99+ above 99, like the notification bell. */
export function unreadBadge(count: number, locale: string): string | undefined {
  if (count <= 0) return undefined;
  return count > 99 ? "99+" : numberFormat(locale).format(count);
}
