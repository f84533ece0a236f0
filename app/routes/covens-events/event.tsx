import { CalendarPlus, Download, MapPin, Pencil, Video } from "lucide-react";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/event";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { Avatar } from "#app/components/ui/avatar";
import { Button } from "#app/components/ui/button";
import { useActionToast } from "#app/hooks/use-action-toast";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { pageMeta } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/react";
import { actionError, actionOk, validateForm, readForm } from "#app/lib/form";
import { idParam } from "#app/lib/ids";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import { getActor } from "#app/modules/auth/index.server";
import {
  cancelEvent,
  cancelOccurrence,
  EventRefusedError,
  eventRefusalAnswer,
  messageAttendees,
  MESSAGE_LIMIT,
  moveOccurrence,
  rsvp,
} from "#app/modules/coven-events/index.server";
import { eventDetails } from "#app/modules/coven-events/index.server";
import { viewerZone } from "#app/modules/coven-events";
import { HostTools } from "#app/modules/coven-events/components/host-tools";
import {
  messageSchema,
  moveSchema,
  wallFields,
  wallInstant,
} from "#app/modules/coven-events/validation";

export const handle = {
  texts: ["events"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded) => loaded?.event.title ?? null),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? pageMeta(args, { text: args.loaderData.event.title }) : [];

/** `?occurrence=` and the forms' occurrence field: an occurrence's key, an ISO instant. */
const occurrenceSchema = z.iso.datetime({ message: "events.page.badOccurrence" });

function occurrenceParam(value: string | null): Date | undefined {
  if (value === null) return undefined;
  const parsed = occurrenceSchema.safeParse(value);
  if (!parsed.success) throw data("events.page.badOccurrence", { status: 400 });
  return new Date(parsed.data);
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("rsvp"),
    occurrence: occurrenceSchema,
    answer: z.enum(["going", "maybe", "not_going"], { message: "events.page.badAnswer" }),
  }),
  z.object({ intent: z.literal("cancel-event") }),
  z.object({ intent: z.literal("cancel-occurrence"), occurrence: occurrenceSchema }),
  moveSchema.extend({ intent: z.literal("move-occurrence") }),
  messageSchema.extend({ intent: z.literal("message"), occurrence: occurrenceSchema }),
]);

/**
 * `/covens/events/:id` (optionally `?occurrence=` for one date of a series): the event as the
 * viewer may see it (policy.ts; a hidden or missing event is a plain 404), their RSVP with the
 * waitlist position, the online link only for those policy lets see it, and for hosts cancelling
 * the event or one occurrence and the attendee list as CSV.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const id = idParam(params.id);
  const occurrence = occurrenceParam(url.searchParams.get("occurrence"));
  const actor = await getActor(request);
  const event = await eventDetails(actor, id, occurrence);
  if (!event) throw data(null, { status: 404 });
  const start = wallFields(event.occurrence.start, event.timeZone);
  const end = wallFields(event.occurrence.end, event.timeZone);
  return {
    timeZone: viewerZone(request.headers.get("cookie")),
    /** The move form's fields: the occurrence as it stands, in the event's zone. */
    moveValues: {
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
    },
    messageLimit: MESSAGE_LIMIT.perEvent,
    signedIn: actor !== null,
    event: {
      ...event,
      occurrence: {
        originalStart: event.occurrence.originalStart.toISOString(),
        start: event.occurrence.start.toISOString(),
        end: event.occurrence.end.toISOString(),
        cancelled: event.occurrence.cancelled,
        moved: event.occurrence.moved,
      },
      upcoming: event.upcoming.map((o) => ({
        originalStart: o.originalStart.toISOString(),
        start: o.start.toISOString(),
      })),
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = idParam(params.id);
  const actor = await getActor(request);
  const form = await readForm(request);
  const parsed = validateForm(form, actionSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "rsvp": {
        const status = await rsvp(actor, id, new Date(input.occurrence), input.answer);
        return actionOk({ toast: { key: `events.toasts.${status}` } });
      }
      case "cancel-event":
        await cancelEvent(actor, id);
        return actionOk({ toast: { key: "events.toasts.eventCancelled" } });
      case "cancel-occurrence":
        await cancelOccurrence(actor, id, new Date(input.occurrence));
        return actionOk({ toast: { key: "events.toasts.occurrenceCancelled" } });
      case "move-occurrence": {
        // The new times are wall times of the event's own zone, as the form shows them.
        const event = await eventDetails(actor, id);
        if (!event) throw new EventRefusedError("notFound");
        const start = wallInstant(input.startDate, input.startTime, event.timeZone);
        const end = wallInstant(input.endDate, input.endTime, event.timeZone);
        if (!start || !end)
          return actionError({
            fieldErrors: { [start ? "endDate" : "startDate"]: "events.form.errors.times" },
            formError: "events.form.errors.times",
            values: parsed.values,
          });
        await moveOccurrence(actor, id, new Date(input.occurrence), start, end);
        return actionOk({ toast: { key: "events.toasts.occurrenceMoved" } });
      }
      case "message": {
        const { recipients } = await messageAttendees(
          actor,
          id,
          new Date(input.occurrence),
          input.message,
          input.includeWaitlist === "on",
        );
        return actionOk({ toast: { key: "events.toasts.messageSent", params: { recipients } } });
      }
    }
  } catch (error) {
    // The page's forms have no place beside most fields: the reason is also the toast.
    if (error instanceof EventRefusedError)
      return eventRefusalAnswer(error, parsed.values, { toast: true });
    throw error;
  }
}

