import { ArrowLeft, ArrowRight, CheckCircle2, Download, Lock, XCircle } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/lesson";
import { Badge } from "#app/components/ui/badge";
import { VideoPlayer } from "#app/components/video-player";
import { FileFacts } from "#app/modules/academy/components/file-facts";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionError, actionOk, readForm, validateForm } from "#app/lib/form";
import { getViewer, actorOf, requireUser } from "#app/modules/auth/index.server";
import {
  AcademyRefusedError,
  completeLesson,
  enroll,
  lessonPage,
  refusalAnswer,
  submitQuiz,
  type QuizResult,
} from "#app/modules/academy/index.server";
import { answerField, lessonActionSchema, quizAnswers } from "#app/modules/academy/validation";
import { previewPath, previewRequested } from "#app/modules/academy";
import { PreviewBanner } from "#app/modules/academy/components/preview-banner";

export const handle = { texts: ["academy", "media"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData ? { text: args.loaderData.lesson.title } : "academy.title", {
    prefix: args.loaderData?.course.title,
  });

/**
 * The lesson player. The server decides: a guest is sent to sign in (free course) or shown the
 * Premium gate (premium course), as is a member without premium on a premium course; an
 * unenrolled member is offered to enroll; a lesson whose previous one is not done is locked.
 * The lesson's text and quiz are sent only when the viewer may read them, and never the answers.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const page = await lessonPage(params.slug, params.lesson, actorOf(viewer), {
    preview: previewRequested(url),
  });
  if (!page) throw data(null, { status: 404 });
  if (page.refusal === "premium" || (page.refusal === "signIn" && page.course.isPremium))
    throw data({ kind: "premium", fallback: "academy.premiumFallback" }, { status: 403 });
  if (page.refusal === "signIn") await requireUser({ request, url });
  return page;
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(await getViewer(request));
  const form = await readForm(request);
  const parsed = validateForm(form, lessonActionSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const page = await lessonPage(params.slug, params.lesson, actor);
  if (!page) return actionError({ formError: "academy.refusals.notFound" }, 404);
  try {
    switch (parsed.data.intent) {
      case "enroll":
        await enroll(actor, page.course.id);
        return actionOk({ toast: { key: "academy.toasts.enrolled" } });
      case "complete":
        await completeLesson(actor, page.lesson.id);
        return actionOk({ toast: { key: "academy.toasts.completed" } });
      case "quiz": {
        const answers = quizAnswers(form);
        if (!answers) return actionError({ formError: "errors.badRequest" });
        const result = await submitQuiz(actor, page.lesson.id, answers);
        return actionOk<QuizResult>({
          toast: { key: result.passed ? "academy.toasts.quizPassed" : "academy.toasts.quizFailed" },
          data: result,
        });
      }
    }
  } catch (error) {
    if (error instanceof AcademyRefusedError) return refusalAnswer(error);
    throw error;
  }
}

export default function LessonPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useActionToast(actionData);
  const { course, lesson, position, previous, next, completed, refusal, quiz, preview } =
    loaderData;
  const result = actionData?.ok ? (actionData.data as QuizResult | undefined) : undefined;
  const base = `/academy/${course.slug}`;
  const lessonLink = (slug: string) => previewPath(`${base}/lessons/${slug}`, preview);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {preview ? <PreviewBanner courseId={course.id} draft={course.status === "draft"} /> : null}
      <p className="text-sm">
        <Link to={previewPath(base, preview)} className="text-muted-foreground hover:underline">
          {course.title}
        </Link>
      </p>
      <header className="mt-2">
        <p className="text-sm text-muted-foreground">
          {t("academy.lesson.position", { index: position.index, total: position.total })}
        </p>
        <h1 className="mt-1 text-3xl font-semibold" dir="auto">
          {lesson.title}
        </h1>
        {completed ? (
          <Badge className="mt-2" variant="secondary">
            <CheckCircle2 aria-hidden="true" />
            {t("academy.lesson.completed")}
          </Badge>
        ) : null}
      </header>

      {refusal === "enroll" ? (
        <section className="mt-6 rounded-xl border border-border bg-card p-5">
          <p>{t("academy.lesson.enrollFirst")}</p>
          <div className="mt-3">
            <IntentButton intent="enroll" variant="default">
              {t("academy.course.enroll")}
            </IntentButton>
          </div>
        </section>
      ) : refusal === "locked" ? (
        <section
          className="mt-6 flex gap-3 rounded-xl border border-border bg-card p-5"
          role="status"
        >
          <Lock className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div>
            <p>{t("academy.lesson.locked")}</p>
            {previous ? (
              <Link
                to={lessonLink(previous.slug)}
                className="mt-2 inline-block font-medium text-primary hover:underline"
              >
                {previous.title}
              </Link>
            ) : null}
          </div>
        </section>
      ) : (
        <>
          {preview && lesson.requiresPrevious && previous ? (
            <p
              role="note"
              className="mt-6 flex items-center gap-2 rounded-lg border border-border p-3 text-sm text-muted-foreground"
            >
              <Lock aria-hidden="true" className="size-4 shrink-0" />
              {t("academy.preview.requiresPrevious")}
            </p>
          ) : null}
          {loaderData.media.video ? (
            <div className="mt-6">
              <VideoPlayer
                src={loaderData.media.video.url}
                poster={loaderData.media.video.poster}
                title={lesson.title}
              />
            </div>
          ) : null}
          <article
            className="prose-content mt-6"
            dir="auto"
            lang="en"
            dangerouslySetInnerHTML={{ __html: lesson.bodyHtml }}
          />
          {loaderData.media.files.length > 0 ? (
            <LessonDownloads files={loaderData.media.files} />
          ) : null}
          {quiz ? (
            <QuizForm quiz={quiz} result={result} preview={preview} />
          ) : preview ? (
            <div className="mt-8">
              <Button type="button" disabled>
                <CheckCircle2 aria-hidden="true" />
                {t("academy.lesson.markComplete")}
              </Button>
            </div>
          ) : completed ? null : (
            <div className="mt-8">
              <IntentButton intent="complete" variant="default">
                <CheckCircle2 aria-hidden="true" />
                {t("academy.lesson.markComplete")}
              </IntentButton>
            </div>
          )}
          {loaderData.certificateId ? (
            <section
              className="mt-8 rounded-xl border border-primary/40 bg-card p-5"
              aria-live="polite"
            >
              <p className="font-medium">{t("academy.lesson.courseDone")}</p>
              <Button asChild className="mt-3">
                <Link to={`/certificates/${loaderData.certificateId}`}>
                  {t("academy.certificate.view")}
                </Link>
              </Button>
            </section>
          ) : null}
        </>
      )}

      <nav
        className="mt-10 flex flex-wrap justify-between gap-3 border-t border-border pt-4"
        aria-label={t("academy.lesson.navigation")}
      >
        {previous ? (
          <Link
            to={lessonLink(previous.slug)}
            className="inline-flex items-center gap-2 text-sm hover:underline"
            rel="prev"
          >
            <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            <span>
              <span className="sr-only">{t("academy.lesson.previous")}: </span>
              {previous.title}
            </span>
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link
            to={lessonLink(next.slug)}
            className="inline-flex items-center gap-2 text-sm hover:underline"
            rel="next"
          >
            <span>
              <span className="sr-only">{t("academy.lesson.next")}: </span>
              {next.title}
            </span>
            <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          </Link>
        ) : (
          <Link to={previewPath(base, preview)} className="text-sm hover:underline">
            {t("academy.lesson.backToCourse")}
          </Link>
        )}
      </nav>
    </div>
  );
}

/** The lesson's downloadable files: title, then type and size; each a download link. */
function LessonDownloads({
  files,
}: {
  files: Route.ComponentProps["loaderData"]["media"]["files"];
}) {
  const { t } = useTranslation();
  return (
    <section className="mt-8" aria-labelledby="lesson-downloads-title">
      <h2 id="lesson-downloads-title" className="text-xl font-semibold">
        {t("academy.lesson.downloads")}
      </h2>
      <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
        {files.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
            <Download className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <a
              href={entry.file.url}
              download
              className="min-w-0 flex-1 font-medium text-primary hover:underline"
              aria-label={t("academy.lesson.downloadOf", { title: entry.title })}
            >
              <bdi className="break-words">{entry.title}</bdi>
            </a>
            <span className="text-sm text-muted-foreground">
              <FileFacts file={entry.file} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

type LoadedQuiz = NonNullable<Route.ComponentProps["loaderData"]["quiz"]>;

/** Questions with radios (single) or checkboxes (multiple); after a submission, the marking. */
function QuizForm({
  quiz,
  result,
  preview,
}: {
  quiz: LoadedQuiz;
  result: QuizResult | undefined;
  /** An admin's member preview: the questions as members see them, nothing submitted. */
  preview: boolean;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const marked = new Map(result?.questions.map((q) => [q.id, q]));
  const best = result?.bestScore ?? quiz.bestScore;
  return (
    <section className="mt-8" aria-labelledby="quiz-title">
      <h2 id="quiz-title" className="text-2xl font-semibold">
        {t("academy.quiz.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {t("academy.quiz.passMark", { percent: quiz.passPercent })}
        {best !== null ? ` · ${t("academy.quiz.best", { percent: best })}` : null}
      </p>
      {result ? (
        <p
          role="status"
          className={`mt-4 rounded-lg border p-3 font-medium ${result.passed ? "border-primary/40" : "border-destructive/40"}`}
        >
          {result.passed
            ? t("academy.quiz.passed", { percent: result.score })
            : t("academy.quiz.failed", { percent: result.score, pass: result.passPercent })}
        </p>
      ) : null}
      <Form method="post" className="mt-4 space-y-5">
        <input type="hidden" name="intent" value="quiz" />
        {quiz.questions.map((question, index) => {
          const mark = marked.get(question.id);
          return (
            <fieldset key={question.id} className="rounded-xl border border-border bg-card p-4">
              <legend className="px-1 font-medium">
                {t("academy.quiz.question", { number: index + 1 })} {question.prompt}
              </legend>
              {question.kind === "multiple" ? (
                <p className="text-xs text-muted-foreground">{t("academy.quiz.chooseAll")}</p>
              ) : null}
              <ul className="mt-2 space-y-2">
                {question.options.map((option) => {
                  const correct = mark?.correct.includes(option.id);
                  return (
                    <li key={option.id}>
                      <label className="flex items-center gap-2 text-sm">
                        <input
                          type={question.kind === "multiple" ? "checkbox" : "radio"}
                          name={answerField(question.id)}
                          value={option.id}
                          required={question.kind === "single"}
                        />
                        <span>{option.label}</span>
                        {mark && correct ? (
                          <span className="text-xs font-medium text-primary">
                            {t("academy.quiz.correctAnswer")}
                          </span>
                        ) : null}
                      </label>
                    </li>
                  );
                })}
              </ul>
              {mark ? (
                <div className="mt-3 flex gap-2 text-sm">
                  {mark.right ? (
                    <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  ) : (
                    <XCircle className="size-4 shrink-0 text-destructive" aria-hidden="true" />
                  )}
                  <p>
                    <span className="font-medium">
                      {mark.right ? t("academy.quiz.right") : t("academy.quiz.wrong")}
                    </span>{" "}
                    {mark.explanation}
                  </p>
                </div>
              ) : null}
            </fieldset>
          );
        })}
        <Button type="submit" disabled={busy || preview}>
          {result ? t("academy.quiz.retry") : t("academy.quiz.submit")}
        </Button>
      </Form>
    </section>
  );
}
