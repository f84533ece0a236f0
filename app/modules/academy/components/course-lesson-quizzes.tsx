import { Link } from "react-router";
import { useTranslation } from "#app/i18n/react";

/**
 * The course's lessons in reading order with links to each one's quiz editor and media page, and
 * whether the quiz exists and how many questions it has, whether it has a video and how many
 * downloads.
 */
export function CourseLessonQuizzes({
  courseId,
  lessons,
}: {
  courseId: string;
  lessons: {
    id: string;
    title: string;
    moduleTitle: string;
    quizQuestions: number | null;
    hasVideo: boolean;
    fileCount: number;
  }[];
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="course-lessons-title" className="mt-10 max-w-3xl">
      <h3 id="course-lessons-title" className="text-xl font-semibold">
        {t("academy.quizEditor.lessons")}
      </h3>
      {lessons.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("academy.quizEditor.noLessons")}</p>
      ) : (
        <ol className="mt-3 divide-y divide-border rounded-xl border border-border">
          {lessons.map((lesson) => (
            <li key={lesson.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <span className="min-w-0 basis-full sm:flex-1 sm:basis-0">
                <span className="block font-medium" dir="auto">
                  {lesson.title}
                </span>
                <span className="block text-xs text-muted-foreground" dir="auto">
                  {lesson.moduleTitle}
                </span>
              </span>
              <span className="flex items-baseline gap-2">
                <span className="text-xs text-muted-foreground">
                  {lesson.quizQuestions === null
                    ? t("academy.quizEditor.noQuiz")
                    : t("academy.quizEditor.questionCount", { number: lesson.quizQuestions })}
                </span>
                <Link
                  to={`/admin/academy/courses/${courseId}/lessons/${lesson.id}/quiz`}
                  className="text-sm text-primary hover:underline"
                  aria-label={t("academy.quizEditor.quizOf", { title: lesson.title })}
                >
                  {t("academy.quizEditor.title")}
                </Link>
              </span>
              <span className="flex items-baseline gap-2">
                <span className="text-xs text-muted-foreground">
                  {lesson.hasVideo ? `${t("academy.lessonMedia.hasVideo")} · ` : null}
                  {t("academy.lessonMedia.fileCount", { number: lesson.fileCount })}
                </span>
                <Link
                  to={`/admin/academy/courses/${courseId}/lessons/${lesson.id}/media`}
                  className="text-sm text-primary hover:underline"
                  aria-label={t("academy.lessonMedia.mediaOf", { title: lesson.title })}
                >
                  {t("academy.lessonMedia.title")}
                </Link>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
