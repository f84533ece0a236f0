import { Link } from "react-router";
import { cn } from "#app/lib/cn";
import { useTranslation } from "#app/i18n/react";
import { dateTimeFormat } from "#app/lib/intl";
import type { PracticeSummary } from "../practice.server";
import { PracticeStreak } from "./practice-streak";

/**
 * The dashboard's attunement practice (SPEC's "5 minutes a day"): the streak, the fortnight and
 * the last sessions, with the two attunement paths.
 */
export function AttunementCard({
  practice,
  className,
}: {
  practice: PracticeSummary;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <section
      className={cn("rounded-xl border border-border bg-card p-5", className)}
      aria-labelledby="attunement-card-title"
    >
      <h2 id="attunement-card-title" className="font-semibold">
        {t("library.practice.dashboardTitle")}
      </h2>
      <div className="mt-3">
        <PracticeStreak
          streak={practice.streak}
          today={practice.today}
          recentDays={practice.recentDays}
        />
      </div>
      {practice.sessions.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-medium">{t("library.practice.recent")}</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {practice.sessions.slice(0, 3).map((session) => (
              <li
                key={`${session.articleId}-${session.day}`}
                className="flex flex-wrap justify-between gap-2"
              >
                <Link to={`/article/attunement/${session.articleId}`} className="hover:underline">
                  <bdi>{session.title}</bdi>
                </Link>
                <time dateTime={session.day} className="text-muted-foreground">
                  {format.format(new Date(`${session.day}T00:00:00Z`))}
                </time>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">{t("library.practice.startHint")}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
        <Link to="/demon-attunements" className="text-primary hover:underline">
          {t("library.attunements.demonTitle")}
        </Link>
        <Link to="/elentho-attunements" className="text-primary hover:underline">
          {t("library.attunements.elenthosTitle")}
        </Link>
      </div>
    </section>
  );
}
