import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { Select } from "#app/components/ui/select";
import { POST_BODY_MAX, POST_TITLE_MAX } from "../limits";
import { MarkdownEditor } from "./markdown-editor";

/** The new-discussion and edit-discussion form; the server re-checks every rule. */
export function PostForm({
  heading,
  submitLabel,
  categories,
  values,
  errors,
}: {
  heading: string;
  submitLabel: string;
  categories: Array<{ slug: string; title: string }>;
  values: { title?: string; category?: string; content?: string };
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-semibold">{heading}</h1>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        {errors.form ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          >
            {t(textKey(errors.form))}
          </p>
        ) : null}
        <FormField
          label={t("discussions.form.title")}
          name="title"
          defaultValue={values.title}
          error={errors.title}
          maxLength={POST_TITLE_MAX}
          required
        />
        <FormField label={t("discussions.form.category")} name="category" error={errors.category}>
          {({ id, describedBy, invalid }) => (
            <Select
              id={id}
              name="category"
              defaultValue={values.category ?? ""}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              required
            >
              <option value="" disabled>
                {t("discussions.form.chooseCategory")}
              </option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.title}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <MarkdownEditor
          name="content"
          label={t("discussions.form.body")}
          defaultValue={values.content}
          error={errors.content}
          maxLength={POST_BODY_MAX}
          rows={14}
        />
        <Button type="submit" disabled={busy}>
          {busy ? t("common.saving") : submitLabel}
        </Button>
      </Form>
    </div>
  );
}
