import { Link, data } from "react-router";
import type { Route } from "./+types/academy-lesson";
import { Badge } from "#app/components/ui/badge";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionError, actionOk, failureOf, parseForm } from "#app/lib/form";
import { idParam } from "#app/lib/ids";
import { NotAllowedError } from "#app/modules/auth";
import { requireAdmin } from "#app/modules/auth/index.server";
import { PREVIEW_QUERY } from "#app/modules/academy";
import {
  AcademyRefusedError,
  lessonEditorPage,
  refusalAnswer,
  updateLesson,
} from "#app/modules/academy/index.server";
import { lessonFieldsSchema } from "#app/modules/academy/admin-validation";
import { LessonForm } from "#app/modules/academy/components/lesson-form";

export const handle = {
  texts: ["academy", "discussions"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded, t) =>
    loaded
      ? [
          t("academy.nav"),
          t("academy.admin.title"),
          loaded.course.title,
          t("academy.quizEditor.lessons"),
          loaded.lesson.title,
        ]
      : null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "academy.lessonEditor.heading", {
    prefix: args.loaderData?.lesson.title,
    noindex: true,
  });

/** `/admin/academy/courses/:id/lessons/:lessonId`: one lesson's fields (admins, drafts too). */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const page = await lessonEditorPage(idParam(params.id), idParam(params.lessonId));
  if (!page) throw data(null, { status: 404 });
  return page;
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const courseId = idParam(params.id);
  const lessonId = idParam(params.lessonId);
  const parsed = await parseForm(request, lessonFieldsSchema);
  if (!parsed.ok) return parsed.response;
  try {
    await updateLesson(viewer.actor, courseId, lessonId, parsed.data);
  } catch (error) {
    if (error instanceof AcademyRefusedError && error.reason === "slugTaken")
      return actionError(
        { fieldErrors: { slug: "academy.refusals.slugTaken" }, values: parsed.values },
        409,
      );
    if (error instanceof AcademyRefusedError) return refusalAnswer(error, parsed.values);
    if (error instanceof NotAllowedError) throw data(null, { status: 403 });
    throw error;
  }
  return actionOk({ toast: { key: "academy.lessonEditor.saved" } });
}

export default function AdminLesson({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = failureOf(actionData);
  useActionToast(actionData);
  const { course, lesson, moduleTitle, quizQuestions } = loaderData;
  const values = failure?.values ?? {
    title: lesson.title,
    slug: lesson.slug,
    body: lesson.body,
    estimatedMinutes: String(lesson.estimatedMinutes),
    requiresPrevious: lesson.requiresPrevious ? "on" : "",
  };
  const base = `/admin/academy/courses/${course.id}`;
  return (
    <section aria-labelledby="lesson-editor-title">
      <Link to={`${base}/outline`} className="text-sm text-primary hover:underline">
        {t("academy.lessonEditor.back")}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h2 id="lesson-editor-title" className="text-2xl font-semibold">
          {t("academy.lessonEditor.heading")} <bdi>{lesson.title}</bdi>
        </h2>
        <Badge variant={course.status === "published" ? "secondary" : "outline"}>
          {course.status === "published" ? t("academy.admin.publishedStatus") : t("academy.draft")}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        <bdi>{course.title}</bdi> · <bdi>{moduleTitle}</bdi>
      </p>
      <p className="mt-1 text-sm">
        <Link
          to={`/academy/${course.slug}/lessons/${lesson.slug}?${PREVIEW_QUERY}`}
          className="text-primary hover:underline"
        >
          {t("academy.outline.previewAsMember")}
        </Link>
      </p>
      {/* The lesson's parts, one card each: its text here, its quiz below (and, later, its media). */}
      <div className="mt-6 space-y-6">
        <section
          aria-labelledby="lesson-text-title"
          className="rounded-xl border border-border bg-card p-4"
        >
          <h3 id="lesson-text-title" className="mb-4 text-xl font-semibold">
            {t("academy.lessonEditor.textSection")}
          </h3>
          <LessonForm key={lesson.id} values={values} errors={failure?.fieldErrors ?? {}} />
        </section>
        <section
          aria-labelledby="lesson-quiz-title"
          className="rounded-xl border border-border bg-card p-4"
        >
          <h3 id="lesson-quiz-title" className="text-xl font-semibold">
            {t("academy.quiz.title")}
          </h3>
          <p className="mt-2 text-sm text-muted-foreground">
            {quizQuestions === null
              ? t("academy.quizEditor.noQuiz")
              : t("academy.quizEditor.questionCount", { count: quizQuestions })}
          </p>
          <Link
            to={`${base}/lessons/${lesson.id}/quiz`}
            className="mt-2 inline-block text-sm font-medium text-primary hover:underline"
          >
            {quizQuestions === null
              ? t("academy.lessonEditor.createQuiz")
              : t("academy.lessonEditor.editQuiz")}
          </Link>
        </section>
      </div>
    </section>
  );
}
