import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { ImageFileField } from "#app/components/ui/image-file-field";
import { Select } from "#app/components/ui/select";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { MarkdownEditor } from "#app/modules/discussions/components/markdown-editor";
import { COURSE_COVER, COURSE_LIMITS } from "../admin-validation";
import { COURSE_LEVELS } from "../policy";

export interface CourseFormValues {
  title?: string;
  summary?: string;
  description?: string;
  level?: string;
  categoryId?: string;
  isPremium?: string;
  estimatedMinutes?: string;
}

/**
 * The admin's course form (create and edit): a plain form that works without JavaScript; the
 * server checks every field again (admin-validation.ts).
 */
export function CourseForm({
  values,
  errors,
  categories,
  cover = null,
  submitLabel,
}: {
  values: CourseFormValues;
  errors: Record<string, string>;
  categories: { id: string; title: string; isActive: boolean }[];
  /** The current cover's address (edit page), to show and offer to remove. */
  cover?: string | null;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" encType="multipart/form-data" className="max-w-3xl space-y-5" noValidate>
      <FormField
        label={t("academy.admin.form.title")}
        name="title"
        defaultValue={values.title}
        error={errors.title}
        maxLength={COURSE_LIMITS.titleMax}
        dir="auto"
        required
      />
      <FormField
        label={t("academy.admin.form.summary")}
        name="summary"
        defaultValue={values.summary}
        error={errors.summary}
        maxLength={COURSE_LIMITS.summaryMax}
        dir="auto"
      />
      <MarkdownEditor
        name="description"
        label={t("academy.admin.form.description")}
        defaultValue={values.description}
        error={errors.description}
        maxLength={COURSE_LIMITS.descriptionMax}
        rows={10}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField label={t("academy.admin.form.level")} name="level" error={errors.level}>
          {({ id, describedBy, invalid }) => (
            <Select
              id={id}
              name="level"
              defaultValue={values.level ?? "beginner"}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              {COURSE_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(`academy.levels.${level}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label={t("academy.admin.form.category")}
          name="categoryId"
          error={errors.categoryId}
        >
          {({ id, describedBy, invalid }) => (
            <Select
              id={id}
              name="categoryId"
              defaultValue={values.categoryId ?? ""}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              <option value="">{t("academy.admin.form.noCategory")}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.isActive
                    ? category.title
                    : t("academy.admin.form.inactiveCategory", { title: category.title })}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label={t("academy.admin.form.minutes")}
          name="estimatedMinutes"
          type="number"
          inputMode="numeric"
          min={0}
          max={COURSE_LIMITS.minutesMax}
          defaultValue={values.estimatedMinutes ?? "0"}
          error={errors.estimatedMinutes}
          required
        />
      </div>
      <ImageFileField
        id="course-cover"
        name="cover"
        label={t("academy.admin.form.cover")}
        hint={t("academy.admin.form.coverHint", {
          megabytes: COURSE_LIMITS.coverBytes / (1024 * 1024),
        })}
        error={errors.cover ? t(textKey(errors.cover)) : undefined}
        remove={cover ? { name: "removeCover", label: t("academy.admin.form.removeCover") } : null}
        preview={
          cover ? (
            <img
              src={cover}
              alt={t("academy.admin.form.currentCover")}
              width={COURSE_COVER.width}
              height={COURSE_COVER.height}
              className="aspect-video w-32 shrink-0 rounded-md object-cover"
            />
          ) : null
        }
      />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="isPremium"
          className="mt-1"
          defaultChecked={values.isPremium === "on"}
        />
        <span>{t("academy.admin.form.premium")}</span>
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? t("common.saving") : submitLabel}
      </Button>
    </Form>
  );
}
