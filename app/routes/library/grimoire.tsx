import { data } from "react-router";
import type { Route } from "./+types/grimoire";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { idParam } from "#app/lib/ids";
import {
  articleIdBySlug,
  articlePageAction,
  loadArticlePage,
} from "#app/modules/library/index.server";
import { ArticleReader } from "#app/modules/library/components/article-reader";

export const handle = {
  texts: ["library"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaderData) =>
    loaderData ? loaderData.article.title : null,
  ),
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
    : pageMeta(args, "library.grimoires.title");

async function grimoireId(slug: string): Promise<string> {
  const id = await articleIdBySlug("grimoire", slug);
  if (!id) throw data(null, { status: 404 });
  return id;
}

/**
 * SPEC §2 `/grimoire/{slug}` (premium): a grimoire of the library's engine at its own address.
 * Everyone reads its summary and free excerpt; the chapters are for premium members (the engine
 * decides, as on `/article/grimoire/{id}`).
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const chapter = url.searchParams.get("chapter");
  return loadArticlePage(
    request,
    "grimoire",
    await grimoireId(params.slug),
    chapter ? idParam(chapter) : null,
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  return articlePageAction(request, await grimoireId(params.slug));
}

export default function GrimoirePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ArticleReader
      view={loaderData}
      actionData={actionData}
      base={`/grimoire/${loaderData.article.slug}`}
    />
  );
}
