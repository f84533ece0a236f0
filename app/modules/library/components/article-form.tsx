import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { ImageFileField } from "#app/components/ui/image-file-field";
import { Select } from "#app/components/ui/select";
import { textKey } from "#app/i18n/i18n";
import { Textarea } from "#app/components/ui/textarea";
import { useTranslation } from "#app/i18n/react";
import { MarkdownEditor } from "#app/modules/discussions/components/markdown-editor";
import { PRACTICE_LIMITS, PRACTICE_TYPES, stepsFromForm, type PracticeStep } from "../practice";
import { ARTICLE_COVER, ARTICLE_LIMITS, ARTICLE_TYPES } from "../types";
import { StepsEditor } from "./steps-editor";

export interface ArticleFormValues {
  type?: string;
  title?: string;
  summary?: string;
  body?: string;
  categoryId?: string;
  isPremium?: string;
  /** ISO instant (stored) or the `datetime-local` text sent back after an error. */
  publishAt?: string;
  materials?: string;
  timing?: string;
  /** Stored steps; after an error the form's own `steps.<n>.*` values are read instead. */
  steps?: PracticeStep[];
  [sent: `steps.${string}`]: string;
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
  cover = null,
}: {
  values: ArticleFormValues;
  errors: Record<string, string>;
  categories: { id: string; type: string; title: string }[];
  /** The edit page: the type no longer changes. */
  typeFixed?: boolean;
  submitLabel: string;
  /** The current cover's address (edit page), to show and offer to remove. */
  cover?: string | null;
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
  const steps =
    values.steps ??
    stepsFromForm(values as Record<string, string>).map((step) => ({
      title: step.title ?? "",
      text: step.text ?? "",
      minutes: step.minutes ?? "",
    }));
  const practiceOpen =
    (PRACTICE_TYPES as readonly string[]).includes(type) ||
    steps.length > 0 ||
    Boolean(values.materials || values.timing || errors.steps || errors.materials || errors.timing);
  return (
    <Form method="post" encType="multipart/form-data" className="max-w-3xl space-y-5" noValidate>
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
      <ImageFileField
        id="article-cover"
        name="cover"
        label={t("library.form.cover")}
        hint={t("library.form.coverHint", {
          megabytes: ARTICLE_LIMITS.coverBytes / (1024 * 1024),
        })}
        error={errors.cover ? t(textKey(errors.cover)) : undefined}
        remove={cover ? { name: "removeCover", label: t("library.form.removeCover") } : null}
        preview={
          cover ? (
            <img
              src={cover}
              alt={t("library.form.currentCover")}
              width={ARTICLE_COVER.width}
              height={ARTICLE_COVER.height}
              className="aspect-video w-32 shrink-0 rounded-md object-cover"
            />
          ) : null
        }
      />
      <details className="rounded-lg border border-border p-4" open={practiceOpen}>
        <summary className="cursor-pointer text-sm font-medium">
          {t("library.form.practice")}
        </summary>
        <div className="mt-4 space-y-5">
          <p className="text-xs text-muted-foreground">{t("library.form.practiceHint")}</p>
          <FormField
            label={t("library.form.materials")}
            name="materials"
            error={errors.materials}
            hint={t("library.form.materialsHint")}
          >
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                name="materials"
                rows={4}
                defaultValue={values.materials}
                maxLength={PRACTICE_LIMITS.materials}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                dir="auto"
              />
            )}
          </FormField>
          <FormField
            label={t("library.form.timing")}
            name="timing"
            defaultValue={values.timing}
            error={errors.timing}
            maxLength={PRACTICE_LIMITS.timing}
            hint={t("library.form.timingHint")}
            dir="auto"
          />
          <StepsEditor initial={steps} error={errors.steps} />
        </div>
      </details>
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