export default function CovenEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const { event, timeZone, signedIn, moveValues, messageLimit } = loaderData;
  const { occurrence } = event;
  const number = numberFormat(i18n.language);
  const when = (zone: string) =>
    dateTimeFormat(i18n.language, {
      dateStyle: "full",
      timeStyle: "short",
      timeZone: zone,
    });
  const endTime = (zone: string) =>
    dateTimeFormat(i18n.language, {
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
      timeZone: zone,
    });
  const range = (zone: string) =>
    `${when(zone).format(new Date(occurrence.start))} – ${endTime(zone).format(new Date(occurrence.end))}`;
  const base = `/covens/events/${event.id}`;
  const occurrenceQuery = event.recurring
    ? `?occurrence=${encodeURIComponent(occurrence.originalStart)}`
    : "";
  const upcomingFormat = dateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  });
  const answers = [
    ["going", t("events.rsvp.going")],
    ["maybe", t("events.rsvp.maybe")],
    ["not_going", t("events.rsvp.not_going")],
  ] as const;
  return (
    <article className="mx-auto max-w-4xl px-4 py-8">
      <header className="space-y-2">
        {event.coven ? (
          <Link
            to={`/covens/${event.coven.slug}`}
            className="text-sm text-muted-foreground hover:underline"
            dir="auto"
          >
            {event.coven.name}
          </Link>
        ) : (
          <p className="text-sm text-muted-foreground">{t("events.list.siteWide")}</p>
        )}
        <h1 className="text-3xl font-semibold break-words" dir="auto">
          {event.title}
        </h1>
        {event.cancelled || occurrence.cancelled ? (
          <p
            role="status"
            className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
          >
            {event.cancelled
              ? t("events.page.eventCancelled")
              : t("events.page.occurrenceCancelled")}
          </p>
        ) : null}
      </header>

      <dl className="mt-6 grid gap-4 rounded-xl border border-border bg-card p-5 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted-foreground">{t("events.page.yourTime")}</dt>
          <dd className="font-medium">
            <time dateTime={occurrence.start}>{range(timeZone)}</time>
          </dd>
        </div>
        {event.timeZone !== timeZone ? (
          <div>
            <dt className="text-sm text-muted-foreground">
              {t("events.page.eventTime", { zone: event.timeZone })}
            </dt>
            <dd>{range(event.timeZone)}</dd>
          </div>
        ) : null}
        {event.place ? (
          <div>
            <dt className="text-sm text-muted-foreground">{t("events.page.place")}</dt>
            <dd className="flex items-center gap-1" dir="auto">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              {event.place}
            </dd>
          </div>
        ) : null}
        {event.hasOnlineLink ? (
          <div>
            <dt className="text-sm text-muted-foreground">{t("events.list.online")}</dt>
            <dd className="flex items-center gap-1">
              <Video className="size-4 shrink-0" aria-hidden="true" />
              {event.onlineUrl ? (
                <a
                  href={event.onlineUrl}
                  rel="noopener noreferrer nofollow"
                  target="_blank"
                  className="break-all text-primary underline"
                >
                  {t("events.page.join")}
                </a>
              ) : (
                <span className="text-sm">{t("events.page.linkForGoing")}</span>
              )}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-sm text-muted-foreground">{t("events.page.attendance")}</dt>
          <dd>
            {event.capacity === null
              ? t("events.list.going", { number: number.format(event.counts.going) })
              : t("events.list.seats", {
                  going: number.format(event.counts.going),
                  capacity: number.format(event.capacity),
                })}
            {event.counts.waitlisted > 0
              ? ` · ${t("events.page.waitlistCount", { number: number.format(event.counts.waitlisted) })}`
              : ""}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="rsvp-title" className="mt-6 rounded-xl border border-border p-5">
        <h2 id="rsvp-title" className="text-lg font-semibold">
          {t("events.page.rsvpTitle")}
        </h2>
        {event.viewerRsvp ? (
          <p className="mt-1 text-sm" role="status">
            {event.viewerRsvp === "waitlisted" && event.viewerWaitlistPosition !== null
              ? t("events.page.waitlistPosition", {
                  position: number.format(event.viewerWaitlistPosition),
                })
              : t("events.page.yourAnswer", { answer: t(`events.rsvp.${event.viewerRsvp}`) })}
          </p>
        ) : null}
        {event.canRsvp ? (
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="rsvp" />
            <input type="hidden" name="occurrence" value={occurrence.originalStart} />
            {answers.map(([value, label]) => {
              const chosen =
                event.viewerRsvp === value ||
                (value === "going" && event.viewerRsvp === "waitlisted");
              return (
                <Button
                  key={value}
                  type="submit"
                  name="answer"
                  value={value}
                  variant={chosen ? "default" : "outline"}
                  aria-pressed={chosen}
                >
                  {label}
                </Button>
              );
            })}
          </Form>
        ) : !signedIn ? (
          <p className="mt-2 text-sm">
            <Link to={`/auth?redirectTo=${encodeURIComponent(base)}`} className="underline">
              {t("events.page.signInToRsvp")}
            </Link>
          </p>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">{t("events.page.rsvpClosed")}</p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button asChild variant="secondary">
            <a href={`${base}.ics`} download>
              <CalendarPlus aria-hidden="true" />
              {t("events.list.addToCalendar")}
            </a>
          </Button>
        </div>
      </section>

      {event.descriptionHtml ? (
        <section aria-labelledby="about-title" className="mt-6">
          <h2 id="about-title" className="text-lg font-semibold">
            {t("events.page.about")}
          </h2>
          <div
            className="prose prose-sm mt-2 max-w-none dark:prose-invert"
            dir="auto"
            dangerouslySetInnerHTML={{ __html: event.descriptionHtml }}
          />
        </section>
      ) : null}

      <section aria-labelledby="attendees-title" className="mt-6">
        <h2 id="attendees-title" className="text-lg font-semibold">
          {t("events.page.attendees")}{" "}
          <span className="text-muted-foreground">({number.format(event.counts.going)})</span>
        </h2>
        {event.attendees.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t("events.page.noAttendees")}</p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-3">
            {event.attendees.map((person) => (
              <li key={person.userId}>
                <Link
                  to={`/profile/${person.slug}`}
                  className="flex items-center gap-2 rounded-full pe-3 hover:bg-muted"
                >
                  <Avatar src={person.avatarUrl} name={person.name} size="sm" />
                  <span className="text-sm" dir="auto">
                    {person.name}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      {event.recurring && event.upcoming.length > 1 ? (
        <section aria-labelledby="dates-title" className="mt-6">
          <h2 id="dates-title" className="text-lg font-semibold">
            {t("events.page.otherDates")}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {event.upcoming.map((o) => (
              <li key={o.originalStart}>
                <Link
                  to={`${base}?occurrence=${encodeURIComponent(o.originalStart)}`}
                  aria-current={o.originalStart === occurrence.originalStart ? "page" : undefined}
                  className="inline-block rounded-full border border-border px-3 py-1 text-sm hover:bg-muted aria-[current=page]:bg-secondary"
                >
                  <time dateTime={o.start}>{upcomingFormat.format(new Date(o.start))}</time>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {event.canManage ? (
        <section aria-labelledby="host-title" className="mt-6 rounded-xl border border-border p-5">
          <h2 id="host-title" className="text-lg font-semibold">
            {t("events.page.hostTitle")}
          </h2>
          <div className="mt-3 flex flex-wrap items-start gap-3">
            {!event.cancelled ? (
              <Button asChild>
                <Link to={`${base}/edit`}>
                  <Pencil aria-hidden="true" />
                  {t("events.page.edit")}
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="outline">
              <a
                href={`${base}/attendees.csv${occurrenceQuery || `?occurrence=${encodeURIComponent(occurrence.originalStart)}`}`}
                download
              >
                <Download aria-hidden="true" />
                {t("events.page.csv")}
              </a>
            </Button>
            {!event.cancelled && event.recurring && !occurrence.cancelled ? (
              <details className="rounded-lg border border-border px-3 py-2">
                <summary className="cursor-pointer text-sm font-medium">
                  {t("events.page.cancelOccurrence")}
                </summary>
                <Form method="post" className="mt-2 space-y-2">
                  <p className="text-sm">{t("events.page.cancelOccurrenceConfirm")}</p>
                  <input type="hidden" name="intent" value="cancel-occurrence" />
                  <input type="hidden" name="occurrence" value={occurrence.originalStart} />
                  <Button type="submit" variant="destructive" size="sm">
                    {t("events.page.confirmCancel")}
                  </Button>
                </Form>
              </details>
            ) : null}
            {!event.cancelled ? (
              <HostTools
                // Its fields hold the date shown: another date of the series starts them afresh.
                key={occurrence.originalStart}
                occurrence={occurrence.originalStart}
                recurring={event.recurring && !occurrence.cancelled}
                timeZone={event.timeZone}
                moveValues={moveValues}
                messageLimit={messageLimit}
                hasWaitlist={event.counts.waitlisted > 0}
              />
            ) : null}
            {!event.cancelled ? (
              <details className="rounded-lg border border-border px-3 py-2">
                <summary className="cursor-pointer text-sm font-medium">
                  {t("events.page.cancelEvent")}
                </summary>
                <Form method="post" className="mt-2 space-y-2">
                  <p className="text-sm">{t("events.page.cancelEventConfirm")}</p>
                  <input type="hidden" name="intent" value="cancel-event" />
                  <Button type="submit" variant="destructive" size="sm">
                    {t("events.page.confirmCancel")}
                  </Button>
                </Form>
              </details>
            ) : null}
          </div>
        </section>
      ) : null}
    </article>
  );
}
