import { Link, redirect } from "react-router";
import type { Route } from "./+types/manage-new";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionError, failureOf, parseForm } from "#app/lib/form";
import { requireAdmin } from "#app/modules/auth/index.server";
import { isArticleType } from "#app/modules/library";
import {
  LibraryRefusedError,
  adminCategories,
  createArticle,
  libraryRefusal,
  uploadedArticleCover,
} from "#app/modules/library/index.server";
import { articleFieldsSchema } from "#app/modules/library/validation";
import { ArticleForm } from "#app/modules/library/components/article-form";

export const handle = {
  texts: ["admin", "library", "discussions"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((_data, t) => [
    t("library.manage.title"),
    t("library.manage.new"),
  ]),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "library.manage.new", { noindex: true });

/** `/content-management/new?type=`: a new article of any type, written as a draft. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireAdmin({ request, url });
  const type = url.searchParams.get("type") ?? undefined;
  return {
    type: isArticleType(type) ? type : "grimoire",
    categories: await adminCategories(viewer.actor),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const parsed = await parseForm(request, articleFieldsSchema);
  if (!parsed.ok) return parsed.response;
  const cover = await uploadedArticleCover(parsed.form);
  if ("error" in cover)
    return actionError({ fieldErrors: { cover: cover.error }, values: parsed.values });
  let created: { id: string };
  try {
    created = await createArticle(viewer.actor, parsed.data, cover.url);
  } catch (error) {
    if (error instanceof LibraryRefusedError) return libraryRefusal(error, parsed.values);
    throw error;
  }
  throw redirect(`/content-management/${created.id}?created=1`);
}

export default function NewArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = failureOf(actionData);
  useActionToast(actionData);
  return (
    <section aria-labelledby="new-article-title">
      <Link to="/content-management" className="text-sm text-primary hover:underline">
        {t("library.manage.back")}
      </Link>
      <h2 id="new-article-title" className="mt-2 text-2xl font-semibold">
        {t("library.manage.new")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("library.manage.newIntro")}</p>
      <div className="mt-6">
        <ArticleForm
          values={failure?.values ?? { type: loaderData.type }}
          errors={failure?.fieldErrors ?? {}}
          categories={loaderData.categories}
          submitLabel={t("library.form.create")}
        />
      </div>
    </section>
  );
}
