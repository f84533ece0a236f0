import { Moon } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { dateTimeFormat } from "#app/lib/intl";

/** "YYYY-MM-DD" of an instant in a zone (the value a date input takes). */
function dateIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * The next new and full moons beside the start date, in the zone the form chose: practitioners
 * plan circles by them. Each is a button (Tab and Enter or Space), filling in the start date.
 */
export function MoonDates({
  moons,
  timeZone,
  onChoose,
}: {
  moons: Array<{ kind: "new" | "full"; at: string }>;
  timeZone: string;
  onChoose: (date: string, label: string) => void;
}) {
  const { t, i18n } = useTranslation();
  if (moons.length === 0) return null;
  const format = dateTimeFormat(i18n.language, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  });
  return (
    <div role="group" aria-labelledby="moon-dates-title" className="space-y-2">
      <p id="moon-dates-title" className="flex items-center gap-1.5 text-sm font-medium">
        <Moon className="size-4" aria-hidden="true" />
        {t("events.form.moonTitle")}
      </p>
      <ul className="flex flex-wrap gap-2">
        {moons.map((moon) => {
          const at = new Date(moon.at);
          const label = `${t(`events.form.moon.${moon.kind}`)} · ${format.format(at)}`;
          return (
            <li key={moon.at}>
              <button
                type="button"
                onClick={() => onChoose(dateIn(at, timeZone), label)}
                className="inline-flex items-center gap-1.5 rounded-full border border-border px-3 py-1 text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span aria-hidden="true">{moon.kind === "full" ? "○" : "●"}</span>
                <time dateTime={moon.at}>{label}</time>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
