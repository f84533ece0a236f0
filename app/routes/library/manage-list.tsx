import { Crown, Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/manage-list";
import { filterHref, isFiltered, ListFilters } from "#app/components/list-filters";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Pagination } from "#app/components/ui/pagination";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { numberFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { requireAdmin } from "#app/modules/auth/index.server";
import { ARTICLE_TYPES } from "#app/modules/library";
import { adminArticles } from "#app/modules/library/index.server";
import { adminFiltersSchema } from "#app/modules/library/validation";

export const handle = { texts: ["admin", "library"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "library.manage.title", { noindex: true });

/** `/content-management`: every article of every type, drafts included, with views and readers. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireAdmin({ request, url });
  const filters = adminFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const now = new Date();
  const page = await adminArticles(
    viewer.actor,
    { ...filters, page: pageNumber(url.searchParams.get("page")) },
    now,
  );
  return {
    filters: { type: filters.type ?? "", status: filters.status ?? "" },
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      scheduled: row.status === "published" && row.publishAt !== null && row.publishAt > now,
    })),
  };
}

export default function ManageLibrary({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { filters, rows, page, pageCount } = loaderData;
  const numbers = numberFormat(i18n.language);
  const filtered = isFiltered(filters, {}, ["type", "status"]);
  return (
    <section aria-labelledby="manage-title">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="manage-title" className="text-2xl font-semibold">
            {t("library.manage.title")}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("library.manage.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/content-management/categories">{t("library.manage.categories")}</Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/content-management/new">
              <Plus aria-hidden="true" />
              {t("library.manage.new")}
            </Link>
          </Button>
        </div>
      </header>

      <ListFilters
        idPrefix="manage"
        labelledBy="manage-title"
        className="mt-4"
        applyLabel={t("library.manage.apply")}
        fields={[
          {
            kind: "select",
            name: "type",
            label: t("library.manage.type"),
            value: filters.type,
            options: [
              { value: "", label: t("library.manage.allTypes") },
              ...ARTICLE_TYPES.map((type) => ({
                value: type,
                label: t(`library.types.${type}.plural`),
              })),
            ],
          },
          {
            kind: "select",
            name: "status",
            label: t("library.manage.status"),
            value: filters.status,
            options: [
              { value: "", label: t("library.manage.allStatuses") },
              { value: "draft", label: t("library.status.draft") },
              { value: "scheduled", label: t("library.status.scheduled") },
              { value: "published", label: t("library.status.published") },
            ],
          },
        ]}
      />

      {rows.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-border p-8 text-center">
          <p className="text-muted-foreground">
            {filtered ? t("library.manage.emptyFiltered") : t("library.manage.empty")}
          </p>
          {filtered ? (
            <Button asChild variant="outline" className="mt-4">
              <Link to={filterHref("/content-management", {})}>
                {t("library.manage.clearFilters")}
              </Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-border">
                <th className="py-2 pe-3 text-start">{t("library.manage.article")}</th>
                <th className="py-2 pe-3 text-start">{t("library.manage.type")}</th>
                <th className="py-2 pe-3 text-start">{t("library.manage.status")}</th>
                <th className="py-2 pe-3 text-end">{t("library.manage.views")}</th>
                <th className="py-2 text-end">{t("library.manage.readers")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-border align-top">
                  <td className="py-2 pe-3">
                    <Link
                      to={`/content-management/${row.id}`}
                      className="font-medium hover:underline"
                      dir="auto"
                    >
                      {row.title}
                    </Link>
                    {row.isPremium ? (
                      <Crown
                        className="ms-1 inline size-3.5 text-primary"
                        aria-label={t("library.premium")}
                      />
                    ) : null}
                    {row.categoryTitle ? (
                      <div className="text-xs text-muted-foreground" dir="auto">
                        {row.categoryTitle}
                      </div>
                    ) : null}
                  </td>
                  <td className="py-2 pe-3 whitespace-nowrap">
                    {t(`library.types.${row.type}.singular`)}
                  </td>
                  <td className="py-2 pe-3">
                    <Badge variant={row.status === "draft" ? "outline" : "secondary"}>
                      {row.status === "draft"
                        ? t("library.status.draft")
                        : row.scheduled
                          ? t("library.status.scheduled")
                          : t("library.status.published")}
                    </Badge>
                  </td>
                  <td className="py-2 pe-3 text-end tabular-nums">{numbers.format(row.views)}</td>
                  <td className="py-2 text-end tabular-nums">{numbers.format(row.readers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} className="mt-6" />
    </section>
  );
}
