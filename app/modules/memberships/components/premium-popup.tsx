import { Crown, Infinity as InfinityIcon, Sparkles, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Button } from "#app/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog";
import { useRootData } from "#app/root";
import { POPUP_AUTO_CLOSE_MS, POPUP_BUSY_RETRY_MS, POPUP_STORAGE_KEY, localDay, popupWait, shouldShowPremiumPopup } from "../popup";

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
  const typing = active instanceof HTMLElement && (active.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName));
  return typing || document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], [role="menu"][data-state="open"]') !== null;
}

/**
 * SPEC §4 premium popup, mounted once in the shell: 20 s after the page loaded, once a local day,
 * for guests and free members only, never on the admin, sign-in, membership or payment screens;
 * it closes itself after 10 s, on an outside click, Escape, ✕, 'Maybe later' or 'Upgrade'.
 */
export function PremiumPopup() {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
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
    const due = () => shouldShowPremiumPopup({ now: new Date(), lastShown: lastShown(), viewer: who, pathname });
    if (!due()) return;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      if (!due()) return; // shown meanwhile in another tab
      if (busy()) {
        timer = setTimeout(attempt, POPUP_BUSY_RETRY_MS);
        return;
      }
      rememberShown(localDay(new Date()));
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

  const benefits = [
    { icon: InfinityIcon, text: t("premiumPopup.benefits.unlimited") },
    { icon: Sparkles, text: t("premiumPopup.benefits.exclusive") },
    { icon: Users, text: t("premiumPopup.benefits.covens") },
  ];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent closeLabel={t("premiumPopup.close")} className="max-w-md overflow-hidden p-0" data-testid="premium-popup">
        <div className="bg-gradient-to-br from-primary/20 via-primary/10 to-transparent px-6 pt-6 pb-4">
          <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm">
            <Crown className="size-5" aria-hidden="true" />
          </span>
          <DialogHeader className="mt-3">
            <DialogTitle className="text-xl">{t("premiumPopup.title")}</DialogTitle>
            <DialogDescription>{t("premiumPopup.description")}</DialogDescription>
          </DialogHeader>
        </div>
        <div className="px-6">
          <ul className="space-y-3">
            {benefits.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-sm">
                <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <DialogFooter className="px-6 pb-6">
          <DialogClose asChild>
            <Button variant="ghost">{t("premiumPopup.later")}</Button>
          </DialogClose>
          <Button asChild>
            <Link to="/subscription" onClick={() => setOpen(false)}>
              <Crown className="size-4" aria-hidden="true" />
              {t("premiumPopup.upgrade")}
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
