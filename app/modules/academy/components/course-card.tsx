import { Clock, Crown, Star } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { useTranslation } from "#app/i18n/react";
import type { CourseCard as Card } from "../queries.server";
import { CourseCover } from "./course-cover";
import { levelKey } from "./texts";

/** One course in a list: title, summary, level, length, rating and whether it is premium. */
export function CourseCard({ course }: { course: Card }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-2 overflow-hidden rounded-xl border border-border bg-card p-4">
      {course.coverUrl ? (
        <CourseCover
          src={course.coverUrl}
          alt=""
          className="-mx-4 -mt-4 mb-2 w-[calc(100%+2rem)] max-w-none"
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
        {course.categoryTitle ? (
          <span className="text-xs text-muted-foreground">{course.categoryTitle}</span>
        ) : null}
      </div>
      <h3 className="text-lg font-semibold" dir="auto">
        <Link to={`/academy/${course.slug}`} className="hover:underline">
          {course.title}
        </Link>
      </h3>
      <p className="text-sm text-muted-foreground" dir="auto">
        {course.summary}
      </p>
      <p className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-2 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-3.5" />
          {t("academy.minutes", { count: course.estimatedMinutes })}
        </span>
        {course.rating !== null ? (
          <span className="inline-flex items-center gap-1">
            <Star aria-hidden="true" className="size-3.5" />
            {t("academy.ratingShort", { rating: course.rating, count: course.reviewCount })}
          </span>
        ) : null}
      </p>
    </li>
  );
}

/** A grid of course cards with a heading, or the empty text. */
export function CourseGrid({
  courses,
  label,
  empty,
}: {
  courses: Card[];
  label: string;
  empty: string;
}) {
  if (courses.length === 0)
    return (
      <p className="mt-4 rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
        {empty}
      </p>
    );
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {courses.map((course) => (
        <CourseCard key={course.slug} course={course} />
      ))}
    </ul>
  );
}
