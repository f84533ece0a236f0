import { Form, Link } from "react-router";
import type { Route } from "./+types/consultations";
import { FormField } from "#app/components/form-field";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { IntentButton } from "#app/components/ui/intent-button";
import { Pagination } from "#app/components/ui/pagination";
import { Textarea } from "#app/components/ui/textarea";
import { useActionToast } from "#app/hooks/use-action-toast";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { textKey } from "#app/i18n/i18n";
import { pageMeta } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/react";
import { cn } from "#app/lib/cn";
import { actionOk, failureOf, parseForm } from "#app/lib/form";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { requireAdmin } from "#app/modules/auth/index.server";
import { viewerZone } from "#app/modules/coven-events";
import { CONSULTATION_LIMITS, slotStarts } from "#app/modules/consultations";
import {
  ConsultationRefusedError,
  adminConsultations,
  adminSlots,
  consultationRefusal,
  createSlots,
  discardConsultation,
  setSlotPublished,
} from "#app/modules/consultations/index.server";
import {
  CONSULTATION_FILTERS,
  consultationAdminSchema,
  isConsultationFilter,
} from "#app/modules/consultations/validation";

export const handle = { texts: ["admin", "consultations"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "consultations.admin.title", { noindex: true });

/** `/admin/consultations?show=upcoming|past|discarded|cancelled&page=`: availability and bookings. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const asked = url.searchParams.get("show");
  const show = isConsultationFilter(asked) ? asked : "upcoming";
  const [slots, bookings] = await Promise.all([
    adminSlots(),
    adminConsultations(show, pageNumber(url.searchParams.get("page"))),
  ]);
  return {
    show,
    timeZone: viewerZone(request.headers.get("cookie")),
    slots: slots.map((s) => ({ ...s, startsAt: s.startsAt.toISOString() })),
    bookings: {
      ...bookings,
      rows: bookings.rows.map((b) => ({ ...b, startsAt: b.startsAt.toISOString() })),
    },
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const parsed = await parseForm(request, consultationAdminSchema);
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  try {
    if (input.intent === "createSlots") {
      const zone = viewerZone(request.headers.get("cookie"));
      const added = await createSlots(viewer.actor, {
        starts: slotStarts(input.start, zone, input.repeat, input.weeks),
        durationMinutes: input.duration,
      });
      return actionOk({
        toast:
          added > 0
            ? { key: "consultations.admin.added", params: { count: added } }
            : { key: "consultations.admin.noneAdded" },
      });
    }
    if (input.intent === "publish" || input.intent === "unpublish") {
      await setSlotPublished(viewer.actor, input.id, input.intent === "publish");
      return actionOk({
        toast: {
          key:
            input.intent === "publish"
              ? "consultations.admin.publishedToast"
              : "consultations.admin.unpublishedToast",
        },
      });
    }
    await discardConsultation(viewer.actor, input.id, input.reason);
    return actionOk({ toast: { key: "consultations.admin.discarded" } });
  } catch (error) {
    if (error instanceof ConsultationRefusedError) return consultationRefusal(error, parsed.values);
    throw error;
  }
}

export default function AdminConsultations({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const sent = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  const { show, timeZone, slots, bookings } = loaderData;
  const when = dateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  });
  const minutes = numberFormat(i18n.language, {
    style: "unit",
    unit: "minute",
    unitDisplay: "short",
  });
  return (
    <section aria-labelledby="consultations-admin-title">
      <h1 id="consultations-admin-title" className="text-2xl font-semibold">
        {t("consultations.admin.title")}
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
        {t("consultations.admin.intro")}
      </p>

      <section className="mt-6" aria-labelledby="slots-title">
        <h2 id="slots-title" className="text-xl font-semibold">
          {t("consultations.admin.slotsTitle")}
        </h2>
        <details
          className="mt-3 max-w-2xl rounded-xl border border-dashed border-border p-4"
          open={sent.intent === "createSlots"}
        >
          <summary className="cursor-pointer font-medium">
            {t("consultations.admin.addTitle")}
          </summary>
          <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
            <input type="hidden" name="intent" value="createSlots" />
            <FormField
              label={t("consultations.admin.start", { zone: timeZone })}
              name="start"
              type="datetime-local"
              defaultValue={sent.start}
              error={sent.intent === "createSlots" ? errors.start : undefined}
              required
            />
            <FormField
              label={t("consultations.admin.duration")}
              name="duration"
              error={sent.intent === "createSlots" ? errors.duration : undefined}
            >
              {({ id, describedBy, invalid }) => (
                <select
                  id={id}
                  name="duration"
                  defaultValue={sent.duration ?? "60"}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
                >
                  {CONSULTATION_LIMITS.durations.map((d) => (
                    <option key={d} value={d}>
                      {minutes.format(d)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label={t("consultations.admin.repeat")} name="repeat">
              {({ id }) => (
                <select
                  id={id}
                  name="repeat"
                  defaultValue={sent.repeat ?? "none"}
                  className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
                >
                  <option value="none">{t("consultations.admin.repeatNone")}</option>
                  <option value="weekdays">{t("consultations.admin.repeatWeekdays")}</option>
                </select>
              )}
            </FormField>
            <FormField
              label={t("consultations.admin.weeks")}
              name="weeks"
              type="number"
              min={1}
              max={CONSULTATION_LIMITS.repeatWeeks}
              defaultValue={sent.weeks ?? "1"}
              error={sent.intent === "createSlots" ? errors.weeks : undefined}
            />
            <div className="sm:col-span-2">
              <Button type="submit">{t("consultations.admin.add")}</Button>
            </div>
          </Form>
        </details>
        {slots.length === 0 ? (
          <p className="mt-4 text-muted-foreground">{t("consultations.admin.slotsEmpty")}</p>
        ) : (
          <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="admin-slots">
            {slots.map((slot) => (
              <li
                key={slot.id}
                className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-card p-3 text-sm"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{when.format(new Date(slot.startsAt))}</span>
                  <span className="block text-muted-foreground">
                    {minutes.format(slot.durationMinutes)} ·{" "}
                    {slot.bookedBy ? (
                      <bdi>{t("consultations.admin.bookedBy", { name: slot.bookedBy })}</bdi>
                    ) : (
                      t("consultations.admin.free")
                    )}
                  </span>
                </span>
                <Badge variant={slot.published ? "secondary" : "outline"}>
                  {slot.published
                    ? t("consultations.admin.published")
                    : t("consultations.admin.hidden")}
                </Badge>
                <IntentButton
                  intent={slot.published ? "unpublish" : "publish"}
                  fields={{ id: slot.id }}
                  variant="ghost"
                  label={`${slot.published ? t("consultations.admin.unpublish") : t("consultations.admin.publish")}: ${when.format(new Date(slot.startsAt))}`}
                >
                  {slot.published
                    ? t("consultations.admin.unpublish")
                    : t("consultations.admin.publish")}
                </IntentButton>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mt-8" aria-labelledby="bookings-title">
        <h2 id="bookings-title" className="text-xl font-semibold">
          {t("consultations.admin.bookingsTitle")}
        </h2>
        <nav className="mt-3" aria-label={t("consultations.admin.bookingsTitle")}>
          <ul className="flex flex-wrap gap-2">
            {CONSULTATION_FILTERS.map((option) => (
              <li key={option}>
                <Link
                  to={`/admin/consultations?show=${option}`}
                  aria-current={option === show ? "page" : undefined}
                  className={cn(
                    "inline-block rounded-full border px-3 py-1 text-sm",
                    option === show
                      ? "border-primary bg-primary text-primary-foreground"
                      : "border-border hover:bg-muted",
                  )}
                >
                  {t(`consultations.status.${option}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-3 text-sm text-muted-foreground">{t("consultations.admin.discardNote")}</p>
        {bookings.rows.length === 0 ? (
          <p className="mt-4 text-muted-foreground">{t("consultations.admin.bookingsEmpty")}</p>
        ) : (
          <ul className="mt-4 space-y-2" data-testid="admin-bookings">
            {bookings.rows.map((booking) => {
              const mine = sent.intent === "discard" && sent.id === booking.id;
              return (
                <li key={booking.id} className="rounded-xl border border-border bg-card p-4">
                  <div className="flex flex-wrap items-center gap-3">
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">
                        {booking.memberSlug ? (
                          <Link
                            to={`/profile/${booking.memberSlug}`}
                            className="hover:underline"
                            dir="auto"
                          >
                            {booking.memberName}
                          </Link>
                        ) : (
                          <bdi>{booking.memberName}</bdi>
                        )}
                      </span>
                      <span className="block text-sm text-muted-foreground">
                        {when.format(new Date(booking.startsAt))} ·{" "}
                        {minutes.format(booking.durationMinutes)}
                      </span>
                      {booking.discardReason ? (
                        <span className="block text-sm" dir="auto">
                          {t("consultations.page.reason", { reason: booking.discardReason })}
                        </span>
                      ) : null}
                    </span>
                  </div>
                  {booking.status === "booked" ? (
                    <details className="mt-2" open={mine}>
                      <summary className="cursor-pointer text-sm text-destructive">
                        {t("consultations.admin.discard")}
                      </summary>
                      <Form method="post" className="mt-3 space-y-3" noValidate>
                        <input type="hidden" name="intent" value="discard" />
                        <input type="hidden" name="id" value={booking.id} />
                        <FormField
                          id={`reason-${booking.id}`}
                          label={t("consultations.admin.discardReason")}
                          name="reason"
                          error={mine ? errors.reason : undefined}
                        >
                          {({ id, describedBy, invalid }) => (
                            <Textarea
                              id={id}
                              name="reason"
                              rows={2}
                              maxLength={CONSULTATION_LIMITS.reason}
                              defaultValue={mine ? sent.reason : undefined}
                              aria-describedby={describedBy}
                              aria-invalid={invalid || undefined}
                              dir="auto"
                              required
                            />
                          )}
                        </FormField>
                        {mine && failure?.formError ? (
                          <FieldError message={t(textKey(failure.formError))} />
                        ) : null}
                        <Button type="submit" variant="destructive" size="sm">
                          {t("consultations.admin.discard")}
                        </Button>
                      </Form>
                    </details>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <Pagination page={bookings.page} pageCount={bookings.pageCount} className="mt-4" />
      </section>
    </section>
  );
}
