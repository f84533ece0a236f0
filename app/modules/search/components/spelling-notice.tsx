import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { IsolatedText } from "#app/components/isolated-text";
import { isolate } from "#app/lib/bidi";
import { cn } from "#app/lib/cn";
import { searchPath } from "../paths";

/**
 * Above results found for a spelling correction (decision 027): "Showing results for
 * meditation" and a link to search exactly what was typed ("Search instead for meditaton").
 */
export function SpellingNotice({
  typed,
  corrected,
  className,
}: {
  typed: string;
  corrected: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn("space-y-1", className)} data-testid="spelling-notice">
      <p className="text-base">
        <IsolatedText
          text={t("search.showingResultsFor", { term: isolate(corrected) })}
          value={(value) => (
            <Link
              to={searchPath(corrected)}
              className="font-semibold text-primary italic hover:underline"
            >
              {value}
            </Link>
          )}
        />
      </p>
      <p className="text-sm text-muted-foreground">
        <IsolatedText
          text={t("search.searchInsteadFor", { term: isolate(typed) })}
          value={(value) => (
            <Link to={searchPath(typed, { exact: true })} className="text-primary hover:underline">
              {value}
            </Link>
          )}
        />
      </p>
    </div>
  );
}
