import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/react";
import { MarkdownEditor } from "#app/modules/discussions/components/markdown-editor";
import { OUTLINE_LIMITS } from "../admin-validation";

export interface LessonFormValues {
  title?: string;
  slug?: string;
  body?: string;
  estimatedMinutes?: string;
  requiresPrevious?: string;
}

/**
 * The lesson editor's form: title, slug (unique in the course), Markdown text, minutes and
 * "requires the previous lesson". A plain form that works without JavaScript; the server checks
 * every field again (admin-validation.ts `lessonFieldsSchema`).
 */
export function LessonForm({
  values,
  errors,
}: {
  values: LessonFormValues;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="max-w-3xl space-y-5" noValidate>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label={t("academy.lessonEditor.title")}
          name="title"
          defaultValue={values.title}
          error={errors.title}
          maxLength={OUTLINE_LIMITS.lessonTitleMax}
          dir="auto"
          required
        />
        <FormField
          label={t("academy.lessonEditor.slug")}
          name="slug"
          defaultValue={values.slug}
          error={errors.slug}
          maxLength={OUTLINE_LIMITS.slugMax}
          hint={t("academy.lessonEditor.slugHint")}
          dir="ltr"
          required
        />
      </div>
      <MarkdownEditor
        name="body"
        label={t("academy.lessonEditor.body")}
        defaultValue={values.body}
        error={errors.body}
        maxLength={OUTLINE_LIMITS.lessonBodyMax}
        rows={16}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label={t("academy.lessonEditor.minutes")}
          name="estimatedMinutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={OUTLINE_LIMITS.lessonMinutesMax}
          defaultValue={values.estimatedMinutes ?? "5"}
          error={errors.estimatedMinutes}
          required
        />
        <label className="flex items-start gap-2 self-center text-sm">
          <input
            type="checkbox"
            name="requiresPrevious"
            className="mt-1"
            defaultChecked={values.requiresPrevious === "on"}
          />
          <span>{t("academy.lessonEditor.requiresPrevious")}</span>
        </label>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? t("common.saving") : t("common.save")}
      </Button>
    </Form>
  );
}
