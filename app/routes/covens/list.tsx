import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/list";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { filterHref, isFiltered, ListFilters } from "#app/components/list-filters";
import { LANGUAGES } from "#app/i18n/locales";
import { pageNumber } from "#app/lib/page-number";
import { requireCovens } from "#app/modules/covens/index.server";
import { CovenCard } from "#app/modules/covens/components/coven-card";
import { canCreateCoven } from "#app/modules/covens";
import { listCovens } from "#app/modules/covens/index.server";
import { covenListQuerySchema } from "#app/modules/covens/validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const handle = { texts: ["covens"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) => pageMeta(args, "covens.title");

/**
 * SPEC §2 /covens: premium, with SPEC's own fallback text on the gate. Searched by name, filtered
 * by tag and language, sorted by activity or size; one query per page.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireCovens(request);
  const query = covenListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const page = pageNumber(url.searchParams.get("page"));
  return {
    query,
    canCreate: canCreateCoven(viewer.actor),
    ...(await listCovens(viewer.actor, query, page)),
  };
}

/** The list's query parameters at their defaults (left out of its links). */
const FILTER_DEFAULTS = { sort: "activity", page: "1" };

export default function Covens({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, covens, page, pages, canCreate } = loaderData;
  const values = { q: query.q, tag: query.tag, language: query.language, sort: query.sort };
  const filtered = isFiltered(values, FILTER_DEFAULTS, ["q", "tag", "language"]);
  const pageLink = (p: number) =>
    filterHref("/covens", { ...values, page: String(p) }, FILTER_DEFAULTS);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="covens-title" className="text-3xl font-semibold">
            {t("covens.title")}
          </h1>
          <p className="mt-1 text-muted-foreground">{t("covens.subtitle")}</p>
        </div>
        {canCreate ? (
          <Button asChild>
            <Link to="/covens/create">
              <Plus aria-hidden="true" />
              {t("covens.list.create")}
            </Link>
          </Button>
        ) : null}
      </header>

      <ListFilters
        idPrefix="covens"
        labelledBy="covens-title"
        className="mt-6"
        applyLabel={t("covens.list.apply")}
        fields={[
          {
            kind: "search",
            name: "q",
            label: t("covens.list.searchLabel"),
            value: query.q,
            placeholder: t("covens.list.searchPlaceholder"),
            wide: true,
          },
          { kind: "text", name: "tag", label: t("covens.list.tag"), value: query.tag, dir: "auto" },
          {
            kind: "select",
            name: "language",
            label: t("covens.list.language"),
            value: query.language,
            options: [
              { value: "", label: t("covens.list.anyLanguage") },
              ...LANGUAGES.map((language) => ({
                value: language.code,
                label: language.nativeName,
                lang: language.code,
              })),
            ],
          },
          {
            kind: "select",
            name: "sort",
            label: t("covens.list.sort"),
            value: query.sort,
            options: [
              { value: "activity", label: t("covens.list.sortActivity") },
              { value: "size", label: t("covens.list.sortSize") },
            ],
          },
        ]}
      />

      {covens.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-border p-10 text-center">
          <p className="text-muted-foreground">
            {filtered ? t("covens.list.emptyFiltered") : t("covens.list.empty")}
          </p>
          {filtered ? (
            <Button asChild variant="outline" className="mt-4">
              <Link to="/covens">{t("covens.list.clearFilters")}</Link>
            </Button>
          ) : canCreate ? (
            <Button asChild className="mt-4">
              <Link to="/covens/create">{t("covens.list.create")}</Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <ul
          className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-label={t("covens.list.label")}
        >
          {covens.map((coven) => (
            <CovenCard key={coven.slug} coven={coven} />
          ))}
        </ul>
      )}

      {pages > 1 ? (
        <nav
          className="mt-6 flex items-center justify-between text-sm"
          aria-label={t("common.pageOf", { page, pages })}
        >
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="hover:underline">
              {t("common.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span>{t("common.pageOf", { page, pages })}</span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className="hover:underline">
              {t("common.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
