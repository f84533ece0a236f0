import { useState } from "react";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { LANGUAGES } from "#app/i18n/locales";
import { FormField } from "#app/components/form-field";
import { Select } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { ACTIVE_DAYS_MAX, BODY_MAX, SUBJECT_MAX } from "../limits";
import { AUDIENCE_KINDS, type AudienceKind } from "../types";

export interface ComposeValues {
  subject: string;
  body: string;
  audience: AudienceKind;
  covenId: string;
  language: string;
  days: string;
  inApp: boolean;
  email: boolean;
}

/** The fields of a broadcast: its text, its audience (with the filter's value) and its channels. */
export function ComposeFields({
  values,
  errors,
  covens,
}: {
  values: ComposeValues;
  errors: Record<string, string>;
  covens: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const [audience, setAudience] = useState<AudienceKind>(values.audience);
  return (
    <div className="space-y-4">
      <FormField
        label={t("admin.broadcast.subject")}
        name="subject"
        defaultValue={values.subject}
        maxLength={SUBJECT_MAX}
        error={errors.subject}
        required
      />
      <FormField
        label={t("admin.broadcast.body")}
        name="body"
        error={errors.body}
        hint={t("admin.broadcast.bodyHint")}
      >
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            name="body"
            rows={10}
            maxLength={BODY_MAX}
            defaultValue={values.body}
            className="font-mono text-sm"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>
      <FormField label={t("admin.broadcast.audience")} name="audience" error={errors.audience}>
        {({ id, describedBy }) => (
          <Select
            id={id}
            name="audience"
            value={audience}
            onChange={(e) => setAudience(e.target.value as AudienceKind)}
            aria-describedby={describedBy}
          >
            {AUDIENCE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(textKey(`admin.broadcast.audiences.${kind}`))}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {audience === "coven" ? (
        <FormField label={t("admin.broadcast.coven")} name="covenId" error={errors.covenId}>
          {({ id, describedBy, invalid }) => (
            <Select
              id={id}
              name="covenId"
              defaultValue={values.covenId}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              <option value="">{t("admin.broadcast.chooseCoven")}</option>
              {covens.map((coven) => (
                <option key={coven.id} value={coven.id}>
                  {coven.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : null}
      {audience === "language" ? (
        <FormField label={t("admin.broadcast.language")} name="language" error={errors.language}>
          {({ id, describedBy, invalid }) => (
            <Select
              id={id}
              name="language"
              defaultValue={values.language}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              {LANGUAGES.map((language) => (
                <option key={language.code} value={language.code}>
                  {language.nativeName}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : null}
      {audience === "active" ? (
        <FormField
          label={t("admin.broadcast.days")}
          name="days"
          type="number"
          min={1}
          max={ACTIVE_DAYS_MAX}
          inputMode="numeric"
          defaultValue={values.days}
          error={errors.days}
        />
      ) : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("admin.broadcast.channels")}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="inApp" defaultChecked={values.inApp} className="size-4" />
          {t("admin.broadcast.inApp")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="email" defaultChecked={values.email} className="size-4" />
          {t("admin.broadcast.email")}
        </label>
        {errors.inApp ? (
          <p className="text-sm text-destructive" role="alert">
            {t(textKey(errors.inApp))}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}

/** The form values of a stored broadcast (or of a new one). */
export function composeValues(
  broadcast?: {
    subject: string;
    body: string;
    audience: { kind: AudienceKind; covenId?: string; language?: string; days?: number };
    channels: { inApp: boolean; email: boolean };
  },
  sent?: Record<string, string>,
): ComposeValues {
  if (sent)
    return {
      subject: sent.subject ?? "",
      body: sent.body ?? "",
      audience: (AUDIENCE_KINDS as string[]).includes(sent.audience ?? "")
        ? (sent.audience as AudienceKind)
        : "everyone",
      covenId: sent.covenId ?? "",
      language: sent.language ?? "en",
      days: sent.days ?? "30",
      inApp: sent.inApp === "on",
      email: sent.email === "on",
    };
  return {
    subject: broadcast?.subject ?? "",
    body: broadcast?.body ?? "",
    audience: broadcast?.audience.kind ?? "everyone",
    covenId: broadcast?.audience.covenId ?? "",
    language: broadcast?.audience.language ?? "en",
    days: String(broadcast?.audience.days ?? 30),
    inApp: broadcast?.channels.inApp ?? true,
    email: broadcast?.channels.email ?? true,
  };
}
