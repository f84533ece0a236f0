import { Clock, Crown, ListOrdered } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/rituals";
import { Badge } from "#app/components/ui/badge";
import { Pagination } from "#app/components/ui/pagination";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { pageNumber } from "#app/lib/page-number";
import { CoverImage } from "#app/modules/library/components/cover-image";
import { articleHref, typeCategories, typeLanding } from "#app/modules/library/index.server";

export const handle = { texts: ["library"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "library.rituals.title", { description: "library.rituals.intro" });

/**
 * SPEC §2 `/rituals` (open): the ritual guides of the library's engine with their timing and
 * length, and their categories (each the engine's `/category/ritual/{id}` page). A guide opens on
 * `/article/ritual/{id}` with its materials, timing and steps.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const [guides, categories] = await Promise.all([
    typeLanding("ritual", pageNumber(url.searchParams.get("page"))),
    typeCategories("ritual"),
  ]);
  return {
    guides: { ...guides, rows: guides.rows.map((row) => ({ ...row, href: articleHref(row) })) },
    categories,
  };
}

export default function Rituals({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { guides, categories } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 id="rituals-title" className="text-3xl font-semibold">
        {t("library.rituals.title")}
      </h1>
      <p className="mt-1 max-w-2xl text-muted-foreground">{t("library.rituals.intro")}</p>
      {categories.length > 0 ? (
        <nav className="mt-4" aria-label={t("library.rituals.categories")}>
          <ul className="flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={`/category/ritual/${category.id}`}
                  className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-1 text-sm hover:bg-muted"
                >
                  <bdi>{category.title}</bdi>
                  <span className="text-muted-foreground">({category.articles})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {guides.rows.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
          {t("library.rituals.empty")}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-labelledby="rituals-title">
          {guides.rows.map((guide) => (
            <li
              key={guide.id}
              className="flex flex-col rounded-xl border border-border bg-card p-5"
            >
              <CoverImage src={guide.coverUrl} className="mb-4" />
              <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                {guide.categoryTitle ? <bdi>{guide.categoryTitle}</bdi> : null}
                {guide.isPremium ? (
                  <Badge variant="secondary">
                    <Crown aria-hidden="true" />
                    {t("library.premium")}
                  </Badge>
                ) : null}
              </p>
              <h2 className="mt-1 text-xl font-semibold" dir="auto">
                <Link to={guide.href} className="hover:underline">
                  {guide.title}
                </Link>
              </h2>
              {guide.summary ? (
                <p className="mt-2 text-sm" dir="auto">
                  {guide.summary}
                </p>
              ) : null}
              <dl className="mt-auto space-y-1 pt-4 text-sm text-muted-foreground">
                {guide.timing ? (
                  <div className="flex gap-2">
                    <dt>
                      <Clock className="mt-0.5 size-4" aria-hidden="true" />
                      <span className="sr-only">{t("library.practice.timing")}</span>
                    </dt>
                    <dd dir="auto">{guide.timing}</dd>
                  </div>
                ) : null}
                {guide.stepCount > 0 ? (
                  <div className="flex gap-2">
                    <dt>
                      <ListOrdered className="mt-0.5 size-4" aria-hidden="true" />
                      <span className="sr-only">{t("library.practice.steps")}</span>
                    </dt>
                    <dd>
                      {t("library.practice.stepCount", { count: guide.stepCount })}
                      {guide.minutes > 0
                        ? ` · ${t("library.practice.minutes", { count: guide.minutes })}`
                        : null}
                    </dd>
                  </div>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={guides.page} pageCount={guides.pageCount} className="mt-6" />
    </div>
  );
}
