import { Crown } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/category";
import { Badge } from "#app/components/ui/badge";
import { Pagination } from "#app/components/ui/pagination";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { idParam } from "#app/lib/ids";
import { pageNumber } from "#app/lib/page-number";
import { isArticleType } from "#app/modules/library";
import { articleHref, categoryPage } from "#app/modules/library/index.server";
import { CoverImage } from "#app/modules/library/components/cover-image";

// No trail: `/article/{type}` and `/category/{type}` are not screens of their own; the page names
// its type and category itself.
export const handle = {
  texts: ["library"],
  ...breadcrumbHandle(() => false),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData ? { text: args.loaderData.category.title } : "library.title", {
    description: args.loaderData?.category.description || undefined,
  });

/** SPEC §2 `/category/{type}/{categoryId}`: a category's published articles, newest first. */
export async function loader({ params, url }: Route.LoaderArgs) {
  if (!isArticleType(params.type)) throw data(null, { status: 404 });
  const found = await categoryPage(
    params.type,
    idParam(params.categoryId),
    pageNumber(url.searchParams.get("page")),
  );
  if (!found) throw data(null, { status: 404 });
  return {
    ...found,
    articles: {
      ...found.articles,
      rows: found.articles.rows.map((row) => ({ ...row, href: articleHref(row) })),
    },
  };
}

export default function LibraryCategory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { category, articles } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <p className="text-sm text-muted-foreground">{t(`library.types.${category.type}.plural`)}</p>
      <h1 className="mt-2 text-3xl font-semibold" dir="auto">
        {category.title}
      </h1>
      {category.description ? (
        <p className="mt-2 text-muted-foreground" dir="auto">
          {category.description}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-muted-foreground">
        {t("library.articleCount", { count: articles.total })}
      </p>
      {articles.rows.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {t("library.emptyCategory")}
        </p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label={category.title}>
          {articles.rows.map((article) => (
            <li key={article.id} className="rounded-xl border border-border bg-card p-5">
              <CoverImage src={article.coverUrl} className="mb-4" />
              <h2 className="text-lg font-semibold" dir="auto">
                <Link to={article.href} className="hover:underline">
                  {article.title}
                </Link>
              </h2>
              {article.summary ? (
                <p className="mt-1 text-muted-foreground" dir="auto">
                  {article.summary}
                </p>
              ) : null}
              <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                {article.isPremium ? (
                  <Badge variant="secondary">
                    <Crown aria-hidden="true" />
                    {t("library.premium")}
                  </Badge>
                ) : null}
                <span>{t("library.readingTime", { count: article.readingMinutes })}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={articles.page} pageCount={articles.pageCount} className="mt-6" />
    </div>
  );
}
