import { data } from "react-router";
import type { Route } from "./+types/article";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { idParam } from "#app/lib/ids";
import { isArticleType } from "#app/modules/library";
import { articlePageAction, loadArticlePage } from "#app/modules/library/index.server";
import { ArticleReader } from "#app/modules/library/components/article-reader";

// No trail: `/article/{type}` is not a screen of its own; the page names its type and category.
export const handle = {
  texts: ["library"],
  ...breadcrumbHandle(() => false),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(
        args,
        { text: args.loaderData.chapter?.title ?? args.loaderData.article.title },
        {
          prefix: args.loaderData.chapter ? args.loaderData.article.title : undefined,
          description: args.loaderData.article.summary || undefined,
          noindex: !args.loaderData.article.live,
        },
      )
    : pageMeta(args, "library.title");

function target(params: Route.LoaderArgs["params"]) {
  if (!isArticleType(params.type)) throw data(null, { status: 404 });
  return { type: params.type, articleId: idParam(params.articleId) };
}

/**
 * SPEC §2 `/article/{type}/{articleId}`: one article of the library's engine. Everyone sees the
 * summary and the free excerpt of a premium article with the Premium gate under it; its chapters
 * and whole text reach only premium members and admins (decided by `articleView`). A member who
 * may read it keeps their place (`?chapter=`, else where they stopped), a bookmark and notes.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { type, articleId } = target(params);
  const chapter = url.searchParams.get("chapter");
  return loadArticlePage(request, type, articleId, chapter ? idParam(chapter) : null);
}

export async function action({ request, params }: Route.ActionArgs) {
  return articlePageAction(request, target(params).articleId);
}

export default function ArticlePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ArticleReader
      view={loaderData}
      actionData={actionData}
      base={`/article/${loaderData.article.type}/${loaderData.article.id}`}
    />
  );
}
