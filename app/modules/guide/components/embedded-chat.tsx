import { lazy, Suspense } from "react";
import { useTranslation } from "#app/i18n/react";
import { useHydrated } from "#app/hooks/use-hydrated";

const Embedded = lazy(() => import("./chat-panel").then((m) => ({ default: m.EmbeddedChat })));

/**
 * The embedded guide of /help/faq (SPEC §2), its code loaded after the page. A chat needs
 * JavaScript, so it is never rendered on the server (text typed into a form before hydration
 * would be lost).
 */
export function EmbeddedGuide() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const loading = (
    <p role="status" className="rounded-xl border border-border p-4 text-sm text-muted-foreground">
      {t("chat.loading")}
    </p>
  );
  if (!hydrated) return loading;
  return (
    <Suspense fallback={loading}>
      <Embedded />
    </Suspense>
  );
}
