import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { ImageFileField } from "#app/components/ui/image-file-field";
import { Select } from "#app/components/ui/select";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { RECURRENCE_LIMITS, WEEKDAYS } from "#app/modules/calendar";
import { MarkdownEditor } from "#app/modules/discussions/components/markdown-editor";
import { EVENT_LIMITS, EVENT_VISIBILITIES } from "../validation";
import { MoonDates } from "./moon-dates";

export interface EventHosts {
  siteWide: boolean;
  covens: Array<{ id: string; name: string }>;
}

/** Days between two "YYYY-MM-DD" dates (the end keeps its distance when the start moves). */
function dayShift(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return shifted.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  const parse = (value: string) => {
    const [year, month, day] = value.split("-").map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, day);
  };
  const days = Math.round((parse(to) - parse(from)) / 86_400_000);
  return Number.isFinite(days) ? Math.max(0, days) : 0;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The new-event and edit form: a plain multipart form that works without JavaScript (the moon
 * helper needs it); the server checks every field again with the same schema (validation.ts).
 */
export function EventForm({
  values,
  errors,
  zones,
  moons,
  hosts,
  hostName,
  hasCover,
  submitLabel,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  zones: string[];
  moons: Array<{ kind: "new" | "full"; at: string }>;
  /** The new-event form's host choices; the edit form shows `hostName` instead. */
  hosts?: EventHosts;
  hostName?: string | null;
  hasCover: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [timeZone, setTimeZone] = useState(values.timeZone ?? "UTC");
  // The page may learn the viewer's zone after the first render (use-viewer-zone.ts): the zone
  // follows, and nothing typed meanwhile is lost.
  const [givenZone, setGivenZone] = useState(values.timeZone);
  if (values.timeZone !== givenZone) {
    setGivenZone(values.timeZone);
    setTimeZone(values.timeZone ?? "UTC");
  }
  const [startDate, setStartDate] = useState(values.startDate ?? "");
  const [endDate, setEndDate] = useState(values.endDate ?? "");
  const [repeat, setRepeat] = useState(values.repeat ?? "none");
  const [announced, setAnnounced] = useState("");

  const chooseStart = (date: string, label: string) => {
    // The end keeps its distance from the start (a circle running past midnight stays so).
    const span = DATE.test(startDate) && DATE.test(endDate) ? daysBetween(startDate, endDate) : 0;
    setStartDate(date);
    setEndDate(dayShift(date, span));
    setAnnounced(t("events.form.moonChosen", { date: label }));
  };

  const zoneOptions = zones.includes(timeZone) ? zones : [timeZone, ...zones];
  const visibility = values.visibility ?? "public";

  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6" noValidate>
      <FormField
        label={t("events.form.title")}
        name="title"
        defaultValue={values.title}
        error={errors.title}
        maxLength={EVENT_LIMITS.title}
        dir="auto"
        required
      />
      <MarkdownEditor
        name="description"
        label={t("events.form.description")}
        defaultValue={values.description}
        error={errors.description}
        maxLength={EVENT_LIMITS.description}
        rows={8}
      />

      <fieldset className="space-y-4 rounded-xl border border-border p-4">
        <legend className="px-1 text-sm font-semibold">{t("events.form.when")}</legend>
        <FormField label={t("events.form.timeZone")} name="timeZone" error={errors.timeZone}>
          {({ id, describedBy, invalid }) => (
            <Select
              id={id}
              name="timeZone"
              value={timeZone}
              onChange={(event) => setTimeZone(event.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              {zoneOptions.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t("events.form.startDate")}
            name="startDate"
            type="date"
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
            error={errors.startDate}
            required
          />
          <FormField
            label={t("events.form.startTime")}
            name="startTime"
            type="time"
            defaultValue={values.startTime}
            error={errors.startTime}
            required
          />
        </div>
        <MoonDates moons={moons} timeZone={timeZone} onChoose={chooseStart} />
        <p aria-live="polite" className="sr-only">
          {announced}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t("events.form.endDate")}
            name="endDate"
            type="date"
            value={endDate}
            onChange={(event) => setEndDate(event.target.value)}
            error={errors.endDate}
            required
          />
          <FormField
            label={t("events.form.endTime")}
            name="endTime"
            type="time"
            defaultValue={values.endTime}
            error={errors.endTime}
            required
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4 rounded-xl border border-border p-4">
        <legend className="px-1 text-sm font-semibold">{t("events.form.repeat")}</legend>
        <FormField label={t("events.form.repeatLabel")} name="repeat" error={errors.repeat}>
          {({ id, describedBy }) => (
            <Select
              id={id}
              name="repeat"
              value={repeat}
              onChange={(event) => setRepeat(event.target.value)}
              aria-describedby={describedBy}
            >
              <option value="none">{t("events.form.repeatNone")}</option>
              <option value="weekly">{t("events.form.repeatWeekly")}</option>
              <option value="monthly">{t("events.form.repeatMonthly")}</option>
            </Select>
          )}
        </FormField>
        {repeat === "weekly" ? (
          <>
            <div className="max-w-48">
              <FormField
                label={t("events.form.interval")}
                name="interval"
                type="number"
                inputMode="numeric"
                min={1}
                max={RECURRENCE_LIMITS.maxInterval}
                defaultValue={values.interval ?? "1"}
                error={errors.interval}
                hint={t("events.form.intervalHint", { max: RECURRENCE_LIMITS.maxInterval })}
              />
            </div>
            <fieldset aria-describedby="event-weekdays-hint">
              <legend className="text-sm font-medium">{t("events.form.weekdays")}</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {WEEKDAYS.map((day) => (
                  <label
                    key={day}
                    className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-1.5 text-sm has-checked:border-primary has-checked:bg-primary/5"
                  >
                    <input
                      type="checkbox"
                      name={`day-${day}`}
                      defaultChecked={values[`day-${day}`] === "on"}
                    />
                    {t(`events.form.days.${day}`)}
                  </label>
                ))}
              </div>
              <p id="event-weekdays-hint" className="mt-1 text-xs text-muted-foreground">
                {t("events.form.weekdaysHint")}
              </p>
              <FieldError message={errors.weekdays ? t(textKey(errors.weekdays)) : undefined} />
            </fieldset>
          </>
        ) : null}
        {repeat === "monthly" ? (
          <fieldset>
            <legend className="text-sm font-medium">{t("events.form.monthly")}</legend>
            <div className="mt-2 space-y-2">
              {(["nth", "last"] as const).map((option) => (
                <label key={option} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="monthWeek"
                    value={option}
                    defaultChecked={(values.monthWeek ?? "nth") === option}
                  />
                  {t(`events.form.monthWeek.${option}`)}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {repeat !== "none" ? (
          <div className="max-w-56">
            <FormField
              label={t("events.form.until")}
              name="until"
              type="date"
              defaultValue={values.until}
              error={errors.until}
              hint={t("events.form.untilHint", { years: RECURRENCE_LIMITS.maxYears })}
            />
          </div>
        ) : null}
      </fieldset>

      <fieldset className="space-y-4 rounded-xl border border-border p-4">
        <legend className="px-1 text-sm font-semibold">{t("events.form.where")}</legend>
        <FormField
          label={t("events.form.onlineUrl")}
          name="onlineUrl"
          type="url"
          inputMode="url"
          defaultValue={values.onlineUrl}
          error={errors.onlineUrl}
          maxLength={EVENT_LIMITS.url}
          hint={t("events.form.onlineUrlHint")}
          dir="ltr"
        />
        <FormField
          label={t("events.form.place")}
          name="place"
          defaultValue={values.place}
          error={errors.place}
          maxLength={EVENT_LIMITS.place}
          dir="auto"
        />
        <div className="max-w-48">
          <FormField
            label={t("events.form.capacity")}
            name="capacity"
            type="number"
            inputMode="numeric"
            min={1}
            max={EVENT_LIMITS.capacity}
            defaultValue={values.capacity}
            error={errors.capacity}
            hint={t("events.form.capacityHint")}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4 rounded-xl border border-border p-4">
        <legend className="px-1 text-sm font-semibold">{t("events.form.who")}</legend>
        {hosts ? (
          <FormField label={t("events.form.host")} name="host" error={errors.host}>
            {({ id, describedBy, invalid }) => (
              <Select
                id={id}
                name="host"
                defaultValue={values.host}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              >
                {hosts.covens.map((coven) => (
                  <option key={coven.id} value={coven.id}>
                    {coven.name}
                  </option>
                ))}
                {hosts.siteWide ? <option value="site">{t("events.form.siteWide")}</option> : null}
              </Select>
            )}
          </FormField>
        ) : (
          <p className="text-sm">
            <span className="text-muted-foreground">{t("events.form.host")}: </span>
            <span dir="auto">{hostName ?? t("events.form.siteWide")}</span>
          </p>
        )}
        <fieldset aria-describedby={errors.visibility ? "event-visibility-error" : undefined}>
          <legend className="text-sm font-medium">{t("events.form.visibility")}</legend>
          <div className="mt-2 space-y-2">
            {EVENT_VISIBILITIES.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-checked:border-primary has-checked:bg-primary/5"
              >
                <input
                  type="radio"
                  name="visibility"
                  value={option}
                  defaultChecked={visibility === option}
                  className="mt-1"
                />
                <span>
                  <span className="block text-sm font-medium">
                    {t(`events.form.visibilities.${option}`)}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {t(`events.form.visibilityHints.${option}`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldError
            id="event-visibility-error"
            message={errors.visibility ? t(textKey(errors.visibility)) : undefined}
          />
        </fieldset>
      </fieldset>

      <ImageFileField
        id="event-cover"
        name="cover"
        label={t("events.form.cover")}
        hint={t("events.form.coverHint", { megabytes: EVENT_LIMITS.coverBytes / (1024 * 1024) })}
        error={errors.cover ? t(textKey(errors.cover)) : undefined}
        remove={hasCover ? { name: "removeCover", label: t("events.form.removeCover") } : null}
      />

      <Button type="submit" disabled={busy}>
        {busy ? t("common.saving") : submitLabel}
      </Button>
    </Form>
  );
}
