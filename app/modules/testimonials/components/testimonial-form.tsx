import { useTranslation } from "#app/i18n/react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { Textarea } from "#app/components/ui/textarea";
import { TESTIMONIAL_MAX } from "../policy";

/** A member's testimonial: the text and whether to show their display name with it. */
export function TestimonialForm({
  values,
  errors,
  displayName,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  displayName: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-4" noValidate>
      <FormField
        label={t("testimonials.form.body")}
        name="body"
        error={errors.body}
        hint={t("testimonials.form.bodyHint", { count: TESTIMONIAL_MAX })}
      >
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            name="body"
            rows={5}
            maxLength={TESTIMONIAL_MAX}
            defaultValue={values.body}
            dir="auto"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="showName"
          className="mt-1"
          defaultChecked={values.body === undefined || values.showName === "on"}
        />
        <span>
          {t("testimonials.form.showName")} (<bdi>{displayName}</bdi>)
        </span>
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? t("common.saving") : t("testimonials.form.submit")}
      </Button>
    </Form>
  );
}
