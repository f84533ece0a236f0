import { CalendarPlus, MapPin, Plus, Video } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/list";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { Button } from "#app/components/ui/button";
import { Label } from "#app/components/ui/label";
import { Select } from "#app/components/ui/select";
import { dateTimeFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { getActor } from "#app/modules/auth/index.server";
import { wallTimeOf } from "#app/modules/calendar";
import { now } from "#app/modules/coven-events";
import { canCreateEvents, eventsBetween, pastEvents } from "#app/modules/coven-events/index.server";
import { viewerZone, zoneCookie, ZONE_COOKIE } from "#app/modules/coven-events";

export const handle = { texts: ["events"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) => pageMeta(args, "events.title");

const DAY = 86_400_000;
/** Occurrences one page of the list shows. */
const PAGE_SIZE = 20;
/** How far ahead the list looks when no range is chosen. */
const UPCOMING_DAYS = 90;

const listQuerySchema = z.object({
  when: z.enum(["upcoming", "past"]).catch("upcoming"),
  range: z.enum(["all", "week", "month"]).catch("all"),
  format: z.enum(["all", "online", "in_person"]).catch("all"),
  coven: z.string().max(200).catch(""),
});

type ListQuery = z.infer<typeof listQuerySchema>;

function rangeEnd(from: Date, range: ListQuery["range"]): Date {
  if (range === "week") return new Date(from.getTime() + 7 * DAY);
  if (range === "month") return new Date(from.getTime() + 31 * DAY);
  return new Date(from.getTime() + UPCOMING_DAYS * DAY);
}

/**
 * /covens/events: the occurrences the viewer may see (policy.ts decides, event by event), open
 * to everyone; upcoming ones grouped by day in the viewer's time zone, or the past year's archive
 * (`?when=past`). Filtered by coven, online or in person and a week or a month ahead, paginated.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await getActor(request);
  const timeZone = viewerZone(request.headers.get("cookie"));
  const query = listQuerySchema.parse(Object.fromEntries(url.searchParams));
  const page = pageNumber(url.searchParams.get("page"));
  const start = now();
  const all =
    query.when === "past"
      ? await pastEvents(actor, 500)
      : (await eventsBetween(actor, start, rangeEnd(start, query.range))).filter(
          (item) => item.end > start,
        );
  const covens = new Map<string, string>();
  for (const item of all)
    if (item.covenSlug && item.covenName) covens.set(item.covenSlug, item.covenName);
  const shown = all.filter(
    (item) =>
      (!query.coven || item.covenSlug === query.coven) &&
      (query.format === "all" || (query.format === "online") === item.online),
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const items = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  // Grouped by the viewer's calendar day.
  const days: Array<{ key: string; date: Date; items: typeof items }> = [];
  for (const item of items) {
    const wall = wallTimeOf(item.start, timeZone);
    const key = `${wall.year}-${String(wall.month).padStart(2, "0")}-${String(wall.day).padStart(2, "0")}`;
    const last = days.at(-1);
    if (last?.key === key) last.items.push(item);
    else days.push({ key, date: item.start, items: [item] });
  }
  return {
    query,
    timeZone,
    canCreate: await canCreateEvents(actor),
    page: current,
    pages,
    total: shown.length,
    covens: [...covens].map(([slug, name]) => ({ slug, name })),
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

/** Writes the browser's zone into the cookie and reloads the data once when it differs. */
function useViewerZone(serverZone: string) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === serverZone) return;
    const known = document.cookie
      .split(";")
      .some((c) => c.trim() === `${ZONE_COOKIE}=${encodeURIComponent(zone)}`);
    document.cookie = zoneCookie(zone);
    if (!known) void revalidator.revalidate();
    // Once per zone the server rendered with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverZone]);
}

export default function CovenEvents({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, timeZone, page, pages, total, covens, days, canCreate } = loaderData;
  useViewerZone(timeZone);
  const dayFormat = dateTimeFormat(i18n.language, { dateStyle: "full", timeZone });
  const timeFormat = dateTimeFormat(i18n.language, { timeStyle: "short", timeZone });
  const past = query.when === "past";
  const filtered = Boolean(query.coven || query.format !== "all" || query.range !== "all");
  const link = (changes: Record<string, string>) => {
    const params = new URLSearchParams();
    const merged = { ...query, page: "1", ...changes };
    if (merged.when === "past") params.set("when", "past");
    if (merged.range !== "all") params.set("range", merged.range);
    if (merged.format !== "all") params.set("format", merged.format);
    if (merged.coven) params.set("coven", merged.coven);
    if (merged.page !== "1") params.set("page", merged.page);
    const search = params.toString();
    return search ? `?${search}` : "/covens/events";
  };
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

      <nav aria-label={t("events.list.views")} className="mt-6 flex gap-2">
        <Button asChild variant={past ? "ghost" : "secondary"}>
          <Link to={link({ when: "upcoming" })} aria-current={past ? undefined : "page"}>
            {t("events.list.upcoming")}
          </Link>
        </Button>
        <Button asChild variant={past ? "secondary" : "ghost"}>
          <Link to={link({ when: "past", range: "all" })} aria-current={past ? "page" : undefined}>
            {t("events.list.past")}
          </Link>
        </Button>
      </nav>

      <Form
        method="get"
        role="search"
        aria-labelledby="events-title"
        className="mt-4 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
      >
        {past ? <input type="hidden" name="when" value="past" /> : null}
        <div className="space-y-1.5">
          <Label htmlFor="events-coven">{t("events.list.coven")}</Label>
          <Select id="events-coven" name="coven" defaultValue={query.coven}>
            <option value="">{t("events.list.anyCoven")}</option>
            {covens.map((coven) => (
              <option key={coven.slug} value={coven.slug}>
                {coven.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="events-format">{t("events.list.format")}</Label>
          <Select id="events-format" name="format" defaultValue={query.format}>
            <option value="all">{t("events.list.anyFormat")}</option>
            <option value="online">{t("events.list.online")}</option>
            <option value="in_person">{t("events.list.inPerson")}</option>
          </Select>
        </div>
        {past ? null : (
          <div className="space-y-1.5">
            <Label htmlFor="events-range">{t("events.list.range")}</Label>
            <Select id="events-range" name="range" defaultValue={query.range}>
              <option value="all">{t("events.list.anyRange")}</option>
              <option value="week">{t("events.list.thisWeek")}</option>
              <option value="month">{t("events.list.thisMonth")}</option>
            </Select>
          </div>
        )}
        <Button type="submit" variant="secondary">
          {t("events.list.apply")}
        </Button>
      </Form>

      <p className="mt-4 text-sm text-muted-foreground">
        {t("events.list.zoneNote", { zone: timeZone })}
      </p>

      {total === 0 ? (
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
