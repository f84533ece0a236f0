import { textKey } from "#app/i18n/i18n";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/react";
import { FormField } from "#app/components/form-field";
import { FieldError } from "#app/components/ui/field-error";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { PETITION_LIMITS } from "../policy";

export interface KindOption {
  id: string;
  name: string;
  description: string;
}

/** A member's ritual request: the kind, what it is for, and consent to the rules. */
export function PetitionForm({
  kinds,
  values,
  errors,
}: {
  kinds: KindOption[];
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-4" noValidate data-testid="petition-form">
      <FormField label={t("petitions.form.kind")} name="kindId" error={errors.kindId}>
        {({ id, describedBy, invalid }) => (
          <Select
            id={id}
            name="kindId"
            defaultValue={values.kindId ?? ""}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className="w-full"
          >
            <option value="">{t("petitions.form.kindPlaceholder")}</option>
            {kinds.map((kind) => (
              <option key={kind.id} value={kind.id}>
                {kind.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        label={t("petitions.form.intention")}
        name="intention"
        error={errors.intention}
        hint={t("petitions.form.intentionHint")}
        maxLength={PETITION_LIMITS.intention}
        defaultValue={values.intention}
        dir="auto"
        required
      />
      <FormField
        label={t("petitions.form.details")}
        name="details"
        error={errors.details}
        hint={t("petitions.form.detailsHint")}
      >
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            name="details"
            rows={5}
            maxLength={PETITION_LIMITS.details}
            defaultValue={values.details}
            dir="auto"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>
      <FormField
        label={t("petitions.form.names")}
        name="names"
        error={errors.names}
        hint={t("petitions.form.namesHint")}
        maxLength={PETITION_LIMITS.names}
        defaultValue={values.names}
        dir="auto"
      />
      <FormField
        label={t("petitions.form.preferredDate")}
        name="preferredDate"
        error={errors.preferredDate}
        hint={t("petitions.form.preferredDateHint")}
      >
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            type="date"
            name="preferredDate"
            defaultValue={values.preferredDate}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className="w-full sm:w-56"
          />
        )}
      </FormField>
      <section aria-labelledby="petition-rules" className="rounded-lg bg-muted p-4 text-sm">
        <h3 id="petition-rules" className="font-semibold">
          {t("petitions.form.rulesTitle")}
        </h3>
        <p className="mt-1 text-muted-foreground">{t("petitions.form.rules")}</p>
        <label className="mt-3 flex items-start gap-2">
          <input
            type="checkbox"
            name="consent"
            className="mt-1"
            defaultChecked={values.consent === "on"}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? "petition-consent-error" : undefined}
          />
          <span>{t("petitions.form.consent")}</span>
        </label>
        <FieldError
          id="petition-consent-error"
          message={errors.consent ? t(textKey(errors.consent)) : null}
        />
      </section>
      <Button type="submit" disabled={busy}>
        {busy ? t("petitions.form.sending") : t("petitions.form.submit")}
      </Button>
    </Form>
  );
}
