import { ChevronLeft, ChevronRight, Video } from "lucide-react";
import type { KeyboardEvent } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/react";
import { dateTimeFormat } from "#app/lib/intl";
import type { RsvpStatus } from "../policy";

/*
 * The month grid of /covens/events (`?view=month`). A table of weeks whose columns follow the
 * language's first day of the week and the page's direction (Arabic reads right to left, so the
 * table does too). On a phone the cells keep only the day and a dot per event, each day with
 * events linking to its entry in the day list below the grid, which only phones show.
 * Arrow keys move between days (mirrored in right-to-left pages), Home and End to the week's
 * ends; Tab walks through the events.
 */

export interface MonthItem {
  id: string;
  title: string;
  href: string;
  start: string;
  end: string;
  /** Began on an earlier day (an occurrence running past midnight). */
  continued: boolean;
  online: boolean;
  covenName: string | null;
  viewerRsvp: RsvpStatus | null;
}

export interface MonthCell {
  key: string;
  day: number;
  inMonth: boolean;
  items: MonthItem[];
}

/** A calendar date ("YYYY-MM-DD") as a Date whose UTC fields are that date, for formatting. */
const dateOf = (key: string) => new Date(`${key}T00:00:00Z`);
/** 2024-01-01 was a Monday: day `n` of that week (1 = Monday) names weekday `n`. */
const weekdayDate = (isoWeekday: number) => new Date(Date.UTC(2024, 0, isoWeekday));
/** Dots a phone's cell shows at most; the number of events is read out in words. */
const MAX_DOTS = 3;

function moveFocus(event: KeyboardEvent<HTMLTableElement>) {
  const cell = (event.target as HTMLElement).closest<HTMLElement>("[data-day]");
  if (!cell || event.altKey || event.ctrlKey || event.metaKey) return;
  const cells = [...event.currentTarget.querySelectorAll<HTMLElement>("[data-day]")];
  const index = cells.indexOf(cell);
  const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
  const steps: Record<string, number> = {
    ArrowRight: rtl ? -1 : 1,
    ArrowLeft: rtl ? 1 : -1,
    ArrowDown: 7,
    ArrowUp: -7,
    Home: -(index % 7),
    End: 6 - (index % 7),
  };
  const step = steps[event.key];
  if (step === undefined) return;
  const target = cells[index + step];
  if (!target) return;
  event.preventDefault();
  for (const other of cells) other.tabIndex = -1;
  target.tabIndex = 0;
  target.focus();
}

