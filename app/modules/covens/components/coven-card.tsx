import { Users } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { useTranslation } from "#app/i18n/react";
import { numberFormat } from "#app/lib/intl";
import type { CovenCard as Card } from "../queries.server";
import { CovenBanner } from "./coven-banner";
import { standingKey, visibilityKey } from "./texts";

/** One coven in a list: banner, name, tags, member count and where the viewer stands. */
export function CovenCard({ coven }: { coven: Card }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-border bg-card">
      <CovenBanner src={coven.bannerUrl} className="h-24" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold">
          <Link
            to={`/covens/${encodeURIComponent(coven.slug)}`}
            className="hover:underline"
            dir="auto"
          >
            {coven.name}
          </Link>
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Users className="size-4" aria-hidden="true" />
            {t("covens.card.members", {
              count: coven.memberCount,
              formatted: number.format(coven.memberCount),
              limit: number.format(coven.memberLimit),
            })}
          </span>
          <span aria-hidden="true">·</span>
          <span>{t(visibilityKey(coven.visibility))}</span>
        </p>
        {coven.tags.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t("covens.card.tags")}>
            {coven.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={`/covens?tag=${encodeURIComponent(tag)}`}
                  className="rounded-full bg-muted px-2 py-0.5 text-xs hover:bg-muted/70"
                  dir="auto"
                >
                  #{tag}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
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
