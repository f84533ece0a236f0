import { CalendarClock, Send } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { useActionToast } from "#app/hooks/use-action-toast";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import type { ActionResult } from "#app/lib/form";
import { EVENT_LIMITS } from "../validation";

/**
 * The hosts' tools for the occurrence shown: moving it (a date of a series; the others stay) and
 * writing to the members going. Each is a form of its own behind a `<details>`, posting to the
 * event page's action; each shows its own answer.
 */
export function HostTools({
  occurrence,
  recurring,
  timeZone,
  moveValues,
  messageLimit,
  hasWaitlist,
}: {
  occurrence: string;
  recurring: boolean;
  timeZone: string;
  moveValues: { startDate: string; startTime: string; endDate: string; endTime: string };
  messageLimit: number;
  hasWaitlist: boolean;
}) {
  const { t } = useTranslation();
  const move = useFetcher<ActionResult>();
  const message = useFetcher<ActionResult>();
  useActionToast(move.data);
  useActionToast(message.data);
  const messageForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (message.state === "idle" && message.data?.ok) messageForm.current?.reset();
  }, [message.state, message.data]);
  const moveErrors = move.data && !move.data.ok ? move.data.fieldErrors : {};
  const messageError =
    message.data && !message.data.ok ? message.data.fieldErrors.message : undefined;
  const moveValuesShown = move.data && !move.data.ok ? move.data.values : moveValues;
  return (
    <>
      {recurring ? (
        <details className="rounded-lg border border-border px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium">
            {t("events.page.moveOccurrence")}
          </summary>
          <move.Form method="post" className="mt-2 max-w-md space-y-3">
            <p className="text-sm">{t("events.page.moveOccurrenceHint", { zone: timeZone })}</p>
            <input type="hidden" name="intent" value="move-occurrence" />
            <input type="hidden" name="occurrence" value={occurrence} />
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField
                label={t("events.form.startDate")}
                name="startDate"
                type="date"
                defaultValue={moveValuesShown.startDate}
                error={moveErrors.startDate}
                required
              />
              <FormField
                label={t("events.form.startTime")}
                name="startTime"
                type="time"
                defaultValue={moveValuesShown.startTime}
                error={moveErrors.startTime}
                required
              />
              <FormField
                label={t("events.form.endDate")}
                name="endDate"
                type="date"
                defaultValue={moveValuesShown.endDate}
                error={moveErrors.endDate}
                required
              />
              <FormField
                label={t("events.form.endTime")}
                name="endTime"
                type="time"
                defaultValue={moveValuesShown.endTime}
                error={moveErrors.endTime}
                required
              />
            </div>
            <Button type="submit" size="sm" disabled={move.state !== "idle"}>
              <CalendarClock aria-hidden="true" />
              {t("events.page.moveConfirm")}
            </Button>
          </move.Form>
        </details>
      ) : null}
      <details className="rounded-lg border border-border px-3 py-2">
        <summary className="cursor-pointer text-sm font-medium">
          {t("events.page.messageAttendees")}
        </summary>
        <message.Form ref={messageForm} method="post" className="mt-2 max-w-md space-y-3">
          <input type="hidden" name="intent" value="message" />
          <input type="hidden" name="occurrence" value={occurrence} />
          <div className="space-y-1.5">
            <Label htmlFor="event-message">{t("events.page.messageLabel")}</Label>
            <Textarea
              id="event-message"
              name="message"
              rows={5}
              maxLength={EVENT_LIMITS.message}
              dir="auto"
              required
              aria-describedby="event-message-hint"
              aria-invalid={messageError ? true : undefined}
            />
            <p id="event-message-hint" className="text-xs text-muted-foreground">
              {t("events.page.messageHint", {
                max: EVENT_LIMITS.message,
                limit: messageLimit,
              })}
            </p>
            <FieldError message={messageError ? t(textKey(messageError)) : undefined} />
          </div>
          {hasWaitlist ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="includeWaitlist" />
              {t("events.page.messageWaitlist")}
            </label>
          ) : null}
          <Button type="submit" size="sm" disabled={message.state !== "idle"}>
            <Send aria-hidden="true" />
            {t("events.page.messageSend")}
          </Button>
        </message.Form>
      </details>
    </>
  );
}
