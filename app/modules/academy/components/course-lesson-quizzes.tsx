import { Link } from "react-router";
import { useTranslation } from "#app/i18n/react";

/**
 * The course's lessons in reading order with a link to each one's quiz editor, and whether the
 * quiz exists and how many questions it has.
 */
export function CourseLessonQuizzes({
  courseId,
  lessons,
}: {
  courseId: string;
  lessons: { id: string; title: string; moduleTitle: string; quizQuestions: number | null }[];
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
              <span className="min-w-0 flex-1">
                <span className="block font-medium" dir="auto">
                  {lesson.title}
                </span>
                <span className="block text-xs text-muted-foreground" dir="auto">
                  {lesson.moduleTitle}
                </span>
              </span>
              <span className="text-xs text-muted-foreground">
                {lesson.quizQuestions === null
                  ? t("academy.quizEditor.noQuiz")
                  : t("academy.quizEditor.questionCount", { count: lesson.quizQuestions })}
              </span>
              <Link
                to={`/admin/academy/courses/${courseId}/lessons/${lesson.id}/quiz`}
                className="text-sm text-primary hover:underline"
                aria-label={t("academy.quizEditor.quizOf", { title: lesson.title })}
              >
                {t("academy.quizEditor.title")}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
