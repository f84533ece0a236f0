import { CalendarDays, CalendarPlus, List, MapPin, Plus, Video } from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/list";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { Button } from "#app/components/ui/button";
import { filterHref, isFiltered, ListFilters } from "#app/components/list-filters";
import { detectLocale } from "#app/i18n/detect";
import { dateTimeFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { getActor } from "#app/modules/auth/index.server";
import {
  dayKeyOf,
  firstDayOfWeek,
  monthOf,
  monthParam,
  now,
  parseMonth,
  shiftMonth,
  useViewerZone,
  viewerZone,
} from "#app/modules/coven-events";
import {
  canCreateEvents,
  monthEvents,
  occurrencePage,
  withSeats,
} from "#app/modules/coven-events/index.server";
import { MonthCalendar, type MonthCell } from "#app/modules/coven-events/components/month-calendar";

export const handle = { texts: ["events"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) => pageMeta(args, "events.title");

const DAY = 86_400_000;
/** Occurrences one page of the list shows. */
const PAGE_SIZE = 20;
/** How far ahead the list looks when no range is chosen. */
const UPCOMING_DAYS = 90;
/** How far back the archive looks. */
const ARCHIVE_DAYS = 365;

const listQuerySchema = z.object({
  view: z.enum(["list", "month"]).catch("list"),
  /** "YYYY-MM" of the month view; the current month of the viewer's zone when missing or bad. */
  month: z.string().max(7).catch(""),
  when: z.enum(["upcoming", "past"]).catch("upcoming"),
  range: z.enum(["all", "week", "month"]).catch("all"),
  format: z.enum(["all", "online", "in_person"]).catch("all"),
  coven: z.string().max(200).catch(""),
});

type ListQuery = z.infer<typeof listQuerySchema>;

/** The parameters at their defaults, left out of the page's links. */
const QUERY_DEFAULTS = {
  view: "list",
  when: "upcoming",
  range: "all",
  format: "all",
  page: "1",
} as const;

type Filterable = { online: boolean; covenSlug: string | null };

function matches(item: Filterable, query: Pick<ListQuery, "coven" | "format">): boolean {
  return (
    (!query.coven || item.covenSlug === query.coven) &&
    (query.format === "all" || (query.format === "online") === item.online)
  );
}

function eventHref(item: { id: string; recurring: boolean; occurrenceStart: Date }): string {
  return item.recurring
    ? `/covens/events/${item.id}?occurrence=${encodeURIComponent(item.occurrenceStart.toISOString())}`
    : `/covens/events/${item.id}`;
}

function rangeEnd(from: Date, range: ListQuery["range"]): Date {
  if (range === "week") return new Date(from.getTime() + 7 * DAY);
  if (range === "month") return new Date(from.getTime() + 31 * DAY);
  return new Date(from.getTime() + UPCOMING_DAYS * DAY);
}

/**
 * /covens/events: the occurrences the viewer may see (policy.ts decides, event by event), open
 * to everyone; upcoming ones grouped by day in the viewer's time zone, or the past year's archive
 * (`?when=past`). Filtered by coven, online or in person and a week or a month ahead, paginated.
 * `?view=month&month=YYYY-MM` shows a month as a grid of weeks instead (the same filters but the
 * range, which the month replaces).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await getActor(request);
  const timeZone = viewerZone(request.headers.get("cookie"));
  const query = listQuerySchema.parse(Object.fromEntries(url.searchParams));
  return query.view === "month"
    ? monthView(request, query, timeZone)
    : listView(actor, query, timeZone, pageNumber(url.searchParams.get("page")));
}

async function listView(
  actor: Awaited<ReturnType<typeof getActor>>,
  query: ListQuery,
  timeZone: string,
  page: number,
) {
  const start = now();
  const past = query.when === "past";
  const found = await occurrencePage(actor, {
    from: past ? new Date(start.getTime() - ARCHIVE_DAYS * DAY) : start,
    to: past ? start : rangeEnd(start, query.range),
    endedOnly: past,
    newestFirst: past,
    coven: query.coven,
    format: query.format,
    page,
    pageSize: PAGE_SIZE,
  });
  const items = await withSeats(actor, found.items);
  // Grouped by the viewer's calendar day.
  const days: Array<{ key: string; date: Date; items: typeof items }> = [];
  for (const item of items) {
    const key = dayKeyOf(item.start, timeZone);
    const last = days.at(-1);
    if (last?.key === key) last.items.push(item);
    else days.push({ key, date: item.start, items: [item] });
  }
  return {
    query,
    timeZone,
    canCreate: await canCreateEvents(actor),
    page: found.page,
    pages: found.pages,
    total: found.total,
    covens: found.covens,
    calendar: null,
    days: days.map((day) => ({
      key: day.key,
      date: day.date.toISOString(),
      items: day.items.map((item) => ({
        id: item.id,
        title: item.title,
        covenName: item.covenName,
        covenSlug: item.covenSlug,
        online: item.online,
        place: item.place,
        recurring: item.recurring,
        capacity: item.capacity,
        going: item.going,
        viewerRsvp: item.viewerRsvp,
        occurrenceStart: item.occurrenceStart.toISOString(),
        start: item.start.toISOString(),
        end: item.end.toISOString(),
      })),
    })),
  };
}

/** The covens of the events read, for the coven filter. */
function covenOptions(
  items: ReadonlyArray<{ covenSlug: string | null; covenName: string | null }>,
) {
  const covens = new Map<string, string>();
  for (const item of items)
    if (item.covenSlug && item.covenName) covens.set(item.covenSlug, item.covenName);
  return [...covens].map(([slug, name]) => ({ slug, name }));
}

/** The month view's data: the grid's weeks, each day with the occurrences it shows. */
async function monthView(request: Request, query: ListQuery, timeZone: string) {
  const actor = await getActor(request);
  const current = monthOf(now(), timeZone);
  const month = parseMonth(query.month) ?? current;
  const firstDay = firstDayOfWeek(detectLocale(request));
  const { weeks, occurrences } = await monthEvents(actor, month, { timeZone, firstDay });
  const shown = await withSeats(
    actor,
    occurrences.filter((item) => matches(item, query)),
  );
  const byDay = new Map<string, MonthCell["items"]>();
  for (const item of shown) {
    item.days.forEach((day, index) => {
      const list = byDay.get(day) ?? [];
      list.push({
        id: item.id,
        title: item.title,
        href: eventHref(item),
        start: item.start.toISOString(),
        end: item.end.toISOString(),
        // The first day of the list is the one it starts on, unless it began before the grid.
        continued: index > 0 || dayKeyOf(item.start, timeZone) !== day,
        online: item.online,
        covenName: item.covenName,
        viewerRsvp: item.viewerRsvp,
      });
      byDay.set(day, list);
    });
  }
  return {
    query: { ...query, month: monthParam(month) },
    timeZone,
    canCreate: await canCreateEvents(actor),
    page: 1,
    pages: 1,
    total: shown.length,
    covens: covenOptions(occurrences),
    days: [] as Awaited<ReturnType<typeof listView>>["days"],
    calendar: {
      month: monthParam(month),
      previous: monthParam(shiftMonth(month, -1)),
      next: monthParam(shiftMonth(month, 1)),
      current: monthParam(current),
      today: dayKeyOf(now(), timeZone),
      firstDay,
      weeks: weeks.map((week) =>
        week.map((day): MonthCell => ({ ...day, items: byDay.get(day.key) ?? [] })),
      ),
    },
  };
}

export default function CovenEvents({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, timeZone, page, pages, total, covens, days, calendar, canCreate } = loaderData;
  useViewerZone(timeZone);
  const dayFormat = dateTimeFormat(i18n.language, { dateStyle: "full", timeZone });
  const timeFormat = dateTimeFormat(i18n.language, { timeStyle: "short", timeZone });
  const past = !calendar && query.when === "past";
  // Every link of the page keeps the filters; the month and the page belong to their view.
  const values = {
    view: query.view,
    month: calendar ? query.month : "",
    when: calendar ? "upcoming" : query.when,
    range: query.range,
    format: query.format,
    coven: query.coven,
    page: "1",
  };
  const link = (changes: Partial<typeof values>) =>
    filterHref("/covens/events", { ...values, ...changes }, QUERY_DEFAULTS);
  const filtered = isFiltered(
    values,
    QUERY_DEFAULTS,
    calendar ? ["coven", "format"] : ["coven", "format", "range"],
  );
  const monthLink = (key: string) => link({ month: key === calendar?.current ? "" : key });
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id="events-title" className="text-3xl font-semibold">
            {t("events.title")}
          </h1>
          <p className="mt-1 text-muted-foreground">{t("events.list.subtitle")}</p>
        </div>
        {canCreate ? (
          <Button asChild>
            <Link to="/covens/events/new">
              <Plus aria-hidden="true" />
              {t("events.list.newEvent")}
            </Link>
          </Button>
        ) : null}
      </header>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-2">
        <nav aria-label={t("events.list.views")} className="flex gap-2">
          <Button asChild variant={calendar || past ? "ghost" : "secondary"}>
            <Link
              to={link({ view: "list", month: "", when: "upcoming" })}
              aria-current={calendar || past ? undefined : "page"}
            >
              {t("events.list.upcoming")}
            </Link>
          </Button>
          <Button asChild variant={past ? "secondary" : "ghost"}>
            <Link
              to={link({ view: "list", month: "", when: "past", range: "all" })}
              aria-current={past ? "page" : undefined}
            >
              {t("events.list.past")}
            </Link>
          </Button>
        </nav>
        <nav
          aria-label={t("events.month.layout")}
          className="flex rounded-lg border border-border p-0.5"
        >
          <Button asChild size="sm" variant={calendar ? "ghost" : "secondary"}>
            <Link
              to={link({ view: "list", month: "" })}
              aria-current={calendar ? undefined : "page"}
            >
              <List aria-hidden="true" />
              {t("events.month.listView")}
            </Link>
          </Button>
          <Button asChild size="sm" variant={calendar ? "secondary" : "ghost"}>
            <Link
              to={link({ view: "month", when: "upcoming" })}
              aria-current={calendar ? "page" : undefined}
            >
              <CalendarDays aria-hidden="true" />
              {t("events.month.monthView")}
            </Link>
          </Button>
        </nav>
      </div>

      <ListFilters
        idPrefix="events"
        labelledBy="events-title"
        className="mt-4"
        applyLabel={t("events.list.apply")}
        hidden={
          calendar
            ? {
                view: "month",
                month: query.month === calendar.current ? "" : query.month,
                range: values.range === "all" ? "" : values.range,
              }
            : { when: past ? "past" : "" }
        }
        fields={[
          {
            kind: "select",
            name: "coven",
            label: t("events.list.coven"),
            value: query.coven,
            options: [
              { value: "", label: t("events.list.anyCoven") },
              ...covens.map((coven) => ({ value: coven.slug, label: coven.name })),
            ],
          },
          {
            kind: "select",
            name: "format",
            label: t("events.list.format"),
            value: query.format,
            options: [
              { value: "all", label: t("events.list.anyFormat") },
              { value: "online", label: t("events.list.online") },
              { value: "in_person", label: t("events.list.inPerson") },
            ],
          },
          ...(past || calendar
            ? []
            : [
                {
                  kind: "select" as const,
                  name: "range",
                  label: t("events.list.range"),
                  value: query.range,
                  options: [
                    { value: "all", label: t("events.list.anyRange") },
                    { value: "week", label: t("events.list.thisWeek") },
                    { value: "month", label: t("events.list.thisMonth") },
                  ],
                },
              ]),
        ]}
      />

      <p className="mt-4 text-sm text-muted-foreground">
        {t("events.list.zoneNote", { zone: timeZone })}
      </p>

      {calendar ? (
        <>
          {filtered && total === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">
              {t("events.list.emptyFiltered")}{" "}
              <Link to={link({ coven: "", format: "all" })} className="underline">
                {t("events.list.clearFilters")}
              </Link>
            </p>
          ) : null}
          <MonthCalendar
            month={calendar.month}
            weeks={calendar.weeks}
            firstDay={calendar.firstDay}
            today={calendar.today}
            timeZone={timeZone}
            previousHref={monthLink(calendar.previous)}
            nextHref={monthLink(calendar.next)}
            todayHref={calendar.month === calendar.current ? null : monthLink(calendar.current)}
          />
        </>
      ) : total === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-border p-10 text-center">
          <p className="text-muted-foreground">
            {filtered
              ? t("events.list.emptyFiltered")
              : past
                ? t("events.list.emptyPast")
                : t("events.list.empty")}
          </p>
          {filtered ? (
            <Button asChild variant="outline" className="mt-4">
              <Link to={link({ coven: "", format: "all", range: "all" })}>
                {t("events.list.clearFilters")}
              </Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="mt-4 space-y-6">
          {days.map((day) => (
            <section key={day.key} aria-labelledby={`day-${day.key}`}>
              <h2 id={`day-${day.key}`} className="text-lg font-semibold">
                <time dateTime={day.key}>{dayFormat.format(new Date(day.date))}</time>
              </h2>
              <ul className="mt-2 space-y-2">
                {day.items.map((item) => (
                  <li
                    key={`${item.id} ${item.start}`}
                    className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-border bg-card p-4"
                  >
                    <div className="min-w-0 space-y-1">
                      <p className="font-medium break-words" dir="auto">
                        <Link
                          to={
                            item.recurring
                              ? `/covens/events/${item.id}?occurrence=${encodeURIComponent(item.occurrenceStart)}`
                              : `/covens/events/${item.id}`
                          }
                          className="hover:underline"
                        >
                          {item.title}
                        </Link>
                      </p>
                      <p className="text-sm text-muted-foreground">
                        <time dateTime={item.start}>{timeFormat.format(new Date(item.start))}</time>
                        {" – "}
                        <time dateTime={item.end}>{timeFormat.format(new Date(item.end))}</time>
                        {item.recurring ? ` · ${t("events.list.recurring")}` : ""}
                      </p>
                      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                        {item.online ? (
                          <span className="inline-flex items-center gap-1">
                            <Video className="size-4" aria-hidden="true" />
                            {t("events.list.online")}
                          </span>
                        ) : null}
                        {item.place ? (
                          <span className="inline-flex items-center gap-1" dir="auto">
                            <MapPin className="size-4" aria-hidden="true" />
                            {item.place}
                          </span>
                        ) : null}
                        {item.covenSlug && item.covenName ? (
                          <Link
                            to={`/covens/${item.covenSlug}`}
                            className="underline-offset-2 hover:underline"
                            dir="auto"
                          >
                            {item.covenName}
                          </Link>
                        ) : (
                          <span>{t("events.list.siteWide")}</span>
                        )}
                        <span>
                          {item.capacity === null
                            ? t("events.list.going", { count: item.going })
                            : t("events.list.seats", {
                                going: item.going,
                                capacity: item.capacity,
                              })}
                        </span>
                        {item.viewerRsvp ? (
                          <span className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                            {t(`events.rsvp.${item.viewerRsvp}`)}
                          </span>
                        ) : null}
                      </p>
                    </div>
                    <Button asChild variant="outline" size="sm">
                      <a href={`/covens/events/${item.id}.ics`} download>
                        <CalendarPlus aria-hidden="true" />
                        {t("events.list.addToCalendar")}
                        <span className="sr-only"> {item.title}</span>
                      </a>
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}

      {pages > 1 ? (
        <nav
          className="mt-6 flex items-center justify-between text-sm"
          aria-label={t("common.pageOf", { page, pages })}
        >
          {page > 1 ? (
            <Link to={link({ page: String(page - 1) })} className="hover:underline">
              {t("common.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span>{t("common.pageOf", { page, pages })}</span>
          {page < pages ? (
            <Link to={link({ page: String(page + 1) })} className="hover:underline">
              {t("common.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
