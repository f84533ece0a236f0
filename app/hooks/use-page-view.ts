import { useEffect } from "react";
import { useLocation } from "react-router";

export const PAGE_VIEW_EVENT = "sanctuary:page-view";

/**
 * Fires once per path change (SPEC §2 "a page view is tracked on each path change"). Listeners
 * (analytics) subscribe to the window event; the hook itself knows nothing about storage.
 */
export function usePageView(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    window.dispatchEvent(
      new CustomEvent(PAGE_VIEW_EVENT, { detail: { path: pathname, at: Date.now() } }),
    );
  }, [pathname]);
}
