import { Flame } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { dateTimeFormat } from "#app/lib/intl";
import { previousDay } from "../practice";

/**
 * The member's attunement streak and the last fourteen days as a strip (a filled mark = practised),
 * read out as a list of days. Shared by the attunement pages and the dashboard.
 */
export function PracticeStreak({
  streak,
  today,
  recentDays,
}: {
  streak: number;
  today: string;
  recentDays: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  const done = new Set(recentDays);
  const days: string[] = [today];
  while (days.length < 14) days.unshift(previousDay(days[0]!));
  return (
    <div>
      <p className="flex items-center gap-2 font-medium">
        <Flame className="size-5 text-primary" aria-hidden="true" />
        {streak > 0
          ? t("library.practice.streak", { count: streak })
          : t("library.practice.noStreak")}
      </p>
      <ol className="mt-3 flex flex-wrap gap-1.5" aria-label={t("library.practice.history")}>
        {days.map((day) => {
          const label = format.format(new Date(`${day}T00:00:00Z`));
          const practised = done.has(day);
          return (
            <li key={day}>
              <span
                className={
                  practised
                    ? "block size-5 rounded-full bg-primary"
                    : "block size-5 rounded-full border border-border bg-muted"
                }
                title={label}
              >
                <span className="sr-only">
                  {practised
                    ? t("library.practice.dayDone", { day: label })
                    : t("library.practice.dayMissed", { day: label })}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
