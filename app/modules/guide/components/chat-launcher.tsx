import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { MessageCircle } from "lucide-react";
import { useTranslation } from "#app/i18n/react";

const loadPanel = () => import("./chat-panel");
const FloatingChat = lazy(() => loadPanel().then((m) => ({ default: m.FloatingChat })));

type State = "closed" | "open" | "minimized";

/**
 * The shell's chat button (SPEC §2, §4: closed → open → minimized → open; close → closed). Only
 * this button ships with every page; the panel and its code load on the first open (or when the
 * pointer comes near), and stay mounted while minimized so the conversation is kept.
 */
export function ChatLauncher() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>("closed");
  const [loaded, setLoaded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const open = useCallback(() => {
    setLoaded(true);
    setState("open");
  }, []);
  const close = useCallback(() => {
    setState("closed");
    requestAnimationFrame(() => buttonRef.current?.focus());
  }, []);
  const minimize = useCallback(() => {
    setState("minimized");
    requestAnimationFrame(() => buttonRef.current?.focus());
  }, []);

  return (
    <>
      {state === "open" ? null : state === "minimized" ? (
        <button
          ref={buttonRef}
          type="button"
          onClick={open}
          className="fixed end-4 bottom-4 z-40 inline-flex h-12 items-center gap-2 rounded-full bg-primary px-4 text-sm font-medium text-primary-foreground shadow-lg hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <MessageCircle className="size-5" aria-hidden />
          {t("chat.minimized")}
        </button>
      ) : (
        <button
          ref={buttonRef}
          type="button"
          onClick={open}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          aria-label={t("chat.open")}
          aria-haspopup="dialog"
          data-testid="chat-launcher"
          className="fixed end-4 bottom-4 z-40 inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <MessageCircle className="size-6" aria-hidden />
        </button>
      )}
      {loaded ? (
        <Suspense
          fallback={
            <p role="status" className="sr-only">
              {t("chat.loading")}
            </p>
          }
        >
          <FloatingChat hidden={state !== "open"} onMinimize={minimize} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
