import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { Select } from "#app/components/ui/select";
import { useTranslation } from "#app/i18n/react";
import { MarkdownEditor } from "#app/modules/discussions/components/markdown-editor";
import { ARTICLE_LIMITS, ARTICLE_TYPES } from "../types";

export interface ArticleFormValues {
  type?: string;
  title?: string;
  summary?: string;
  body?: string;
  categoryId?: string;
  isPremium?: string;
  /** ISO instant (stored) or the `datetime-local` text sent back after an error. */
  publishAt?: string;
}

/** `datetime-local` text of an instant in this browser's time zone. */
function localText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * The article form of `/content-management/new` and `/content-management/:id`: a plain form that
 * works without JavaScript (the publish time is then read as UTC); with it, the publish time is
 * shown and sent in the admin's own time zone. The server checks every field again.
 */
export function ArticleForm({
  values,
  errors,
  categories,
  typeFixed,
  submitLabel,
}: {
  values: ArticleFormValues;
  errors: Record<string, string>;
  categories: { id: string; type: string; title: string }[];
  /** The edit page: the type no longer changes. */
  typeFixed?: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const publishRef = useRef<HTMLInputElement>(null);
  const offsetRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (offsetRef.current) offsetRef.current.value = String(new Date().getTimezoneOffset());
    const stored = values.publishAt;
    if (publishRef.current && stored && stored.endsWith("Z"))
      publishRef.current.value = localText(stored);
  }, [values.publishAt]);
  const type = values.type ?? "grimoire";
  return (
    <Form method="post" className="max-w-3xl space-y-5" noValidate>
      <input ref={offsetRef} type="hidden" name="timeZoneOffset" defaultValue="0" />
      {typeFixed ? (
        <input type="hidden" name="type" value={type} />
      ) : (
        <FormField label={t("library.form.type")} name="type" error={errors.type}>
          {({ id, describedBy, invalid }) => (
            <Select
              id={id}
              name="type"
              defaultValue={type}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              {ARTICLE_TYPES.map((option) => (
                <option key={option} value={option}>
                  {t(`library.types.${option}.singular`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
      <FormField
        label={t("library.form.title")}
        name="title"
        defaultValue={values.title}
        error={errors.title}
        maxLength={ARTICLE_LIMITS.title}
        dir="auto"
        required
      />
      <FormField
        label={t("library.form.summary")}
        name="summary"
        defaultValue={values.summary}
        error={errors.summary}
        maxLength={ARTICLE_LIMITS.summary}
        hint={t("library.form.summaryHint")}
        dir="auto"
      />
      <MarkdownEditor
        name="body"
        label={t("library.form.body")}
        defaultValue={values.body}
        error={errors.body}
        maxLength={ARTICLE_LIMITS.body}
        rows={14}
      />
      <p className="text-xs text-muted-foreground">{t("library.form.excerptHint")}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label={t("library.form.category")}
          name="categoryId"
          error={errors.categoryId}
          hint={typeFixed ? undefined : t("library.form.categoryHint")}
        >
          {({ id, describedBy, invalid }) => (
            <Select
              id={id}
              name="categoryId"
              defaultValue={values.categoryId ?? ""}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              <option value="">{t("library.form.noCategory")}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {typeFixed
                    ? category.title
                    : `${t(`library.types.${category.type as "grimoire"}.singular`)} · ${category.title}`}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          ref={publishRef}
          label={t("library.form.publishAt")}
          name="publishAt"
          type="datetime-local"
          defaultValue={
            values.publishAt?.endsWith("Z") ? values.publishAt.slice(0, 16) : values.publishAt
          }
          error={errors.publishAt}
          hint={t("library.form.publishAtHint")}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="isPremium"
          defaultChecked={values.isPremium === "on" || values.isPremium === "true"}
          className="size-4"
        />
        {t("library.form.premium")}
      </label>
      <Button type="submit" name="intent" value="save" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
