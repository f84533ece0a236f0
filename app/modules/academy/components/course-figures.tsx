import { useTranslation } from "#app/i18n/react";

/** A course's figures on its edit page: enrollments, completions (and their share), rating. */
export function CourseFigures({
  enrolled,
  completed,
  rating,
  reviews,
}: {
  enrolled: number;
  completed: number;
  rating: number | null;
  reviews: number;
}) {
  const { t } = useTranslation();
  const rate = enrolled === 0 ? null : Math.round((completed * 100) / enrolled);
  const figures = [
    { label: t("academy.admin.enrolled"), value: String(enrolled) },
    {
      label: t("academy.admin.completed"),
      value:
        rate === null
          ? String(completed)
          : `${completed} (${t("academy.percent", { percent: rate })})`,
    },
    {
      label: t("academy.course.ratingLabel"),
      value:
        rating === null
          ? t("academy.noRating")
          : t("academy.ratingShort", { rating, count: reviews }),
    },
  ];
  return (
    <dl
      aria-label={t("academy.admin.figures")}
      className="mt-4 grid max-w-3xl grid-cols-1 gap-3 sm:grid-cols-3"
    >
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-xl border border-border bg-card px-4 py-3">
          <dt className="text-xs text-muted-foreground">{figure.label}</dt>
          <dd className="mt-1 text-lg font-semibold">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
