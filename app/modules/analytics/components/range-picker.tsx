import { Link } from "react-router";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { dateTimeFormat } from "#app/lib/intl";
import { RANGE_DAYS } from "#app/modules/analytics/validation";

/**
 * The admin figures' range (`?days=`, the days ending today) as links, the chosen one marked
 * `aria-current`, and the dates it covers; the screen's CSV export beside its title uses the same
 * `days`.
 */
export function RangePicker({ days, from, to }: { days: number; from: string; to: string }) {
  const { t, i18n } = useTranslation();
  const dayLong = dateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
  return (
    <>
      <nav aria-label={t("admin.analytics.range")} className="mt-4 flex flex-wrap gap-2">
        {RANGE_DAYS.map((choice) => (
          <Link
            key={choice}
            to={`?days=${choice}`}
            aria-current={choice === days ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${choice === days ? "border-primary bg-primary text-primary-foreground" : "border-border hover:bg-muted"}`}
          >
            {t(textKey(`admin.analytics.range${choice}`))}
          </Link>
        ))}
      </nav>
      <p className="mt-2 text-sm text-muted-foreground">
        {dayLong.format(dateOf(from))} – {dayLong.format(dateOf(to))}
      </p>
    </>
  );
}

/** The title row of an admin figures screen with its CSV download link. */
export function FiguresHeader({ title, csvHref }: { title: string; csvHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-2xl font-semibold" data-testid="admin-screen-title">
        {title}
      </h2>
      <a
        href={csvHref}
        className="rounded-md border border-border px-3 py-1.5 text-sm hover:bg-muted"
        download
      >
        {t("admin.analytics.exportCsv")}
      </a>
    </div>
  );
}
