import { useTranslation } from "#app/i18n/react";
import { dateTimeFormat } from "#app/lib/intl";
import type { PetitionStatus } from "../machine";
import { formatDay } from "./format-day";

export interface TimelineEntry {
  id: string;
  toStatus: PetitionStatus;
  reason: string | null;
  scheduledFor: string | null;
  createdAt: string;
  actorName: string | null;
}

/** A request's status changes, oldest first: when, what, and the reason or day that came with it. */
export function PetitionTimeline({ entries }: { entries: TimelineEntry[] }) {
  const { t, i18n } = useTranslation();
  const when = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <ol className="space-y-3 border-s border-border ps-4" data-testid="petition-timeline">
      {entries.map((entry) => (
        <li key={entry.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute -start-[1.3rem] top-1.5 size-2.5 rounded-full bg-primary"
          />
          <p className="text-sm font-medium">{t(`petitions.status.${entry.toStatus}`)}</p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
            {entry.actorName ? (
              <>
                {" · "}
                {t("petitions.request.by", { name: entry.actorName })}
              </>
            ) : null}
          </p>
          {entry.scheduledFor ? (
            <p className="mt-1 text-sm">
              {t("petitions.detail.scheduledFor", {
                date: formatDay(entry.scheduledFor, i18n.language),
              })}
            </p>
          ) : null}
          {entry.reason ? (
            <p className="mt-1 text-sm break-words whitespace-pre-line" dir="auto">
              <span className="font-medium">{t("petitions.detail.reason")}: </span>
              {entry.reason}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
