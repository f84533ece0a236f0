import { Search as SearchIcon } from "lucide-react";
import { useEffect, useMemo } from "react";
import { useTranslation } from "#app/i18n/react";
import { Form, data } from "react-router";
import type { Route } from "./+types/search";
import { notShared } from "#app/lib/http-cache";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { IsolatedText } from "#app/components/isolated-text";
import { isolate } from "#app/lib/bidi";
import { useRootData } from "#app/root";
import { PartnerLinks } from "#app/modules/search/components/partner-links";
import { KindFilterLinks } from "#app/modules/search/components/kind-filter";
import { ResultGroups } from "#app/modules/search/components/result-groups";
import { SpellingNotice } from "#app/modules/search/components/spelling-notice";
import { partnerSites, rememberSearch } from "#app/modules/search";
import { submittedSearch } from "#app/modules/search/index.server";

// Every submitted search is logged (SPEC §7), so a shared cache must not answer for the server.
export const headers = notShared;

// Result pages are endless and thin for crawlers; the content itself is indexed where it lives.
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "search.title", { prefix: args.loaderData?.term || undefined, noindex: true });

/**
 * A submitted search: rate-limited per client, logged (SPEC §7), results grouped by kind; 503
 * with a message when search is busy (its share of the database is in use).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  // `exact=1`: the "Search instead for …" link, exactly what was typed, no spelling correction.
  const result = await submittedSearch(request, url.searchParams.get("q"), {
    exact: url.searchParams.get("exact") === "1",
    kind: url.searchParams.get("kind"),
  });
  if (result.limited) return data(result, { status: 429, headers: { "Retry-After": "60" } });
  if (result.busy) return data(result, { status: 503, headers: { "Retry-After": "5" } });
  return result;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const partners = useMemo(() => partnerSites(settings), [settings]);
  const { raw, term, kinds, kind, exact, groups, corrected, limited, busy } = loaderData;
  const total = groups.reduce((n, g) => n + g.results.length, 0);

  // A search that reached this page is remembered for the header's "Recent searches".
  useEffect(() => {
    if (term) rememberSearch(term);
  }, [term]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 id="search-title" className="text-2xl font-semibold break-words">
        {term ? (
          <IsolatedText text={t("search.resultsFor", { term: isolate(term) })} />
        ) : (
          t("search.title")
        )}
      </h1>
      <Form method="get" role="search" aria-labelledby="search-title" className="mt-4 flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {t("header.searchLabel")}
        </label>
        <Input
          key={raw}
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={raw}
          placeholder={t("search.prompt")}
          className="flex-1"
          maxLength={100}
        />
        {kind ? <input type="hidden" name="kind" value={kind} /> : null}
        <Button type="submit">
          <SearchIcon className="size-4" aria-hidden="true" />
          {t("common.search")}
        </Button>
      </Form>
      {term ? <PartnerLinks partners={partners} term={term} className="mt-4" /> : null}
      {term && !limited && !busy ? (
        <KindFilterLinks term={term} exact={exact} kinds={kinds} kind={kind} className="mt-4" />
      ) : null}

      {raw.trim() && !term ? (
        <p className="mt-6 text-muted-foreground">{t("search.tooShort")}</p>
      ) : null}
      {limited ? (
        <p className="mt-6 text-muted-foreground" role="alert">
          {t("search.rateLimited")}
        </p>
      ) : null}
      {busy ? (
        <p className="mt-6 text-muted-foreground" role="alert">
          {t("search.busy")}
        </p>
      ) : null}
      {term && !limited && !busy && total === 0 ? (
        <div
          className="mt-8 rounded-lg border border-dashed border-border p-6 text-center"
          role="status"
        >
          <p className="font-medium">
            <IsolatedText text={t("search.empty", { term: isolate(term) })} />
          </p>
          {partners.length > 0 ? (
            <p className="mt-1 text-sm text-muted-foreground">{t("search.emptyHint")}</p>
          ) : null}
        </div>
      ) : null}
      {term && total > 0 ? (
        <>
          {corrected ? (
            <SpellingNotice typed={term} corrected={corrected} className="mt-6" />
          ) : null}
          <p
            className={
              corrected
                ? "mt-3 text-sm text-muted-foreground"
                : "mt-6 text-sm text-muted-foreground"
            }
            role="status"
          >
            {t("search.resultCount", { count: total })}
          </p>
          <ResultGroups
            groups={groups}
            term={term}
            highlight={corrected ? `${term} ${corrected}` : term}
            className="mt-4"
          />
        </>
      ) : null}
    </div>
  );
}
