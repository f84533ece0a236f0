import { type MessageKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { Form } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/lib/cn";
import {
  comparisonRows,
  parseComparison,
  type HiddenReason,
  COMPETITOR_SLOTS,
  comparisonFormValues,
  declaredRow,
  field,
} from "#app/modules/memberships";
import {
  ComparisonCellView,
  useComparisonFacts,
} from "#app/modules/memberships/components/comparison-table";
import type { FieldErrors } from "#app/lib/form";

const STATUS_KEYS: Record<HiddenReason, MessageKey> = {
  off: "admin.comparison.status.off",
  unavailable: "admin.comparison.status.unavailable",
  empty: "admin.comparison.status.empty",
  unfavourable: "admin.comparison.status.unfavourable",
};

/**
 * /admin/billing: the membership page's comparison table. Competitor names and claims, the
 * service promises of ours, and which rows to show; next to each row whether it shows now and,
 * if not, why (the product computes our column and leaves out rows that are not in our favour).
 */
export function ComparisonEditor({
  stored,
  submitted,
  errors,
  busy,
}: {
  stored: string;
  submitted?: Record<string, string>;
  errors: FieldErrors;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const facts = useComparisonFacts();
  const settings = parseComparison(stored);
  const states = comparisonRows(settings, facts);
  const values = submitted ?? comparisonFormValues(settings);
  const nameOf = (slot: 1 | 2) =>
    values[field.name(slot)] || t(`subscription.comparison.competitor${slot}`);

  return (
    <section
      aria-labelledby="comparison-editor-title"
      className="max-w-3xl rounded-xl border border-border bg-card p-4 sm:p-6"
      data-testid="comparison-editor"
    >
      <h3 id="comparison-editor-title" className="text-lg font-semibold">
        {t("admin.comparison.title")}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{t("admin.comparison.text")}</p>
      <Form key={stored} method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="comparison" />
        <div className="grid gap-4 sm:grid-cols-2">
          {COMPETITOR_SLOTS.map((slot) => (
            <FormField
              key={slot}
              label={t("admin.comparison.competitorName", { number: slot })}
              name={field.name(slot)}
              defaultValue={values[field.name(slot)]}
              error={errors[field.name(slot)]}
              hint={t("admin.comparison.nameHint", {
                name: t(`subscription.comparison.competitor${slot}`),
              })}
              autoComplete="off"
              dir="auto"
            />
          ))}
        </div>
        <p className="text-sm text-muted-foreground">{t("admin.comparison.valueHint")}</p>
        {states.map((state) => {
          const { row } = state;
          const shown = state.hidden === null;
          return (
            <fieldset
              key={row}
              className="rounded-lg border border-border p-3 sm:p-4"
              data-testid={`comparison-row-${row}`}
            >
              <legend className="px-1 font-medium">
                {t(`subscription.comparison.rows.${row}`)}
              </legend>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <label className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={field.show(row)}
                    defaultChecked={values[field.show(row)] === "on"}
                  />
                  {t("admin.comparison.show")}
                </label>
                <span
                  className={cn(
                    "text-xs font-medium",
                    shown ? "text-primary" : "text-muted-foreground",
                  )}
                  data-testid="comparison-row-status"
                >
                  {shown ? t("admin.comparison.status.shown") : t(STATUS_KEYS[state.hidden!])}
                </span>
              </div>
              <div className="mt-3 grid gap-3 sm:grid-cols-3">
                {declaredRow(row) ? (
                  <FormField
                    label={t("admin.comparison.ours")}
                    name={field.ours(row)}
                    defaultValue={values[field.ours(row)]}
                    error={errors[field.ours(row)]}
                    autoComplete="off"
                    dir="auto"
                  />
                ) : (
                  <div className="space-y-1.5 text-sm">
                    <p className="font-medium">{t("admin.comparison.oursComputed")}</p>
                    <p className="text-muted-foreground">
                      {state.hidden === "unavailable" ? (
                        t("admin.comparison.notYet")
                      ) : (
                        <span className="inline-block">
                          <ComparisonCellView cell={state.ours} />
                        </span>
                      )}
                    </p>
                  </div>
                )}
                {COMPETITOR_SLOTS.map((slot) => (
                  <FormField
                    key={slot}
                    label={nameOf(slot)}
                    name={field.competitor(slot, row)}
                    defaultValue={values[field.competitor(slot, row)]}
                    error={errors[field.competitor(slot, row)]}
                    autoComplete="off"
                    dir="auto"
                  />
                ))}
              </div>
            </fieldset>
          );
        })}
        <Button type="submit" disabled={busy}>
          {busy ? t("common.saving") : t("admin.comparison.save")}
        </Button>
      </Form>
    </section>
  );
}
