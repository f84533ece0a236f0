import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { ImageFileField } from "#app/components/ui/image-file-field";
import { Select } from "#app/components/ui/select";
import { LANGUAGES } from "#app/i18n/locales";
import { MarkdownEditor } from "#app/modules/discussions/components/markdown-editor";
import { COVEN_MEMBER_LIMIT } from "../policy";
import { COVEN_LIMITS, COVEN_VISIBILITIES } from "../validation";
import { visibilityHelpKey, visibilityKey } from "./texts";

export interface CovenFormValues {
  name?: string;
  description?: string;
  tags?: string;
  language?: string;
  visibility?: string;
  memberLimit?: string;
}

/**
 * The create form and the leaders' settings form: a plain multipart form that works without
 * JavaScript; the server checks every field again (validation.ts).
 */
export function CovenForm({
  values,
  errors,
  submitLabel,
  intent,
  hasBanner = false,
}: {
  values: CovenFormValues;
  errors: Record<string, string>;
  submitLabel: string;
  /** The settings tab posts to the coven's own action, which needs to know what is asked. */
  intent?: string;
  hasBanner?: boolean;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const visibility = values.visibility ?? "open";
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-5" noValidate>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormField
        label={t("covens.form.name")}
        name="name"
        defaultValue={values.name}
        error={errors.name}
        maxLength={COVEN_LIMITS.nameMax}
        dir="auto"
        required
      />
      <MarkdownEditor
        name="description"
        label={t("covens.form.description")}
        defaultValue={values.description}
        error={errors.description}
        maxLength={COVEN_LIMITS.descriptionMax}
        rows={8}
      />
      <FormField
        label={t("covens.form.tags")}
        name="tags"
        defaultValue={values.tags}
        error={errors.tags}
        hint={t("covens.form.tagsHint", { count: COVEN_LIMITS.tags })}
        dir="auto"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t("covens.form.language")} name="language" error={errors.language}>
          {({ id, describedBy, invalid }) => (
            <Select
              id={id}
              name="language"
              defaultValue={values.language ?? ""}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              required
            >
              <option value="" disabled>
                {t("covens.form.chooseLanguage")}
              </option>
              {LANGUAGES.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.nativeName}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label={t("covens.form.memberLimit")}
          name="memberLimit"
          type="number"
          inputMode="numeric"
          min={COVEN_MEMBER_LIMIT.min}
          max={COVEN_MEMBER_LIMIT.default}
          defaultValue={values.memberLimit ?? String(COVEN_MEMBER_LIMIT.default)}
          error={errors.memberLimit}
          hint={t("covens.form.memberLimitHint", {
            min: COVEN_MEMBER_LIMIT.min,
            max: COVEN_MEMBER_LIMIT.default,
          })}
          required
        />
      </div>
      <fieldset
        className="space-y-2"
        aria-describedby={errors.visibility ? "visibility-error" : undefined}
      >
        <legend className="text-sm font-medium">{t("covens.form.visibility")}</legend>
        {COVEN_VISIBILITIES.map((option) => (
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
              <span className="block text-sm font-medium">{t(visibilityKey(option))}</span>
              <span className="block text-xs text-muted-foreground">
                {t(visibilityHelpKey(option))}
              </span>
            </span>
          </label>
        ))}
        <FieldError
          id="visibility-error"
          message={errors.visibility ? t(textKey(errors.visibility)) : undefined}
        />
      </fieldset>
      <ImageFileField
        id="coven-banner"
        name="banner"
        label={t("covens.form.banner")}
        hint={t("covens.form.bannerHint", { megabytes: COVEN_LIMITS.bannerBytes / (1024 * 1024) })}
        error={errors.banner ? t(textKey(errors.banner)) : undefined}
        remove={hasBanner ? { name: "removeBanner", label: t("covens.form.removeBanner") } : null}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t("common.saving") : submitLabel}
      </Button>
    </Form>
  );
}
