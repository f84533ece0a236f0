import { CalendarCheck, ExternalLink } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/consultation";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { IntentButton } from "#app/components/ui/intent-button";
import { useActionToast } from "#app/hooks/use-action-toast";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { textKey } from "#app/i18n/i18n";
import { pageMeta } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/react";
import { actionOk, failureOf, parseForm } from "#app/lib/form";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import { getActor } from "#app/modules/auth/index.server";
import { useViewerZone, viewerZone } from "#app/modules/coven-events";
import { consultationMonth, now } from "#app/modules/consultations";
import {
  ConsultationRefusedError,
  bookConsultation,
  cancelConsultation,
  consultationAccess,
  consultationRefusal,
  myConsultations,
  openSlots,
} from "#app/modules/consultations/index.server";
import { consultationActionSchema } from "#app/modules/consultations/validation";
import { useRootData } from "#app/root";

export const handle = { texts: ["consultations"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) => pageMeta(args, "consultations.page.title");

/**
 * `/consultation`: who may book (decided on the server, with the reason when not), the rules,
 * the master's free times in the viewer's zone, and the member's own consultations.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await getActor(request);
  const access = await consultationAccess(actor);
  const timeZone = viewerZone(request.headers.get("cookie"));
  const mine = actor ? await myConsultations(actor.id) : [];
  const thisMonth = consultationMonth(now());
  const usedMonths = [
    ...new Set(
      mine.filter((c) => c.status !== "cancelled" && c.month >= thisMonth).map((c) => c.month),
    ),
  ].sort();
  const slots =
    access === "eligible"
      ? (await openSlots()).filter((slot) => !usedMonths.includes(consultationMonth(slot.startsAt)))
      : [];
  return {
    access,
    timeZone,
    usedMonths,
    slots: slots.map((s) => ({
      id: s.id,
      startsAt: s.startsAt.toISOString(),
      durationMinutes: s.durationMinutes,
    })),
    mine: mine.map((c) => ({
      id: c.id,
      startsAt: c.startsAt.toISOString(),
      durationMinutes: c.durationMinutes,
      status: c.status,
      upcoming: c.upcoming,
      canCancel: c.canCancel,
      discardReason: c.discardReason,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await getActor(request);
  const parsed = await parseForm(request, consultationActionSchema);
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  try {
    if (input.intent === "book") {
      await bookConsultation(actor, {
        slotId: input.slotId,
        timeZone: viewerZone(request.headers.get("cookie")),
      });
      return actionOk({ toast: { key: "consultations.page.booked" }, data: { booked: true } });
    }
    await cancelConsultation(actor, input.id);
    return actionOk({ toast: { key: "consultations.page.cancelled" } });
  } catch (error) {
    if (error instanceof ConsultationRefusedError) return consultationRefusal(error, parsed.values);
    throw error;
  }
}

const RULES = ["rule1", "rule2", "rule3", "rule4", "rule5"] as const;

function useFormats(timeZone: string) {
  const { i18n } = useTranslation();
  const day = dateTimeFormat(i18n.language, { dateStyle: "full", timeZone });
  const time = dateTimeFormat(i18n.language, { timeStyle: "short", timeZone });
  const when = dateTimeFormat(i18n.language, { dateStyle: "long", timeStyle: "short", timeZone });
  const month = dateTimeFormat(i18n.language, { month: "long", year: "numeric", timeZone: "UTC" });
  const minutes = numberFormat(i18n.language, {
    style: "unit",
    unit: "minute",
    unitDisplay: "long",
  });
  return { day, time, when, month, minutes };
}

export default function Consultation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  useActionToast(actionData);
  const { access, timeZone, slots, mine, usedMonths } = loaderData;
  useViewerZone(timeZone);
  const format = useFormats(timeZone);
  const masterName = settings.consultation_master_name || "Morgana";
  const tarotUrl = settings.tarot_reading_url;
  const failure = failureOf(actionData);
  const justBooked = Boolean(actionData?.ok && (actionData.data as { booked?: boolean })?.booked);
  const busy = useNavigation().state === "submitting";

  const days = new Map<string, typeof slots>();
  for (const slot of slots) {
    const key = format.day.format(new Date(slot.startsAt));
    days.set(key, [...(days.get(key) ?? []), slot]);
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("consultations.page.title")}</h1>
      <p className="mt-2 text-muted-foreground">
        {t("consultations.page.intro", { name: masterName })}
      </p>

      {justBooked ? (
        <div
          role="status"
          className="mt-6 rounded-xl border border-primary/40 bg-primary/5 p-4"
          data-testid="booked"
        >
          <p className="flex items-center gap-2 font-medium">
            <CalendarCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
            {t("consultations.page.booked")}
          </p>
          {tarotUrl ? (
            <Button asChild className="mt-3">
              <a href={tarotUrl} target="_blank" rel="noopener noreferrer">
                {t("consultations.page.openReading")}
                <ExternalLink className="size-4" aria-hidden="true" />
                <span className="sr-only">{t("consultations.nav.newTab")}</span>
              </a>
            </Button>
          ) : null}
        </div>
      ) : null}

      <section className="mt-6 rounded-xl border border-border bg-card p-5" aria-labelledby="rules">
        <h2 id="rules" className="text-xl font-semibold">
          {t("consultations.page.rulesTitle")}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 ps-5 text-sm">
          {RULES.map((rule) => (
            <li key={rule}>{t(`consultations.page.${rule}`)}</li>
          ))}
        </ol>
      </section>

      {access === "eligible" ? (
        <section className="mt-6" aria-labelledby="pick-title">
          <h2 id="pick-title" className="text-xl font-semibold">
            {t("consultations.page.pickTitle")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {t("consultations.page.zoneNote", { zone: timeZone })}
          </p>
          {usedMonths.length > 0 ? (
            <p className="mt-2 text-sm">
              {t("consultations.page.monthUsed", {
                months: usedMonths
                  .map((m) => format.month.format(new Date(`${m}-01T00:00:00Z`)))
                  .join(", "),
              })}
            </p>
          ) : null}
          {slots.length === 0 ? (
            <p className="mt-4 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
              {t("consultations.page.noSlots")}
            </p>
          ) : (
            <Form method="post" className="mt-4 space-y-4" noValidate>
              <input type="hidden" name="intent" value="book" />
              <fieldset aria-describedby={failure?.fieldErrors.slotId ? "slot-error" : undefined}>
                <legend className="sr-only">{t("consultations.page.pickTitle")}</legend>
                <div className="space-y-4">
                  {[...days].map(([day, daySlots]) => (
                    <div key={day}>
                      <p className="text-sm font-medium">{day}</p>
                      <ul className="mt-2 flex flex-wrap gap-2">
                        {daySlots.map((slot) => (
                          <li key={slot.id}>
                            <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10">
                              <input
                                type="radio"
                                name="slotId"
                                value={slot.id}
                                required
                                defaultChecked={failure?.values.slotId === slot.id}
                                className="accent-[hsl(var(--primary-hsl))]"
                              />
                              <span>
                                {format.time.format(new Date(slot.startsAt))}
                                <span className="text-muted-foreground">
                                  {" · "}
                                  {format.minutes.format(slot.durationMinutes)}
                                </span>
                              </span>
                            </label>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
                {failure?.fieldErrors.slotId ? (
                  <FieldError id="slot-error" message={t(textKey(failure.fieldErrors.slotId))} />
                ) : null}
              </fieldset>
              <div>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="rules"
                    required
                    className="mt-0.5 size-4 accent-[hsl(var(--primary-hsl))]"
                    aria-describedby={failure?.fieldErrors.rules ? "rules-error" : undefined}
                    aria-invalid={failure?.fieldErrors.rules ? true : undefined}
                  />
                  <span>{t("consultations.page.agree")}</span>
                </label>
                {failure?.fieldErrors.rules ? (
                  <FieldError id="rules-error" message={t(textKey(failure.fieldErrors.rules))} />
                ) : null}
              </div>
              {failure?.formError ? <FieldError message={t(textKey(failure.formError))} /> : null}
              <Button type="submit" disabled={busy}>
                {busy ? t("consultations.page.booking") : t("consultations.page.book")}
              </Button>
            </Form>
          )}
        </section>
      ) : (
        <section
          className="mt-6 rounded-xl border border-border bg-muted/40 p-5"
          data-testid="not-eligible"
        >
          {access === "guest" ? (
            <>
              <p>{t("consultations.access.guest")}</p>
              <Button asChild className="mt-3">
                <Link to={`/auth?redirectTo=${encodeURIComponent("/consultation")}`}>
                  {t("consultations.access.signIn")}
                </Link>
              </Button>
            </>
          ) : access === "free" ? (
            <>
              <p>{t("consultations.access.free")}</p>
              <Button asChild className="mt-3">
                <Link to="/subscription">{t("consultations.access.upgrade")}</Link>
              </Button>
            </>
          ) : (
            <>
              <p>{t("consultations.access.noCoven")}</p>
              <Button asChild className="mt-3">
                <Link to="/covens">{t("consultations.access.findCoven")}</Link>
              </Button>
            </>
          )}
        </section>
      )}

      {access !== "guest" ? (
        <section className="mt-8" aria-labelledby="mine-title">
          <h2 id="mine-title" className="text-xl font-semibold">
            {t("consultations.page.mineTitle")}
          </h2>
          {mine.length === 0 ? (
            <p className="mt-2 text-muted-foreground">{t("consultations.page.mineEmpty")}</p>
          ) : (
            <ul className="mt-3 space-y-2" data-testid="my-consultations">
              {mine.map((c) => {
                const status =
                  c.status === "booked" ? (c.upcoming ? "upcoming" : "past") : c.status;
                return (
                  <li
                    key={c.id}
                    className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-3"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">
                        {format.when.format(new Date(c.startsAt))}
                      </span>
                      <span className="block text-sm text-muted-foreground">
                        {format.minutes.format(c.durationMinutes)}
                      </span>
                      {c.discardReason ? (
                        <span className="block text-sm" dir="auto">
                          {t("consultations.page.reason", { reason: c.discardReason })}
                        </span>
                      ) : null}
                    </span>
                    <Badge variant={status === "discarded" ? "destructive" : "outline"}>
                      {t(`consultations.status.${status}`)}
                    </Badge>
                    {c.canCancel ? (
                      <IntentButton
                        intent="cancel"
                        fields={{ id: c.id }}
                        variant="ghost"
                        confirm={t("consultations.page.cancelConfirm")}
                        label={`${t("consultations.page.cancel")}: ${format.when.format(new Date(c.startsAt))}`}
                      >
                        {t("consultations.page.cancel")}
                      </IntentButton>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
