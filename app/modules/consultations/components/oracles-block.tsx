import { ExternalLink, Flame, Feather, Gem, MessageCircleHeart } from "lucide-react";
import { useState } from "react";
import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/react";
import { cn } from "#app/lib/cn";
import { useRootData } from "#app/root";
import { oracleLinks, type OracleLink } from "../oracles";
import { ConsultationDialog } from "./consultation-dialog";

const ORACLE_ICONS: Record<OracleLink["key"], typeof Flame> = {
  demon: Flame,
  angelic: Feather,
  elenthos: Gem,
};
const ORACLE_NAMES = {
  demon: "consultations.nav.demonOracle",
  angelic: "consultations.nav.angelicOracle",
  elenthos: "consultations.nav.elenthosOracle",
} as const;

/**
 * SPEC §2 "Oracles block": the configured reading sites (site settings; one without an address
 * is left out), each opening in a new tab, and the personal consultation, which opens the
 * confirmation dialog. `full` has a heading, an introduction and a text per card; `compact` is a
 * row of small cards.
 */
export function OraclesBlock({
  variant,
  className,
}: {
  variant: "full" | "compact";
  className?: string;
}) {
  const { t } = useTranslation();
  const { settings, viewer } = useRootData();
  const [open, setOpen] = useState(false);
  const masterName = settings.consultation_master_name || "Morgana";
  const oracles = oracleLinks(settings);
  const full = variant === "full";
  const card = cn(
    "flex h-full min-w-0 flex-col rounded-xl border border-border bg-card text-start",
    full ? "gap-2 p-5" : "gap-1 p-3",
  );
  return (
    <section
      aria-labelledby={`oracles-title-${variant}`}
      className={className}
      data-testid={`oracles-${variant}`}
    >
      <h2
        id={`oracles-title-${variant}`}
        className={full ? "text-2xl font-semibold" : "text-lg font-semibold"}
      >
        {t("consultations.oracles.title")}
      </h2>
      {full ? (
        <p className="mt-1 text-muted-foreground">{t("consultations.oracles.intro")}</p>
      ) : null}
      <ul
        className={cn(
          "mt-4 grid gap-3",
          full ? "sm:grid-cols-2 lg:grid-cols-4" : "grid-cols-1 sm:grid-cols-2",
        )}
      >
        {oracles.map(({ key, url }) => {
          const Icon = ORACLE_ICONS[key];
          const name = t(ORACLE_NAMES[key]);
          return (
            <li key={key}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className={cn(card, "hover:bg-muted focus-visible:bg-muted")}
              >
                <span className="flex items-center gap-2 font-medium">
                  <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span className="min-w-0">{name}</span>
                  <ExternalLink
                    className="ms-auto size-4 shrink-0 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <span className="sr-only">{t("consultations.nav.newTab")}</span>
                </span>
                {full ? (
                  <span className="text-sm text-muted-foreground">
                    {t(`consultations.oracles.${key}`)}
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
        <li>
          <div className={card}>
            <span className="flex items-center gap-2 font-medium">
              <MessageCircleHeart className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0">{t("consultations.nav.consultation")}</span>
            </span>
            {full ? (
              <span className="text-sm text-muted-foreground">
                {t("consultations.oracles.consultation", { name: masterName })}
              </span>
            ) : null}
            <Button
              type="button"
              size="sm"
              className="mt-auto self-start"
              onClick={() => setOpen(true)}
              aria-haspopup="dialog"
            >
              {t("consultations.oracles.consult")}
            </Button>
          </div>
        </li>
      </ul>
      <ConsultationDialog
        open={open}
        onOpenChange={setOpen}
        masterName={masterName}
        signedIn={Boolean(viewer)}
      />
    </section>
  );
}
