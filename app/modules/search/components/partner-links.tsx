import { ExternalLink } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { cn } from "#app/lib/cn";
import { partnerHref, type PartnerSite } from "../partners";
import { logSearchClick } from "./log-click";

/** "Search {name}" links to the configured partner sites, each in a new tab; nothing when none is set. */
export function PartnerLinks({
  partners,
  term,
  className,
}: {
  partners: PartnerSite[];
  term: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (partners.length === 0) return null;
  return (
    <nav
      aria-label={t("search.partners")}
      className={cn("flex flex-wrap items-center gap-2", className)}
    >
      {partners.map((partner) => (
        <a
          key={partner.name}
          href={partnerHref(partner, term)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => logSearchClick(term, partner.name, "partner")}
          className="inline-flex items-center gap-1.5 rounded-full border border-border bg-card px-3 py-1.5 text-sm font-medium text-primary hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
        >
          {t("search.partnerSearch", { name: partner.name })}
          <ExternalLink className="size-3.5 rtl:-scale-x-100" aria-hidden="true" />
          <span className="sr-only">{t("search.newTab")}</span>
        </a>
      ))}
    </nav>
  );
}
