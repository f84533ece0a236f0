import { useEffect, useState } from "react";
import { Sparkles, X } from "lucide-react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/react";
import { Button } from "#app/components/ui/button";
import { useRootData } from "#app/root";
import { EXPERIMENTS, trackExperimentClick } from "#app/modules/experiments";
import {
  JOIN_BANNER_STORAGE_KEY,
  dismissalDay,
  dismissedRecently,
  joinBannerTrigger,
  joinBannerWait,
  mayOfferJoinBanner,
  scrolledShare,
} from "../join-banner";

/** Where the banner asks for the guest's variant; the server draws it and counts the impression. */
const BANNER_VARIANT_PATH = "/api/ab-tests/banner";

function readDismissal(): string | null {
  try {
    return window.localStorage.getItem(JOIN_BANNER_STORAGE_KEY);
  } catch {
    // Storage blocked: without a memory of "not now", the banner stays away rather than nagging.
    return dismissalDay(new Date());
  }
}

function rememberDismissal(): void {
  try {
    window.localStorage.setItem(JOIN_BANNER_STORAGE_KEY, dismissalDay(new Date()));
  } catch {
    // Nothing to do: the next page load reads "blocked" as dismissed.
  }
}

/**
 * The guests' invitation to join, a card at the foot of the screen that covers nothing it cannot
 * be scrolled away from. When it appears is SPEC §9's banner timing test (../join-banner.ts);
 * it never takes the focus, closes with its ✕ or Escape and then stays away for a week.
 * Mounted in the shell once the browser is idle.
 */
export function JoinBanner() {
  const { t } = useTranslation();
  const { viewer, settings } = useRootData();
  const { pathname } = useLocation();
  const signedIn = viewer !== null;
  const offered = mayOfferJoinBanner({ signedIn, pathname });
  const [variant, setVariant] = useState<string | null>(null);
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(() => dismissedRecently(readDismissal(), new Date()));

  // The variant, asked once: only a guest who may see the banner counts as shown it.
  useEffect(() => {
    if (!offered || dismissed || variant !== null) return;
    const controller = new AbortController();
    fetch(BANNER_VARIANT_PATH, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { variant?: unknown } | null) => {
        if (typeof body?.variant === "string") setVariant(body.variant);
      })
      .catch(() => {
        // Offline or refused: no banner, which is what a failed test shows anyway.
      });
    return () => controller.abort();
  }, [offered, dismissed, variant]);

  // The variant's moment: a delay from the page's load, or a share of the page scrolled.
  useEffect(() => {
    if (variant === null || due) return;
    const trigger = joinBannerTrigger(variant);
    if (trigger.kind === "delay") {
      const timer = setTimeout(
        () => setDue(true),
        // From the document's load (its time origin): client navigations keep the first load.
        joinBannerWait(trigger, performance.timeOrigin, Date.now()),
      );
      return () => clearTimeout(timer);
    }
    const check = () => {
      const share = scrolledShare({
        scrollY: window.scrollY,
        scrollHeight: document.documentElement.scrollHeight,
        viewportHeight: window.innerHeight,
      });
      if (share >= trigger.share) setDue(true);
    };
    check();
    window.addEventListener("scroll", check, { passive: true });
    return () => window.removeEventListener("scroll", check);
  }, [variant, due]);

  if (!offered || dismissed || !due) return null;

  const dismiss = () => {
    rememberDismissal();
    setDismissed(true);
  };

  return (
    <>
      {/* Room at the page's end, so its last lines can be scrolled clear of the card. */}
      <div aria-hidden="true" className="h-56 md:h-32" />
      <aside
        aria-label={t("joinBanner.label")}
        data-testid="join-banner"
        data-variant={variant}
        onKeyDown={(event) => {
          if (event.key === "Escape") dismiss();
        }}
        className="fixed inset-x-4 bottom-20 z-30 mx-auto flex max-w-xl items-start gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-lg md:bottom-4"
      >
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
          <Sparkles className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            {t("joinBanner.title", { site: settings.site_name || "Sanctuary" })}
          </p>
          <p className="mt-0.5 text-sm text-muted-foreground">{t("joinBanner.text")}</p>
          <Button asChild size="sm" className="mt-3">
            <Link
              to="/auth?tab=signup"
              onClick={() => trackExperimentClick(EXPERIMENTS.bannerTiming)}
            >
              {t("joinBanner.join")}
            </Link>
          </Button>
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t("joinBanner.dismiss")}
          className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </aside>
    </>
  );
}
