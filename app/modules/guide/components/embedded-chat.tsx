import { lazy, Suspense } from "react";
import { useTranslation } from "#app/i18n/react";
import { useHydrated } from "#app/hooks/use-hydrated";

const Embedded = lazy(() => import("./chat-panel").then((m) => ({ default: m.EmbeddedChat })));

/** The embedded guide of /help/faq (SPEC §2), its code loaded after the page. */
export function EmbeddedGuide() {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <p
          role="status"
          className="rounded-xl border border-border p-4 text-sm text-muted-foreground"
        >
          {t("chat.loading")}
        </p>
      }
    >
      <Embedded />
    </Suspense>
  );
}
