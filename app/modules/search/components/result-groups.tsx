import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { cn } from "#app/lib/cn";
import type { SearchGroup } from "../types";
import { Highlight } from "./highlight";
import { ResultIcon } from "./kind-icon";
import { logSearchClick } from "./log-click";
import { ResultDetails } from "./result-details";

/**
 * The /search page's results, one section per kind in registry order. `term` is what was typed
 * (clicks are logged with it); `highlight` the words to mark, which include a spelling correction.
 */
export function ResultGroups({
  groups,
  term,
  highlight = term,
  className,
}: {
  groups: SearchGroup[];
  term: string;
  highlight?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn("space-y-8", className)}>
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`search-group-${group.kind}`}>
          <h2
            id={`search-group-${group.kind}`}
            className="flex items-baseline gap-2 text-lg font-semibold"
          >
            {t(group.headingKey)}
            <span className="text-sm font-normal text-muted-foreground">
              ({group.results.length})
            </span>
          </h2>
          <ul className="mt-3 space-y-2">
            {group.results.map((result) => (
              <li key={result.url}>
                <Link
                  to={result.url}
                  onClick={() => logSearchClick(term, result.title, result.kind)}
                  className="group flex gap-3 rounded-lg border border-border bg-card p-3 transition-colors hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none sm:p-4"
                >
                  <ResultIcon result={result} size="md" />
                  <span className="min-w-0 flex-1">
                    <span
                      className="block font-medium break-words text-primary group-hover:underline"
                      dir="auto"
                    >
                      <Highlight text={result.title} term={highlight} />
                    </span>
                    <ResultDetails details={result.details} className="mt-0.5" />
                    {result.excerpt ? (
                      <span
                        className="mt-1 block text-sm break-words text-muted-foreground"
                        dir="auto"
                      >
                        <Highlight text={result.excerpt} term={highlight} />
                      </span>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
