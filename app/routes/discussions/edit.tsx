import { useTranslation } from "#app/i18n/react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/edit";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { pageMeta } from "#app/i18n/meta";
import { actionError, failureOf, parseForm } from "#app/lib/form";
import { requireUser } from "#app/modules/auth/index.server";
import {
  listCategories,
  PostRefusedError,
  findPostForEditing,
  rulesFor,
  updatePost,
} from "#app/modules/discussions/index.server";
import { PostForm } from "#app/modules/discussions/components/post-form";
import { postRefusal } from "#app/modules/discussions";
import { postSchema } from "#app/modules/discussions/validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "discussions.form.editTitle", { noindex: true });

export const handle = {
  texts: ["discussions"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((data, t) =>
    data ? [data.post.title, t("common.edit")] : null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = rulesFor(await requireUser({ request, url }))!;
  const post = await findPostForEditing(params.slug, viewer);
  if (!post) throw data(null, { status: 404 });
  const categories = (await listCategories())
    .filter((c) => c.slug === post.category || postRefusal(c, viewer) === null)
    .map((c) => ({ slug: c.slug, title: c.title }));
  return {
    post: { title: post.title, category: post.category, content: post.content },
    categories,
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const viewer = rulesFor(await requireUser({ request, url }))!;
  const post = await findPostForEditing(params.slug, viewer);
  if (!post) throw data(null, { status: 404 });
  const parsed = await parseForm(request, postSchema);
  if (!parsed.ok) return parsed.response;
  const { values } = parsed;
  try {
    // A held edit: the thread page tells its author that it waits for a moderator.
    const { slug } = await updatePost(viewer, post.id, parsed.data);
    throw redirect(`/discussions/${encodeURIComponent(slug)}`);
  } catch (error) {
    if (error instanceof PostRefusedError)
      return actionError({ formError: `discussions.refusals.${error.reason}`, values }, 403);
    throw error;
  }
}

export default function EditDiscussion({ loaderData, actionData }: Route.ComponentProps) {
  // The form shows its fields\' errors beside them and the form\'s error above its button.
  const failure = failureOf(actionData);
  const { t } = useTranslation();
  return (
    <PostForm
      heading={t("discussions.form.editTitle")}
      submitLabel={t("discussions.form.saveChanges")}
      categories={loaderData.categories}
      values={failure?.values ?? loaderData.post}
      errors={
        failure
          ? { ...failure.fieldErrors, ...(failure.formError ? { form: failure.formError } : {}) }
          : {}
      }
    />
  );
}
