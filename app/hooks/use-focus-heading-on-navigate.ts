import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Fields a page may focus by itself on arrival (a composer, a search box): left alone. */
const FIELD = "input, textarea, select, [contenteditable]";

/** Focuses the page's main heading (made focusable by script only), without scrolling. */
export function focusMainHeading(): void {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  // The scroll position is ScrollRestoration's business (top, or where the reader was).
  heading.focus({ preventScroll: true });
}

/**
 * After a client navigation to another page, focus moves to the new page's main heading, as a
 * full page load would put a screen-reader user at the start of the new page (and the next Tab
 * continues from there, not from the link that was clicked in the navigation). Not on the first
 * load, not when only the query changed (a tab or filter of the same page), not for a link to an
 * anchor, and not when the new page focused a field of its own. (A drawer that closes because
 * its link was followed hands focus to the heading itself: see SideNavDrawer.)
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) return;
    if (document.activeElement instanceof HTMLElement && document.activeElement.matches(FIELD))
      return;
    focusMainHeading();
  }, [pathname, hash]);
}
