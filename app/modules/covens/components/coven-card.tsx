import { Badge } from "#app/components/ui/badge";
import { useTranslation } from "#app/i18n/react";
import type { CovenCard as Card } from "../queries.server";
import { CovenBanner } from "./coven-banner";
import { CovenSummary } from "./coven-summary";
import { standingKey } from "./texts";

/** One coven in a list: banner, name, tags, member count and where the viewer stands. */
export function CovenCard({ coven }: { coven: Card }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-border bg-card">
      <CovenBanner src={coven.bannerUrl} className="h-24" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <CovenSummary coven={coven} variant="card" />
        <div className="mt-auto pt-1">
          {coven.isMember && coven.role ? (
            <Badge variant="secondary">{t(standingKey(coven.role))}</Badge>
          ) : coven.requested ? (
            <Badge variant="outline">{t("covens.card.requested")}</Badge>
          ) : null}
        </div>
      </div>
    </li>
  );
}
