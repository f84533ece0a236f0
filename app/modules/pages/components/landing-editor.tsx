import { useTranslation } from "#app/i18n/react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { Textarea } from "#app/components/ui/textarea";
import { LANDING_LIMITS, type LandingContent } from "../landing";

/** The form values of a landing page as the editor's fields name them (landing-validation.ts). */
export function landingFormValues(title: string, content: LandingContent): Record<string, string> {
  const values: Record<string, string> = { title, subtitle: content.subtitle };
  if (content.comparison) values.comparison = "on";
  content.sections.forEach((s, i) => {
    values[`section${i}Heading`] = s.heading;
    values[`section${i}Body`] = s.body;
  });
  content.ctas.forEach((c, i) => {
    values[`cta${i}Label`] = c.label;
    values[`cta${i}Path`] = c.path;
  });
  return values;
}

/**
 * The landing kind's editor (decision 047): hero title and subtitle, numbered section slots (the
 * filled ones and one empty, up to the limit; an emptied slot is removed on save), calls to
 * action and whether the figures and comparison table show. A plain form: works without
 * JavaScript, and the server checks everything again.
 */
export function LandingEditor({
  values,
  errors,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  let filled = 0;
  for (let i = 0; i < LANDING_LIMITS.sections; i++)
    if (values[`section${i}Heading`] || values[`section${i}Body`]) filled = i + 1;
  const slots = Math.min(LANDING_LIMITS.sections, filled + 1);
  return (
    <Form method="post" className="mt-6 max-w-3xl space-y-6" noValidate>
      <FormField
        label={t("admin.landing.heroTitle")}
        name="title"
        defaultValue={values.title}
        error={errors.title}
        maxLength={120}
        dir="auto"
        required
      />
      <FormField label={t("admin.landing.subtitle")} name="subtitle" error={errors.subtitle}>
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            name="subtitle"
            rows={2}
            maxLength={LANDING_LIMITS.subtitle}
            defaultValue={values.subtitle}
            dir="auto"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("admin.landing.sections")}</legend>
        <p className="text-sm text-muted-foreground">{t("admin.landing.sectionsHint")}</p>
        {Array.from({ length: slots }, (_, i) => (
          <div
            key={i}
            className="space-y-3 rounded-xl border border-border bg-card p-4"
            data-testid="landing-section"
          >
            <FormField
              label={t("admin.landing.sectionHeading", { number: i + 1 })}
              name={`section${i}Heading`}
              defaultValue={values[`section${i}Heading`]}
              error={errors[`section${i}Heading`]}
              maxLength={LANDING_LIMITS.heading}
              dir="auto"
            />
            <FormField
              label={t("admin.landing.sectionBody", { number: i + 1 })}
              name={`section${i}Body`}
              error={errors[`section${i}Body`]}
            >
              {({ id, describedBy, invalid }) => (
                <Textarea
                  id={id}
                  name={`section${i}Body`}
                  rows={6}
                  maxLength={LANDING_LIMITS.body}
                  defaultValue={values[`section${i}Body`]}
                  className="font-mono text-sm"
                  dir="auto"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                />
              )}
            </FormField>
          </div>
        ))}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("admin.landing.ctas")}</legend>
        <p className="text-sm text-muted-foreground">{t("admin.landing.ctasHint")}</p>
        {Array.from({ length: LANDING_LIMITS.ctas }, (_, i) => (
          <div key={i} className="grid gap-3 sm:grid-cols-2">
            <FormField
              label={t("admin.landing.ctaLabel", { number: i + 1 })}
              name={`cta${i}Label`}
              defaultValue={values[`cta${i}Label`]}
              error={errors[`cta${i}Label`]}
              maxLength={LANDING_LIMITS.label}
              dir="auto"
            />
            <FormField
              label={t("admin.landing.ctaPath", { number: i + 1 })}
              name={`cta${i}Path`}
              defaultValue={values[`cta${i}Path`]}
              error={errors[`cta${i}Path`]}
              maxLength={LANDING_LIMITS.path}
              dir="ltr"
              placeholder="/subscription"
            />
          </div>
        ))}
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="comparison"
          className="mt-1"
          defaultChecked={values.comparison === "on"}
        />
        <span>{t("admin.landing.comparison")}</span>
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? t("common.saving") : t("common.save")}
      </Button>
    </Form>
  );
}
