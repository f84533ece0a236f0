import { Link, data } from "react-router";
import type { Route } from "./+types/academy-quiz";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionOk, failureOf, parseForm } from "#app/lib/form";
import { idParam } from "#app/lib/ids";
import { NotAllowedError } from "#app/modules/auth";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  AcademyRefusedError,
  createQuiz,
  deleteQuestion,
  deleteQuiz,
  moveQuestion,
  quizEditorPage,
  refusalAnswer,
  saveQuestion,
  updateQuiz,
} from "#app/modules/academy/index.server";
import { quizEditorSchema, type QuizEditorInput } from "#app/modules/academy/quiz-validation";
import { QuizEditor } from "#app/modules/academy/components/quiz-editor";

export const handle = {
  texts: ["academy"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded, t) =>
    loaded
      ? [
          t("academy.nav"),
          t("academy.admin.title"),
          loaded.lesson.courseTitle,
          t("academy.quizEditor.lessons"),
          loaded.lesson.title,
          t("academy.quizEditor.title"),
        ]
      : null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "academy.quizEditor.title", {
    prefix: args.loaderData?.lesson.title,
    noindex: true,
  });

function target(params: Route.LoaderArgs["params"]) {
  return { courseId: idParam(params.id), lessonId: idParam(params.lessonId) };
}

/** `/admin/academy/courses/:id/lessons/:lessonId/quiz`: a lesson's quiz with its answers (admins). */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const page = await quizEditorPage(idParam(params.id), idParam(params.lessonId));
  if (!page) throw data(null, { status: 404 });
  return page;
}

const TOASTS = {
  "quiz-create": "academy.quizEditor.toasts.created",
  "quiz-update": "academy.quizEditor.toasts.saved",
  "quiz-delete": "academy.quizEditor.toasts.deleted",
  "question-save": "academy.quizEditor.toasts.questionSaved",
  "question-delete": "academy.quizEditor.toasts.questionDeleted",
  "question-move": "academy.quizEditor.toasts.questionMoved",
} as const satisfies Record<QuizEditorInput["intent"], string>;

export async function action({ request, url, params }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const where = target(params);
  const parsed = await parseForm(request, quizEditorSchema);
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "quiz-create":
        await createQuiz(viewer.actor, where, input.passPercent);
        break;
      case "quiz-update":
        await updateQuiz(viewer.actor, where, input.passPercent);
        break;
      case "quiz-delete":
        await deleteQuiz(viewer.actor, where);
        break;
      case "question-save": {
        const { intent: _intent, ...question } = input;
        await saveQuestion(viewer.actor, where, question);
        break;
      }
      case "question-delete":
        await deleteQuestion(viewer.actor, where, input.questionId);
        break;
      case "question-move":
        await moveQuestion(viewer.actor, where, input.questionId, input.direction);
        break;
    }
  } catch (error) {
    if (error instanceof AcademyRefusedError) return refusalAnswer(error, parsed.values);
    if (error instanceof NotAllowedError) throw data(null, { status: 403 });
    throw error;
  }
  return actionOk({ toast: { key: TOASTS[input.intent] } });
}

export default function AdminQuiz({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useActionToast(actionData);
  const { lesson, quiz } = loaderData;
  return (
    <section aria-labelledby="quiz-editor-title">
      <Link
        to={`/admin/academy/courses/${lesson.courseId}`}
        className="text-sm text-primary hover:underline"
      >
        {t("academy.quizEditor.back")}
      </Link>
      <h2 id="quiz-editor-title" className="mt-2 text-2xl font-semibold">
        {t("academy.quizEditor.heading")} <bdi>{lesson.title}</bdi>
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        <bdi>{lesson.courseTitle}</bdi>
      </p>
      <QuizEditor quiz={quiz} failure={failureOf(actionData)} />
    </section>
  );
}
