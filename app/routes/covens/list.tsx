import { Plus } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/list";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Select } from "#app/components/ui/select";
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

export default function Covens({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, covens, page, pages, canCreate } = loaderData;
  const filtered = Boolean(query.q || query.tag || query.language);
  const pageLink = (p: number) =>
    `?${new URLSearchParams({
      ...(query.q ? { q: query.q } : {}),
      ...(query.tag ? { tag: query.tag } : {}),
      ...(query.language ? { language: query.language } : {}),
      ...(query.sort !== "activity" ? { sort: query.sort } : {}),
      page: String(p),
    })}`;
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

      <Form
        method="get"
        role="search"
        aria-labelledby="covens-title"
        className="mt-6 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
      >
        <div className="space-y-1.5">
          <Label htmlFor="covens-q">{t("covens.list.searchLabel")}</Label>
          <Input
            id="covens-q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder={t("covens.list.searchPlaceholder")}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="covens-tag">{t("covens.list.tag")}</Label>
          <Input id="covens-tag" name="tag" defaultValue={query.tag} dir="auto" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="covens-language">{t("covens.list.language")}</Label>
          <Select id="covens-language" name="language" defaultValue={query.language}>
            <option value="">{t("covens.list.anyLanguage")}</option>
            {LANGUAGES.map((language) => (
              <option key={language.code} value={language.code} lang={language.code}>
                {language.nativeName}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="covens-sort">{t("covens.list.sort")}</Label>
          <Select id="covens-sort" name="sort" defaultValue={query.sort}>
            <option value="activity">{t("covens.list.sortActivity")}</option>
            <option value="size">{t("covens.list.sortSize")}</option>
          </Select>
        </div>
        <Button type="submit" variant="secondary">
          {t("covens.list.apply")}
        </Button>
      </Form>

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
