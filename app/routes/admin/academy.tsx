import { Link } from "react-router";
import type { Route } from "./+types/academy";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionOk, parseForm } from "#app/lib/form";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  AcademyRefusedError,
  adminCourses,
  refusalAnswer,
  setCourseStatus,
} from "#app/modules/academy/index.server";
import { adminCourseActionSchema } from "#app/modules/academy/validation";
import { PREVIEW_QUERY } from "#app/modules/academy";

export const handle = { texts: ["academy"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "academy.admin.title", { noindex: true });

/** `/admin/academy`: every course with its figures; publish, unpublish, preview as a member sees it. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  return { courses: await adminCourses() };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const parsed = await parseForm(request, adminCourseActionSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const { intent, courseId } = parsed.data;
  try {
    await setCourseStatus(viewer.actor, courseId, intent === "publish" ? "published" : "draft");
  } catch (error) {
    if (error instanceof AcademyRefusedError) return refusalAnswer(error);
    throw error;
  }
  return actionOk({
    toast: { key: intent === "publish" ? "academy.admin.published" : "academy.admin.unpublished" },
  });
}

export default function AdminAcademy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useActionToast(actionData);
  const { courses } = loaderData;
  return (
    <section aria-labelledby="admin-academy-title">
      <h1 id="admin-academy-title" className="text-2xl font-semibold">
        {t("academy.admin.title")}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">{t("academy.admin.intro")}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to="/admin/academy/courses/new">{t("academy.admin.newCourse")}</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to="/admin/academy/categories">{t("academy.categoryAdmin.heading")}</Link>
        </Button>
      </div>
      {courses.length === 0 ? (
        <p className="mt-6 text-muted-foreground">{t("academy.empty")}</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-border text-start">
                <th className="py-2 pe-3 text-start">{t("academy.admin.course")}</th>
                <th className="py-2 pe-3 text-start">{t("academy.admin.status")}</th>
                <th className="py-2 pe-3 text-end">{t("academy.admin.enrolled")}</th>
                <th className="py-2 pe-3 text-end">{t("academy.admin.completed")}</th>
                <th className="py-2 pe-3 text-end">{t("academy.course.ratingLabel")}</th>
                <th className="py-2 text-end">
                  <span className="sr-only">{t("academy.admin.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {courses.map((course) => (
                <tr key={course.id} className="border-b border-border">
                  <td className="py-2 pe-3">
                    <Link
                      to={`/admin/academy/courses/${course.id}`}
                      className="font-medium hover:underline"
                    >
                      {course.title}
                    </Link>
                    <span className="block text-xs text-muted-foreground">
                      {course.categoryTitle}
                      {course.isPremium ? ` · ${t("academy.premium")}` : ""}
                    </span>
                  </td>
                  <td className="py-2 pe-3">
                    <Badge variant={course.status === "published" ? "secondary" : "outline"}>
                      {course.status === "published"
                        ? t("academy.admin.publishedStatus")
                        : t("academy.draft")}
                    </Badge>
                  </td>
                  <td className="py-2 pe-3 text-end">{course.enrollmentCount}</td>
                  <td className="py-2 pe-3 text-end">{course.completionCount}</td>
                  <td className="py-2 pe-3 text-end">{course.rating ?? "—"}</td>
                  <td className="py-2 text-end">
                    <div className="flex justify-end gap-2">
                      <Link
                        to={`/admin/academy/courses/${course.id}`}
                        className="text-sm text-primary hover:underline"
                        aria-label={t("academy.admin.editOf", { title: course.title })}
                      >
                        {t("academy.admin.edit")}
                      </Link>
                      <Link
                        to={`/admin/academy/courses/${course.id}/outline`}
                        className="text-sm text-primary hover:underline"
                        aria-label={t("academy.outline.editOf", { title: course.title })}
                      >
                        {t("academy.outline.title")}
                      </Link>
                      <Link
                        to={`/academy/${course.slug}?${PREVIEW_QUERY}`}
                        className="text-sm text-primary hover:underline"
                        aria-label={t("academy.admin.previewOf", { title: course.title })}
                      >
                        {t("academy.admin.preview")}
                      </Link>
                      <IntentButton
                        intent={course.status === "published" ? "unpublish" : "publish"}
                        fields={{ courseId: course.id }}
                        label={
                          course.status === "published"
                            ? t("academy.admin.unpublishOf", { title: course.title })
                            : t("academy.admin.publishOf", { title: course.title })
                        }
                      >
                        {course.status === "published"
                          ? t("academy.admin.unpublish")
                          : t("academy.admin.publish")}
                      </IntentButton>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
