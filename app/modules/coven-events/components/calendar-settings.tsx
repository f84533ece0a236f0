import { Copy } from "lucide-react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardHeader } from "#app/components/ui/card";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { toast } from "#app/components/ui/toast";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";

/*
 * The settings' calendar section: the member's personal feed address (copied with a button,
 * replaced behind a confirmation, since calendars subscribed to the old one stop updating), the
 * event reminders a day and an hour before, and the time zone pages show times in. Each part is
 * its own small form posting an `intent` (calendar-validation.ts), so all work without JavaScript
 * except the copy button, beside which the address stays selectable.
 */

export interface CalendarSettingsData {
  feedUrl: string;
  reminders: boolean;
  timeZone: string;
  /** The zone was picked here, not detected by the browser. */
  zoneChosen: boolean;
  zones: string[];
}

export function CalendarSettings({
  data,
  zoneError,
}: {
  data: CalendarSettingsData;
  zoneError?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const id = useId();
  const feedId = `${id}-feed`;
  const zoneId = `${id}-zone`;
  const zoneListId = `${id}-zones`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(data.feedUrl);
      toast.success(t("settings.calendar.copied"));
    } catch {
      toast.error(t("settings.calendar.copyFailed"));
    }
  }

  return (
    <Card className="mt-6">
      <CardHeader>
        <h2 id="calendar-settings" className="text-lg font-semibold">
          {t("settings.calendar.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("settings.calendar.subtitle")}</p>
      </CardHeader>
      <CardContent className="space-y-8">
        <div className="space-y-2">
          <Label htmlFor={feedId}>{t("settings.calendar.feed")}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={feedId}
              readOnly
              value={data.feedUrl}
              dir="ltr"
              className="min-w-0 flex-1 font-mono text-xs"
              aria-describedby={`${feedId}-hint`}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button type="button" variant="secondary" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              {t("settings.calendar.copy")}
            </Button>
          </div>
          <p id={`${feedId}-hint`} className="text-xs text-muted-foreground">
            {t("settings.calendar.feedHint")}
          </p>
          {/* Closed again once the new address is there. */}
          <details key={data.feedUrl} className="rounded-lg border border-border px-3 py-2">
            <summary className="cursor-pointer text-sm font-medium">
              {t("settings.calendar.regenerate")}
            </summary>
            <Form method="post" className="mt-2 space-y-2">
              <p className="text-sm text-muted-foreground">
                {t("settings.calendar.regenerateConfirm")}
              </p>
              <input type="hidden" name="intent" value="calendar-regenerate" />
              <Button
                type="submit"
                variant="destructive"
                size="sm"
                disabled={sending("calendar-regenerate")}
              >
                {t("settings.calendar.regenerateYes")}
              </Button>
            </Form>
          </details>
        </div>

        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="calendar-reminders" />
          <label className="flex items-start gap-3 text-sm">
            <input
              // A new answer from the server draws the box again.
              key={String(data.reminders)}
              type="checkbox"
              name="reminders"
              defaultChecked={data.reminders}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              <span className="block font-medium">{t("settings.calendar.reminders")}</span>
              <span className="block text-muted-foreground">
                {t("settings.calendar.remindersHint")}
              </span>
            </span>
          </label>
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            disabled={sending("calendar-reminders")}
          >
            {t("settings.calendar.saveReminders")}
          </Button>
        </Form>

        <div className="space-y-2">
          <Form method="post" className="space-y-2" noValidate>
            <input type="hidden" name="intent" value="calendar-zone" />
            <Label htmlFor={zoneId}>{t("settings.calendar.zone")}</Label>
            <Input
              key={data.timeZone}
              id={zoneId}
              name="timeZone"
              list={zoneListId}
              defaultValue={data.timeZone}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${zoneId}-hint`}
              aria-invalid={zoneError ? true : undefined}
            />
            <datalist id={zoneListId}>
              {data.zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
            <p id={`${zoneId}-hint`} className="text-xs text-muted-foreground">
              {data.zoneChosen
                ? t("settings.calendar.zoneChosen")
                : t("settings.calendar.zoneDetected")}
            </p>
            <FieldError message={zoneError ? t(textKey(zoneError)) : undefined} />
            <Button type="submit" variant="secondary" size="sm" disabled={sending("calendar-zone")}>
              {t("settings.calendar.saveZone")}
            </Button>
          </Form>
          {data.zoneChosen ? (
            <Form method="post">
              <input type="hidden" name="intent" value="calendar-zone-auto" />
              <Button type="submit" variant="link" size="sm">
                {t("settings.calendar.zoneAuto")}
              </Button>
            </Form>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
