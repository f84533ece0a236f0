import { MessagesSquare } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/react";

/**
 * The messages screen: the conversation list beside the open thread on desktop; on phones the
 * thread comes first and the list follows it (on /messages the list alone).
 */
export function MessagesLayout({ list, thread }: { list: ReactNode; thread?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-4">
      <h1 className="text-2xl font-semibold">{t("messages.title")}</h1>
      <div className="mt-4 grid gap-4 md:h-[calc(100dvh-13rem)] md:min-h-[30rem] md:grid-cols-[20rem_minmax(0,1fr)]">
        {thread ? (
          <div className="h-[75dvh] min-h-[24rem] min-w-0 md:col-start-2 md:row-start-1 md:h-auto md:min-h-0">
            {thread}
          </div>
        ) : (
          <div className="hidden flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border text-muted-foreground md:col-start-2 md:row-start-1 md:flex">
            <MessagesSquare className="size-8" aria-hidden="true" />
            <p className="text-sm">{t("messages.selectConversation")}</p>
          </div>
        )}
        <div className="flex min-h-0 flex-col overflow-hidden rounded-xl border border-border bg-card md:col-start-1 md:row-start-1">
          {list}
        </div>
      </div>
    </div>
  );
}
