import { CalendarPlus, MapPin, Repeat, Video } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { useHydrated } from "#app/hooks/use-hydrated";
import { useTranslation } from "#app/i18n/react";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import type { CovenLoaded } from "./coven-types";

/**
 * The zone dates are shown in: the server's guess (the `tz` cookie the events pages keep, UTC
 * before it is known) for the first render, then the browser's own.
 */
function useViewerTimeZone(serverZone: string): string {
  const hydrated = useHydrated();
  if (!hydrated) return serverZone;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || serverZone;
}

/** The coven's upcoming events, each linking to its page; hosts may plan a new one. */
export function EventsTab({ loaderData }: { loaderData: CovenLoaded }) {
  const { t, i18n } = useTranslation();
  const { events, coven, can } = loaderData;
  const timeZone = useViewerTimeZone(loaderData.timeZone);
  if (!events) return null;
  const when = dateTimeFormat(i18n.language, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone,
  });
  const number = numberFormat(i18n.language);
  const slug = encodeURIComponent(coven.slug);
  return (
    <section aria-labelledby="events-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="events-title" className="text-lg font-semibold">
          {t("covens.events.title")}
        </h2>
        {can.createEvent ? (
          <Button asChild size="sm">
            <Link to={`/covens/events/new?coven=${slug}`}>
              <CalendarPlus aria-hidden="true" />
              {t("covens.events.new")}
            </Link>
          </Button>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-muted-foreground">
        {t("covens.events.zoneNote", { zone: timeZone })}
      </p>
      {events.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {t("covens.events.empty")}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
          {events.map((event) => (
            <li key={`${event.id} ${event.occurrenceStart}`} className="p-4">
              <p className="text-sm text-muted-foreground">
                <time dateTime={event.start}>{when.format(new Date(event.start))}</time>
              </p>
              <h3 className="mt-0.5 font-semibold break-words">
                <Link
                  to={
                    event.recurring
                      ? `/covens/events/${event.id}?occurrence=${encodeURIComponent(event.occurrenceStart)}`
                      : `/covens/events/${event.id}`
                  }
                  className="hover:underline"
                  dir="auto"
                >
                  {event.title}
                </Link>
              </h3>
              <p className="mt-1 flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
                {event.online ? (
                  <span className="inline-flex items-center gap-1">
                    <Video className="size-3.5" aria-hidden="true" />
                    {t("covens.events.online")}
                  </span>
                ) : event.place ? (
                  <span className="inline-flex items-center gap-1" dir="auto">
                    <MapPin className="size-3.5" aria-hidden="true" />
                    {event.place}
                  </span>
                ) : null}
                {event.recurring ? (
                  <span className="inline-flex items-center gap-1">
                    <Repeat className="size-3.5" aria-hidden="true" />
                    {t("covens.events.recurring")}
                  </span>
                ) : null}
                <span>
                  {event.capacity === null
                    ? t("covens.events.going", { number: number.format(event.going) })
                    : t("covens.events.seats", {
                        going: number.format(event.going),
                        capacity: number.format(event.capacity),
                      })}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-sm">
        <Link to={`/covens/events?coven=${slug}`} className="text-primary hover:underline">
          {t("covens.events.all")}
        </Link>
      </p>
    </section>
  );
}
