import { Link, data } from "react-router";
import type { Route } from "./+types/academy-outline";
import { Badge } from "#app/components/ui/badge";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionOk, failureOf, parseForm } from "#app/lib/form";
import { idParam, idSchema } from "#app/lib/ids";
import { NotAllowedError } from "#app/modules/auth";
import { requireAdmin } from "#app/modules/auth/index.server";
import { PREVIEW_QUERY } from "#app/modules/academy";
import {
  AcademyRefusedError,
  createLesson,
  createModule,
  deleteLesson,
  deleteModule,
  moveLesson,
  moveLessonToModule,
  moveModule,
  outlinePage,
  refusalAnswer,
  renameModule,
} from "#app/modules/academy/index.server";
import { outlineActionSchema, type OutlineAction } from "#app/modules/academy/admin-validation";
import { OutlineEditor } from "#app/modules/academy/components/outline-editor";

export const handle = {
  texts: ["academy"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded, t) =>
    loaded
      ? [
          t("academy.nav"),
          t("academy.admin.title"),
          loaded.course.title,
          t("academy.outline.title"),
        ]
      : null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "academy.outline.title", {
    prefix: args.loaderData?.course.title,
    noindex: true,
  });

/** `/admin/academy/courses/:id/outline`: the course's modules and lessons (admins, drafts too). */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const page = await outlinePage(idParam(params.id));
  if (!page) throw data(null, { status: 404 });
  // `?deleteModule=<id>` asks to confirm deleting a module with lessons; anything else is ignored.
  const asked = idSchema.safeParse(url.searchParams.get("deleteModule"));
  return { ...page, confirmDelete: asked.success ? asked.data : null };
}

const TOASTS = {
  "module-create": "academy.outline.toasts.moduleCreated",
  "module-rename": "academy.outline.toasts.moduleRenamed",
  "module-move": "academy.outline.toasts.moduleMoved",
  "module-delete": "academy.outline.toasts.moduleDeleted",
  "lesson-create": "academy.outline.toasts.lessonCreated",
  "lesson-move": "academy.outline.toasts.lessonMoved",
  "lesson-module": "academy.outline.toasts.lessonMoved",
  "lesson-delete": "academy.outline.toasts.lessonDeleted",
} as const satisfies Record<OutlineAction["intent"], string>;

export async function action({ request, url, params }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const courseId = idParam(params.id);
  const parsed = await parseForm(request, outlineActionSchema);
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  const actor = viewer.actor;
  try {
    switch (input.intent) {
      case "module-create":
        await createModule(actor, courseId, input.title);
        break;
      case "module-rename":
        await renameModule(actor, courseId, input.moduleId, input.title);
        break;
      case "module-move":
        await moveModule(actor, courseId, input.moduleId, input.direction);
        break;
      case "module-delete":
        await deleteModule(actor, courseId, input.moduleId, input.lessonCount);
        break;
      case "lesson-create":
        await createLesson(actor, courseId, input.moduleId, input.title);
        break;
      case "lesson-move":
        await moveLesson(actor, courseId, input.lessonId, input.direction);
        break;
      case "lesson-module":
        await moveLessonToModule(actor, courseId, input.lessonId, input.moduleId);
        break;
      case "lesson-delete":
        await deleteLesson(actor, courseId, input.lessonId);
        break;
    }
  } catch (error) {
    if (error instanceof AcademyRefusedError) return refusalAnswer(error, parsed.values);
    if (error instanceof NotAllowedError) throw data(null, { status: 403 });
    throw error;
  }
  return actionOk({ toast: { key: TOASTS[input.intent] } });
}

export default function AdminCourseOutline({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useActionToast(actionData);
  const { course, modules, confirmDelete } = loaderData;
  return (
    <section aria-labelledby="outline-title">
      <Link
        to={`/admin/academy/courses/${course.id}`}
        className="text-sm text-primary hover:underline"
      >
        {t("academy.outline.backToCourse")}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h2 id="outline-title" className="text-2xl font-semibold">
          {t("academy.outline.heading")} <bdi>{course.title}</bdi>
        </h2>
        <Badge variant={course.status === "published" ? "secondary" : "outline"}>
          {course.status === "published" ? t("academy.admin.publishedStatus") : t("academy.draft")}
        </Badge>
      </div>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link
          to={`/academy/${course.slug}?${PREVIEW_QUERY}`}
          className="text-primary hover:underline"
        >
          {t("academy.outline.previewAsMember")}
        </Link>
      </p>
      <p className="mt-2 max-w-3xl text-sm text-muted-foreground">{t("academy.outline.intro")}</p>
      <OutlineEditor
        courseId={course.id}
        modules={modules}
        confirmDelete={confirmDelete}
        failure={failureOf(actionData)}
      />
    </section>
  );
}
