import { Link } from "react-router";
import { useTranslation } from "#app/i18n/react";
import { cn } from "#app/lib/cn";
import { searchPath } from "../paths";
import type { KindFilter } from "../types";

/**
 * The /search page's kind filter: "All" and one link per kind the reader can find, the chosen
 * one marked `aria-current`. Plain links, so it works without JavaScript and keeps the term.
 */
export function KindFilterLinks({
  term,
  exact,
  kinds,
  kind,
  className,
}: {
  term: string;
  exact: boolean;
  kinds: KindFilter[];
  kind: string | null;
  className?: string;
}) {
  const { t } = useTranslation();
  const options = [
    { name: null, label: t("search.allKinds") },
    ...kinds.map((k) => ({ name: k.name, label: t(k.headingKey) })),
  ];
  return (
    <nav aria-label={t("search.filterLabel")} className={className}>
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const current = option.name === kind;
          return (
            <li key={option.name ?? "all"}>
              <Link
                to={searchPath(term, { exact, kind: option.name })}
                aria-current={current ? "page" : undefined}
                data-kind={option.name ?? "all"}
                className={cn(
                  "inline-flex rounded-full border px-3 py-1 text-sm transition-colors focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none",
                  current
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border bg-card hover:bg-muted",
                )}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