export function MonthCalendar({
  month,
  weeks,
  firstDay,
  today,
  timeZone,
  previousHref,
  nextHref,
  todayHref,
}: {
  /** "YYYY-MM". */
  month: string;
  weeks: MonthCell[][];
  firstDay: number;
  today: string;
  timeZone: string;
  previousHref: string;
  nextHref: string;
  todayHref: string | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const monthName = dateTimeFormat(language, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(dateOf(`${month}-01`));
  const dayNumber = dateTimeFormat(language, { day: "numeric", timeZone: "UTC" });
  const fullDate = dateTimeFormat(language, { dateStyle: "full", timeZone: "UTC" });
  const weekdayShort = dateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
  const weekdayNarrow = dateTimeFormat(language, { weekday: "narrow", timeZone: "UTC" });
  const weekdayLong = dateTimeFormat(language, { weekday: "long", timeZone: "UTC" });
  const time = dateTimeFormat(language, { timeStyle: "short", timeZone });
  const columns = Array.from({ length: 7 }, (_, column) => ((firstDay - 1 + column) % 7) + 1);
  const cells = weeks.flat();
  const agenda = cells.filter((cell) => cell.items.length > 0);
  // The one day the Tab key reaches in the grid: today when it is shown, else the first of the month.
  const focusDay =
    cells.find((cell) => cell.key === today)?.key ?? cells.find((cell) => cell.inMonth)?.key;
  const when = (item: MonthItem) =>
    item.continued ? t("events.month.continues") : time.format(new Date(item.start));

  return (
    <section aria-labelledby="month-title" className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="month-title" className="text-xl font-semibold">
          {monthName}
        </h2>
        <nav aria-label={t("events.month.navigation")} className="flex items-center gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={previousHref} rel="prev">
              <ChevronLeft aria-hidden="true" className="rtl:-scale-x-100" />
              {t("events.month.previous")}
            </Link>
          </Button>
          {todayHref ? (
            <Button asChild variant="ghost" size="sm">
              <Link to={todayHref}>{t("events.month.today")}</Link>
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm">
            <Link to={nextHref} rel="next">
              {t("events.month.next")}
              <ChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
            </Link>
          </Button>
        </nav>
      </div>

      <table
        className="mt-3 w-full table-fixed border-collapse text-sm"
        aria-labelledby="month-title"
        onKeyDown={moveFocus}
      >
        <thead>
          <tr>
            {columns.map((weekday) => (
              <th
                key={weekday}
                scope="col"
                className="pb-2 text-xs font-medium text-muted-foreground"
              >
                <abbr title={weekdayLong.format(weekdayDate(weekday))} className="no-underline">
                  <span className="hidden sm:inline">
                    {weekdayShort.format(weekdayDate(weekday))}
                  </span>
                  <span className="sm:hidden">{weekdayNarrow.format(weekdayDate(weekday))}</span>
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.key}>
              {week.map((cell) => {
                const isToday = cell.key === today;
                const label = `${fullDate.format(dateOf(cell.key))}${
                  cell.items.length > 0
                    ? ` · ${t("events.month.eventCount", { number: cell.items.length })}`
                    : ""
                }`;
                return (
                  <td
                    key={cell.key}
                    data-day={cell.key}
                    tabIndex={cell.key === focusDay ? 0 : -1}
                    aria-label={label}
                    aria-current={isToday ? "date" : undefined}
                    className={`h-14 border border-border p-1 align-top outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:h-28 ${
                      cell.inMonth ? "bg-card" : "bg-muted/40 text-muted-foreground"
                    }`}
                  >
                    <span
                      className={`inline-flex size-6 items-center justify-center rounded-full text-xs ${
                        isToday ? "bg-primary font-semibold text-primary-foreground" : ""
                      }`}
                      aria-hidden="true"
                    >
                      {dayNumber.format(dateOf(cell.key))}
                    </span>
                    {cell.items.length > 0 ? (
                      <>
                        <a
                          href={`#day-${cell.key}`}
                          className="mt-0.5 flex justify-center gap-0.5 rounded py-1 sm:hidden"
                        >
                          {cell.items.slice(0, MAX_DOTS).map((item) => (
                            <span
                              key={`${item.id} ${item.start}`}
                              className="size-1.5 rounded-full bg-primary"
                              aria-hidden="true"
                            />
                          ))}
                          <span className="sr-only">{label}</span>
                        </a>
                        <ul className="mt-1 hidden space-y-1 sm:block">
                          {cell.items.map((item) => (
                            <li key={`${item.id} ${item.start}`} className="min-w-0">
                              <Link
                                to={item.href}
                                className="block rounded bg-secondary px-1.5 py-0.5 text-xs text-secondary-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                                title={item.title}
                              >
                                <span className="block text-[0.6875rem] tabular-nums opacity-80">
                                  {when(item)}
                                </span>
                                {/* A block of its own: a title in another script is cut at its own end. */}
                                <span className="block truncate" dir="auto">
                                  {item.title}
                                </span>
                              </Link>
                            </li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      {agenda.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{t("events.month.empty")}</p>
      ) : (
        <ol className="mt-6 space-y-4 sm:hidden" aria-label={t("events.month.dayList")}>
          {agenda.map((cell) => (
            <li key={cell.key} id={`day-${cell.key}`} className="scroll-mt-20">
              <h3 className="font-semibold">
                <time dateTime={cell.key}>{fullDate.format(dateOf(cell.key))}</time>
              </h3>
              <ul className="mt-2 space-y-2">
                {cell.items.map((item) => (
                  <li
                    key={`${item.id} ${item.start}`}
                    className="rounded-xl border border-border bg-card p-3"
                  >
                    <Link to={item.href} className="font-medium break-words hover:underline">
                      <span dir="auto">{item.title}</span>
                    </Link>
                    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                      <span>
                        {item.continued ? (
                          t("events.month.continues")
                        ) : (
                          <>
                            <time dateTime={item.start}>{time.format(new Date(item.start))}</time>
                            {" – "}
                            <time dateTime={item.end}>{time.format(new Date(item.end))}</time>
                          </>
                        )}
                      </span>
                      {item.online ? (
                        <span className="inline-flex items-center gap-1">
                          <Video className="size-4" aria-hidden="true" />
                          {t("events.list.online")}
                        </span>
                      ) : null}
                      <span dir="auto">{item.covenName ?? t("events.list.siteWide")}</span>
                      {item.viewerRsvp ? (
                        <span className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                          {t(`events.rsvp.${item.viewerRsvp}`)}
                        </span>
                      ) : null}
                    </p>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
