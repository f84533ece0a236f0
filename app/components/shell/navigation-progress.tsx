import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { useNavigation } from "react-router";

/** A navigation quicker than this shows nothing: the bar would only flicker. */
export const PROGRESS_DELAY_MS = 300;

/**
 * A thin bar along the top of the window while a page is on its way (a link followed, a form
 * sent) and it takes longer than 300 ms: on a slow connection the click visibly did something.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setShown(false);
    };
  }, [busy]);
  if (!busy || !shown) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("common.loading")}
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-1/3 animate-navigation-progress bg-primary" />
    </div>
  );
}
