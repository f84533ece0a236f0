import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "#app/lib/cn";
import type { SearchGroup } from "../types";
import { Highlight } from "./highlight";
import { ResultIcon } from "./kind-icon";
import { logSearchClick } from "./log-click";

/** The /search page's results, one section per kind in registry order. */
export function ResultGroups({ groups, term, className }: { groups: SearchGroup[]; term: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cn("space-y-8", className)}>
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`search-group-${group.kind}`}>
          <h2 id={`search-group-${group.kind}`} className="flex items-baseline gap-2 text-lg font-semibold">
            {t(group.headingKey)}
            <span className="text-sm font-normal text-muted-foreground">({group.results.length})</span>
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
                    <span className="block font-medium break-words text-primary group-hover:underline [unicode-bidi:plaintext]">
                      <Highlight text={result.title} term={term} />
                    </span>
                    {result.excerpt ? (
                      <span className="mt-1 block text-sm break-words text-muted-foreground [unicode-bidi:plaintext]">
                        <Highlight text={result.excerpt} term={term} />
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
