import { Link } from "react-router";
import { Progress } from "#app/components/ui/progress";
import { useTranslation } from "#app/i18n/react";
import type { continueLearning } from "../queries.server";

type Learning = Awaited<ReturnType<typeof continueLearning>>;

/** The member's courses in progress with their progress bars and a link to resume (academy, dashboard). */
export function ContinueLearning({
  courses,
  className,
}: {
  courses: Learning;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <section className={className} aria-labelledby="continue-title">
      <h2 id="continue-title" className="text-2xl font-semibold">
        {t("academy.continue.title")}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {courses.map((course) => (
          <li key={course.slug} className="rounded-xl border border-border bg-card p-4">
            <h3 className="font-semibold" dir="auto">
              {course.title}
            </h3>
            <Progress
              className="mt-3"
              value={course.percent}
              aria-label={t("academy.continue.progress", { title: course.title })}
              valueText={t("academy.percent", { percent: course.percent })}
            />
            <p className="mt-2 text-sm text-muted-foreground">
              {course.completedAt
                ? t("academy.continue.done")
                : t("academy.continue.lessons", {
                    done: course.completedLessons,
                    total: course.lessonCount,
                  })}
            </p>
            <Link
              className="mt-2 inline-block text-sm font-medium text-primary hover:underline"
              to={
                course.resumeSlug && !course.completedAt
                  ? `/academy/${course.slug}/lessons/${course.resumeSlug}`
                  : `/academy/${course.slug}`
              }
            >
              {course.completedAt ? t("academy.continue.review") : t("academy.continue.resume")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
