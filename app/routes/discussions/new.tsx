import { useTranslation } from "#app/i18n/react";
import { redirect } from "react-router";
import type { Route } from "./+types/new";
import { pageMeta } from "#app/i18n/meta";
import { actionError, failureOf, parseForm } from "#app/lib/form";
import { requireUser } from "#app/modules/auth/index.server";
import {
  listCategories,
  PostRefusedError,
  createPost,
  rulesFor,
  allowPosting,
} from "#app/modules/discussions/index.server";
import { PostForm } from "#app/modules/discussions/components/post-form";
import { postRefusal } from "#app/modules/discussions";
import { postSchema } from "#app/modules/discussions/validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["discussions"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "discussions.form.newTitle", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = rulesFor(await requireUser({ request, url }));
  // Only the categories this member may post in are offered.
  const categories = (await listCategories())
    .filter((c) => postRefusal(c, viewer) === null)
    .map((c) => ({ slug: c.slug, title: c.title }));
  return { categories, category: url.searchParams.get("category") ?? "" };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = rulesFor(await requireUser({ request, url }))!;
  const parsed = await parseForm(request, postSchema);
  if (!parsed.ok) return parsed.response;
  const { values } = parsed;
  if (!(await allowPosting("post", viewer.id)))
    return actionError({ formError: "discussions.errors.rateLimited", values }, 429);
  try {
    const { slug } = await createPost(viewer, parsed.data);
    throw redirect(`/discussions/${encodeURIComponent(slug)}`);
  } catch (error) {
    if (error instanceof PostRefusedError) {
      return actionError(
        { formError: `discussions.refusals.${error.reason}`, values },
        error.reason === "notFound" ? 400 : 403,
      );
    }
    throw error;
  }
}

export default function NewDiscussion({ loaderData, actionData }: Route.ComponentProps) {
  // The form shows its fields\' errors beside them and the form\'s error above its button.
  const failure = failureOf(actionData);
  const { t } = useTranslation();
  return (
    <PostForm
      heading={t("discussions.form.newTitle")}
      submitLabel={t("discussions.form.submit")}
      categories={loaderData.categories}
      values={failure?.values ?? { category: loaderData.category }}
      errors={
        failure
          ? { ...failure.fieldErrors, ...(failure.formError ? { form: failure.formError } : {}) }
          : {}
      }
    />
  );
}
