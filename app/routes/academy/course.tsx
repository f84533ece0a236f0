import { BookOpen, CheckCircle2, Clock, Crown, Lock, Star, Users } from "lucide-react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/course";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import { Label } from "#app/components/ui/label";
import { Progress } from "#app/components/ui/progress";
import { Textarea } from "#app/components/ui/textarea";
import { StarRatingInput, StarsShown } from "#app/components/reviews/stars";
import { useActionToast } from "#app/hooks/use-action-toast";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionError, actionOk, failureOf, parseForm } from "#app/lib/form";
import { getViewer, actorOf } from "#app/modules/auth/index.server";
import {
  AcademyRefusedError,
  coursePage,
  enroll,
  refusalAnswer,
  reviewCourse,
} from "#app/modules/academy/index.server";
import { ACADEMY_LIMITS, courseActionSchema } from "#app/modules/academy/validation";
import { previewPath, previewRequested } from "#app/modules/academy";
import { levelKey } from "#app/modules/academy/components/texts";
import { PreviewBanner } from "#app/modules/academy/components/preview-banner";

import { CourseCover } from "#app/modules/academy/components/course-cover";
export const handle = { texts: ["academy"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData ? { text: args.loaderData.course.title } : "academy.title");

/**
 * `/academy/{slug}`: open to all; drafts exist for admins only. `?preview=member` shows an admin
 * the page as an enrolled member sees it (ignored for anyone else).
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const page = await coursePage(params.slug, actorOf(viewer), { preview: previewRequested(url) });
  if (!page) throw data(null, { status: 404 });
  return page;
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  const actor = actorOf(viewer);
  const parsed = await parseForm(request, courseActionSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const page = await coursePage(params.slug, actor);
  if (!page) return actionError({ formError: "academy.refusals.notFound" }, 404);
  try {
    if (parsed.data.intent === "enroll") {
      await enroll(actor, page.course.id);
      return actionOk({ toast: { key: "academy.toasts.enrolled" } });
    }
    await reviewCourse(actor, page.course.id, {
      rating: parsed.data.rating,
      body: parsed.data.body,
    });
    return actionOk({ toast: { key: "academy.toasts.reviewed" } });
  } catch (error) {
    if (error instanceof AcademyRefusedError) return refusalAnswer(error);
    throw error;
  }
}

export default function CoursePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const { course, modules, reviews, progress, enrolled, canReview, preview } = loaderData;
  const done = new Set(progress?.completedLessonIds ?? []);
  const lessonCount = modules.reduce((sum, m) => sum + m.lessons.length, 0);
  const firstLesson = modules.flatMap((m) => m.lessons)[0];
  const resume = progress?.enrollment?.resumeSlug ?? firstLesson?.slug;
  const percent =
    lessonCount === 0
      ? 0
      : Math.round(((progress?.completedLessonIds.length ?? 0) * 100) / lessonCount);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {preview ? <PreviewBanner courseId={course.id} draft={course.status === "draft"} /> : null}
      <p className="text-sm">
        <Link to="/academy" className="text-muted-foreground hover:underline">
          {t("academy.nav")}
        </Link>
        {course.categorySlug ? (
          <>
            <span aria-hidden="true" className="mx-2 text-muted-foreground">
              /
            </span>
            <Link
              to={`/academy/category/${encodeURIComponent(course.categorySlug)}`}
              className="text-muted-foreground hover:underline"
            >
              {course.categoryTitle}
            </Link>
          </>
        ) : null}
      </p>
      <header className="mt-2">
        {course.coverUrl ? (
          <CourseCover
            src={course.coverUrl}
            alt={t("academy.course.coverAlt", { title: course.title })}
            className="mb-4 max-h-96 rounded-xl"
            priority
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{t(levelKey(course.level))}</Badge>
          {course.isPremium ? (
            <Badge variant="outline">
              <Crown aria-hidden="true" />
              {t("academy.premium")}
            </Badge>
          ) : (
            <Badge variant="outline">{t("academy.free")}</Badge>
          )}
          {course.status === "draft" ? (
            <Badge variant="destructive">{t("academy.draft")}</Badge>
          ) : null}
        </div>
        <h1 className="mt-3 text-3xl font-semibold" dir="auto">
          {course.title}
        </h1>
        <p className="mt-2 text-lg text-muted-foreground" dir="auto">
          {course.summary}
        </p>
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
          {course.instructorName ? (
            <div className="flex gap-1">
              <dt>{t("academy.course.instructor")}</dt>
              <dd>
                <Link
                  to={`/profile/${course.instructorSlug}`}
                  className="text-foreground hover:underline"
                >
                  {course.instructorName}
                </Link>
              </dd>
            </div>
          ) : null}
          <div className="flex items-center gap-1">
            <dt>
              <Clock aria-hidden="true" className="size-4" />
              <span className="sr-only">{t("academy.course.length")}</span>
            </dt>
            <dd>{t("academy.minutes", { count: course.estimatedMinutes })}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <BookOpen aria-hidden="true" className="size-4" />
              <span className="sr-only">{t("academy.course.lessonsLabel")}</span>
            </dt>
            <dd>{t("academy.lessonCount", { count: lessonCount })}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <Users aria-hidden="true" className="size-4" />
              <span className="sr-only">{t("academy.course.studentsLabel")}</span>
            </dt>
            <dd>{t("academy.students", { count: course.enrollmentCount })}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <Star aria-hidden="true" className="size-4" />
              <span className="sr-only">{t("academy.course.ratingLabel")}</span>
            </dt>
            <dd>
              {course.rating === null
                ? t("academy.noRating")
                : t("academy.ratingShort", { rating: course.rating, count: course.reviewCount })}
            </dd>
          </div>
        </dl>
      </header>

      <section
        className="mt-6 rounded-xl border border-border bg-card p-5"
        aria-labelledby="enroll-title"
      >
        <h2 id="enroll-title" className="sr-only">
          {t("academy.course.yourProgress")}
        </h2>
        {enrolled ? (
          <div className="space-y-3">
            <Progress
              value={percent}
              aria-label={t("academy.course.yourProgress")}
              valueText={t("academy.percent", { percent })}
            />
            <p className="text-sm text-muted-foreground">
              {t("academy.continue.lessons", {
                done: progress?.completedLessonIds.length ?? 0,
                total: lessonCount,
              })}
            </p>
            <div className="flex flex-wrap gap-3">
              {resume ? (
                <Button asChild>
                  <Link to={previewPath(`/academy/${course.slug}/lessons/${resume}`, preview)}>
                    {progress?.completedLessonIds.length
                      ? t("academy.continue.resume")
                      : t("academy.course.start")}
                  </Link>
                </Button>
              ) : null}
              {progress?.certificateId ? (
                <Button asChild variant="outline">
                  <Link to={`/certificates/${progress.certificateId}`}>
                    {t("academy.certificate.view")}
                  </Link>
                </Button>
              ) : null}
            </div>
          </div>
        ) : loaderData.enrollRefusal === null ? (
          <div className="flex flex-wrap items-center gap-3">
            <IntentButton intent="enroll" variant="default">
              {t("academy.course.enroll")}
            </IntentButton>
            <p className="text-sm text-muted-foreground">
              {course.isPremium
                ? t("academy.course.enrollPremium")
                : t("academy.course.enrollFree")}
            </p>
          </div>
        ) : loaderData.enrollRefusal === "signIn" ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button asChild>
              <Link to={`/auth?redirectTo=${encodeURIComponent(`/academy/${course.slug}`)}`}>
                {t("academy.course.signInToEnroll")}
              </Link>
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm">{t("academy.course.premiumOnly")}</p>
            <Button asChild>
              <Link to="/subscription">{t("premium.upgrade")}</Link>
            </Button>
          </div>
        )}
      </section>

      {course.descriptionHtml ? (
        <section className="mt-8" aria-label={t("academy.course.about")}>
          <h2 className="text-2xl font-semibold">{t("academy.course.about")}</h2>
          <div
            className="prose-content mt-3"
            dir="auto"
            lang="en"
            dangerouslySetInnerHTML={{ __html: course.descriptionHtml }}
          />
        </section>
      ) : null}

      <section className="mt-8" aria-labelledby="outline-title">
        <h2 id="outline-title" className="text-2xl font-semibold">
          {t("academy.course.outline")}
        </h2>
        {modules.length === 0 ? (
          <p className="mt-3 text-muted-foreground">{t("academy.course.noLessons")}</p>
        ) : (
          <ol className="mt-4 space-y-4">
            {modules.map((module, moduleIndex) => (
              <li key={module.id} className="rounded-xl border border-border bg-card">
                <h3 className="border-b border-border px-4 py-3 font-semibold">
                  {t("academy.course.module", { number: moduleIndex + 1, title: module.title })}
                </h3>
                <ol className="divide-y divide-border">
                  {module.lessons.map((lesson) => (
                    <li key={lesson.id} className="flex items-center gap-3 px-4 py-3 text-sm">
                      {done.has(lesson.id) ? (
                        <CheckCircle2
                          className="size-4 shrink-0 text-primary"
                          aria-label={t("academy.lesson.completed")}
                        />
                      ) : course.isPremium && !enrolled ? (
                        <Lock
                          className="size-4 shrink-0 text-muted-foreground"
                          aria-hidden="true"
                        />
                      ) : (
                        <BookOpen
                          className="size-4 shrink-0 text-muted-foreground"
                          aria-hidden="true"
                        />
                      )}
                      <Link
                        to={previewPath(`/academy/${course.slug}/lessons/${lesson.slug}`, preview)}
                        className="flex-1 hover:underline"
                      >
                        {lesson.title}
                      </Link>
                      {lesson.hasQuiz ? (
                        <Badge variant="outline">{t("academy.lesson.quiz")}</Badge>
                      ) : null}
                      <span className="text-muted-foreground">
                        {t("academy.minutes", { count: lesson.estimatedMinutes })}
                      </span>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="mt-8" aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="text-2xl font-semibold">
          {t("academy.reviews.title")}
        </h2>
        <p className="mt-1 text-muted-foreground">
          {course.rating === null
            ? t("academy.noRating")
            : t("academy.reviews.average", { rating: course.rating, count: course.reviewCount })}
        </p>
        {canReview ? (
          <Form
            method="post"
            className="mt-4 space-y-3 rounded-xl border border-border bg-card p-4"
          >
            <input type="hidden" name="intent" value="review" />
            <StarRatingInput
              legend={t("academy.reviews.rating")}
              starsLabel={(count) => t("academy.reviews.stars", { count })}
              defaultValue={Number(failure?.values.rating ?? progress?.review?.rating) || null}
            />
            <div className="space-y-1">
              <Label htmlFor="review-body">{t("academy.reviews.text")}</Label>
              <Textarea
                id="review-body"
                name="body"
                rows={3}
                dir="auto"
                maxLength={ACADEMY_LIMITS.reviewMax}
                defaultValue={failure?.values.body ?? progress?.review?.body ?? ""}
              />
              {failure?.fieldErrors.body ? (
                <p role="alert" className="text-sm text-destructive">
                  {t(textKey(failure.fieldErrors.body))}
                </p>
              ) : null}
            </div>
            <Button type="submit">
              {progress?.review ? t("academy.reviews.update") : t("academy.reviews.submit")}
            </Button>
          </Form>
        ) : null}
        {reviews.length === 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">{t("academy.reviews.empty")}</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {reviews.map((review) => (
              <li
                key={`${review.authorSlug}`}
                className="rounded-xl border border-border bg-card p-4"
              >
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{review.authorName}</span>
                  <StarsShown
                    rating={review.rating}
                    label={t("academy.reviews.stars", { count: review.rating })}
                  />
                  <time
                    className="text-muted-foreground"
                    dateTime={new Date(review.updatedAt).toISOString()}
                  >
                    {date.format(new Date(review.updatedAt))}
                  </time>
                </p>
                {review.body ? (
                  <p className="mt-2 text-sm whitespace-pre-line" dir="auto">
                    {review.body}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
