import { Link, redirect } from "react-router";
import type { Route } from "./+types/academy-course-new";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionError, failureOf, readForm, validateForm } from "#app/lib/form";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  AcademyRefusedError,
  adminCategories,
  createCourse,
  refusalAnswer,
  uploadedCourseCover,
} from "#app/modules/academy/index.server";
import { courseFieldsSchema } from "#app/modules/academy/admin-validation";
import { CourseForm } from "#app/modules/academy/components/course-form";

export const handle = {
  texts: ["academy", "discussions"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((_data, t) => [
    t("academy.nav"),
    t("academy.admin.title"),
    t("academy.admin.newCourse"),
  ]),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "academy.admin.newCourse", { noindex: true });

/** `/admin/academy/courses/new`: a new course, written as a draft; then its edit page. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  return { categories: await adminCategories() };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const form = await readForm(request);
  const parsed = validateForm(form, courseFieldsSchema);
  if (!parsed.ok) return parsed.response;
  const cover = await uploadedCourseCover(form);
  if ("error" in cover)
    return actionError({ fieldErrors: { cover: cover.error }, values: parsed.values });
  let created: { id: string };
  try {
    created = await createCourse(viewer.actor, parsed.data, cover.url);
  } catch (error) {
    if (error instanceof AcademyRefusedError) return refusalAnswer(error);
    throw error;
  }
  throw redirect(`/admin/academy/courses/${created.id}?created=1`);
}

export default function AdminNewCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = failureOf(actionData);
  useActionToast(actionData);
  return (
    <section aria-labelledby="new-course-title">
      <Link to="/admin/academy" className="text-sm text-primary hover:underline">
        {t("academy.admin.back")}
      </Link>
      <h2 id="new-course-title" className="mt-2 text-2xl font-semibold">
        {t("academy.admin.newCourse")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("academy.admin.newCourseIntro")}</p>
      <div className="mt-6">
        <CourseForm
          values={failure?.values ?? {}}
          errors={failure?.fieldErrors ?? {}}
          categories={loaderData.categories}
          submitLabel={t("academy.admin.form.create")}
        />
      </div>
    </section>
  );
}
