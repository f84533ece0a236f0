import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { dialogModule } from "#app/components/ui/dialog";
import { prefetch } from "#app/lib/lazy-module";
import { useRootData } from "#app/root";
import {
  POPUP_AUTO_CLOSE_MS,
  POPUP_BUSY_RETRY_MS,
  POPUP_STORAGE_KEY,
  localDay,
  popupWait,
  shouldShowPremiumPopup,
} from "../popup";

function lastShown(): string | null {
  try {
    return window.localStorage.getItem(POPUP_STORAGE_KEY);
  } catch {
    // Storage blocked (private mode, policy): without memory, the popup stays away rather than nagging.
    return localDay(new Date());
  }
}

function rememberShown(day: string) {
  try {
    window.localStorage.setItem(POPUP_STORAGE_KEY, day);
  } catch {
    // Nothing to do: the next page load reads "blocked" as already shown.
  }
}

/** Someone typing, or another dialog or menu open: an upsell now would get in their way. */
function busy(): boolean {
  const active = document.activeElement;
  const typing =
    active instanceof HTMLElement &&
    (active.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName));
  return (
    typing ||
    document.querySelector(
      '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], [role="menu"][data-state="open"]',
    ) !== null
  );
}

/**
 * SPEC §4 premium popup, mounted once in the shell: 20 s after the page loaded, once a local day,
 * for guests and free members only, never on the admin, sign-in, membership or payment screens;
 * it closes itself after 10 s, on an outside click, Escape, ✕, 'Maybe later' or 'Upgrade'.
 * The dialog itself (./premium-popup-dialog.tsx) is downloaded only when it is about to show.
 */
const PremiumPopupDialog = lazy(() => import("./premium-popup-dialog"));

export function PremiumPopup() {
  const { viewer } = useRootData();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // Once shown, the dialog stays mounted so that it can animate out.
  const [shown, setShown] = useState(false);
  const loadedAt = useRef<number | null>(null);
  const premium = Boolean(viewer?.isPremium);
  const admin = Boolean(viewer?.isAdmin);
  const signedIn = viewer !== null;

  // Waits for the rest of the delay on the current page; a new page restarts the wait with what is left.
  useEffect(() => {
    // The page's load is the document's time origin, not hydration (which may come seconds later
    // on a slow phone); client-side navigations keep the first load.
    loadedAt.current ??= Date.now() - performance.now();
    if (open) return;
    const who = signedIn ? { isPremium: premium, isAdmin: admin } : null;
    const due = () =>
      shouldShowPremiumPopup({ now: new Date(), lastShown: lastShown(), viewer: who, pathname });
    if (!due()) return;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      if (!due()) return; // shown meanwhile in another tab
      if (busy()) {
        timer = setTimeout(attempt, POPUP_BUSY_RETRY_MS);
        return;
      }
      rememberShown(localDay(new Date()));
      prefetch(dialogModule); // in parallel with the popup's own chunk
      setShown(true);
      setOpen(true);
    };
    timer = setTimeout(attempt, popupWait(loadedAt.current, Date.now()));
    return () => clearTimeout(timer);
  }, [open, pathname, signedIn, premium, admin]);

  // SPEC §9: on screen for 10 s at most.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setOpen(false), POPUP_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  // Leaving the page (the Upgrade link included) or becoming premium closes it.
  const [shownOn, setShownOn] = useState(pathname);
  if (open && (shownOn !== pathname || premium || admin)) setOpen(false);
  if (!open && shownOn !== pathname) setShownOn(pathname);

  return shown ? (
    <Suspense fallback={null}>
      <PremiumPopupDialog open={open} onOpenChange={setOpen} />
    </Suspense>
  ) : null;
}
