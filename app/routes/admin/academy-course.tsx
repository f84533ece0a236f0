import { Link, data } from "react-router";
import type { Route } from "./+types/academy-course";
import { Badge } from "#app/components/ui/badge";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionError, actionOk, failureOf, readForm, validateForm } from "#app/lib/form";
import { idParam } from "#app/lib/ids";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  AcademyRefusedError,
  adminCategories,
  adminCourse,
  adminCourseLessons,
  refusalAnswer,
  updateCourse,
  uploadedCourseCover,
} from "#app/modules/academy/index.server";
import { courseFieldsSchema } from "#app/modules/academy/admin-validation";
import { CourseForm } from "#app/modules/academy/components/course-form";
import { CourseLessonQuizzes } from "#app/modules/academy/components/course-lesson-quizzes";
import { CourseFigures } from "#app/modules/academy/components/course-figures";
import { PREVIEW_QUERY } from "#app/modules/academy";

export const handle = {
  texts: ["academy", "discussions"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((data, t) =>
    data ? [t("academy.nav"), t("academy.admin.title"), data.course.title] : null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "academy.admin.editCourse", {
    prefix: args.loaderData?.course.title,
    noindex: true,
  });

/** `/admin/academy/courses/:id`: a course's fields, drafts included. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const courseId = idParam(params.id);
  const [course, categories, lessons] = await Promise.all([
    adminCourse(courseId),
    adminCategories(),
    adminCourseLessons(courseId),
  ]);
  if (!course) throw data(null, { status: 404 });
  return { course, categories, lessons, created: url.searchParams.has("created") };
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const courseId = idParam(params.id);
  const form = await readForm(request);
  const parsed = validateForm(form, courseFieldsSchema);
  if (!parsed.ok) return parsed.response;
  const cover = await uploadedCourseCover(form);
  if ("error" in cover)
    return actionError({ fieldErrors: { cover: cover.error }, values: parsed.values });
  try {
    await updateCourse(viewer.actor, courseId, parsed.data, cover.url);
  } catch (error) {
    if (error instanceof AcademyRefusedError) return refusalAnswer(error);
    throw error;
  }
  return actionOk({ toast: { key: "academy.admin.saved" } });
}

export default function AdminEditCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = failureOf(actionData);
  useActionToast(actionData);
  const { course, categories, lessons, created } = loaderData;
  const values = failure?.values ?? {
    title: course.title,
    summary: course.summary,
    description: course.description,
    level: course.level,
    categoryId: course.categoryId ?? "",
    isPremium: course.isPremium ? "on" : "",
    estimatedMinutes: String(course.estimatedMinutes),
  };
  return (
    <section aria-labelledby="edit-course-title">
      <Link to="/admin/academy" className="text-sm text-primary hover:underline">
        {t("academy.admin.back")}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h2 id="edit-course-title" className="text-2xl font-semibold">
          <bdi>{course.title}</bdi>
        </h2>
        <Badge variant={course.status === "published" ? "secondary" : "outline"}>
          {course.status === "published" ? t("academy.admin.publishedStatus") : t("academy.draft")}
        </Badge>
        <Link
          to={`/academy/${course.slug}?${PREVIEW_QUERY}`}
          className="text-sm text-primary hover:underline"
          aria-label={t("academy.admin.previewOf", { title: course.title })}
        >
          {t("academy.admin.preview")}
        </Link>
        <Link
          to={`/admin/academy/courses/${course.id}/outline`}
          className="text-sm font-medium text-primary hover:underline"
        >
          {t("academy.outline.edit")}
        </Link>
      </div>
      <CourseFigures
        enrolled={course.enrollmentCount}
        completed={course.completionCount}
        rating={course.rating}
        reviews={course.reviewCount}
      />
      {created ? (
        <p role="status" className="mt-2 text-sm text-muted-foreground">
          {t("academy.admin.created")}
        </p>
      ) : null}
      <div className="mt-6">
        <CourseForm
          key={course.id}
          values={values}
          errors={failure?.fieldErrors ?? {}}
          categories={categories}
          cover={course.coverUrl}
          submitLabel={t("common.save")}
        />
      </div>
      <CourseLessonQuizzes courseId={course.id} lessons={lessons} />
    </section>
  );
}
