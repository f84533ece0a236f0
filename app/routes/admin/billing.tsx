import { useTranslation } from "#app/i18n/react";
import { Form, useNavigation } from "react-router";
import { useActionToast } from "#app/hooks/use-action-toast";
import type { Route } from "./+types/billing";
import { pageMeta } from "#app/i18n/meta";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import {
  actionError,
  actionOk,
  failureOf,
  formValues,
  readForm,
  validateForm,
  type FieldErrors,
} from "#app/lib/form";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  GUARANTEE_DAYS_MAX,
  priceInputValue,
  pricingFormSchema,
} from "#app/modules/admin/billing-validation";
import { ComparisonEditor } from "#app/modules/admin/components/comparison-editor";
import { RevenueChart, monthLabel } from "#app/modules/admin/components/revenue-charts";
import { billingOverview } from "#app/modules/admin/index.server";
import {
  serializeComparison,
  comparisonFromForm,
  formatMoney,
  membershipPricing,
  minorUnitDigits,
} from "#app/modules/memberships";
import { getAllSettings, updateSettings } from "#app/modules/settings/index.server";
import { numberFormat } from "#app/lib/intl";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["billing"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.billing.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const settings = await getAllSettings();
  const pricing = membershipPricing(settings);
  const overview = await billingOverview(pricing.currency);
  return {
    overview,
    comparison: settings.membership_comparison,
    form: {
      membership_price: priceInputValue(pricing.amount, pricing.currency),
      membership_currency: pricing.currency,
      guarantee_days: String(pricing.guaranteeDays),
    },
  };
}

/** Two forms: "Plans & pricing" (the default) and the comparison table (`intent=comparison`). */
export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const form = await readForm(request);
  // The page's two forms: the refused one is known by its `intent`, kept among the values.
  const noChanges = { key: "admin.settings.noChanges" };
  if (form.get("intent") === "comparison") {
    const values = formValues(form);
    const parsed = comparisonFromForm(values);
    if (!parsed.ok) return actionError({ fieldErrors: parsed.errors, values });
    const changed = await updateSettings(viewer.user.id, {
      membership_comparison: serializeComparison(parsed.settings),
    });
    return actionOk({ toast: changed.length > 0 ? { key: "admin.comparison.saved" } : noChanges });
  }
  const parsed = validateForm(form, pricingFormSchema);
  if (!parsed.ok) return parsed.response;
  const changed = await updateSettings(viewer.user.id, parsed.data);
  return actionOk({
    toast: changed.length > 0 ? { key: "admin.billing.pricingSaved" } : noChanges,
  });
}

export default function AdminBilling({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { overview, form, comparison } = loaderData;
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting"
      ? navigation.formData?.get("intent") === "comparison"
        ? "comparison"
        : "pricing"
      : null;
  const busy = submitting === "pricing";
  const failure = failureOf(actionData);
  const pricingFailure = failure && failure.values.intent !== "comparison" ? failure : undefined;
  const comparisonFailure = failure?.values.intent === "comparison" ? failure : undefined;
  const errors: FieldErrors = pricingFailure?.fieldErrors ?? {};
  const values: Record<string, string> = { ...form, ...pricingFailure?.values };
  const locale = i18n.language;
  const money = (amount: number) => formatMoney(amount, overview.currency, locale);
  const compactMoney = (amount: number) =>
    numberFormat(locale, {
      style: "currency",
      currency: overview.currency,
      notation: "compact",
      maximumFractionDigits: 1,
    }).format(amount / 10 ** minorUnitDigits(overview.currency));
  const number = numberFormat(locale);
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 1 });

  useActionToast(actionData);

  const thisMonth = overview.revenueByMonth.at(-1);
  const cards = [
    {
      id: "mrr",
      label: t("admin.billing.mrr"),
      value: money(overview.mrr),
      hint: t("admin.billing.mrrHint"),
    },
    {
      id: "paying",
      label: t("admin.billing.activePaying"),
      value: number.format(overview.activePaying),
      hint: t("admin.billing.activePayingHint"),
    },
    {
      id: "churn",
      label: t("admin.billing.churn", { days: overview.churn.windowDays }),
      value: overview.churn.rate === null ? "—" : percent.format(overview.churn.rate),
      hint: t("admin.billing.churnHint", {
        ended: overview.churn.ended,
        count: overview.churn.activeAtStart,
      }),
    },
    {
      id: "month",
      label: t("admin.billing.revenueThisMonth"),
      value: money(thisMonth?.net ?? 0),
      hint: t("admin.billing.revenueThisMonthHint"),
    },
  ];
  // Full memberships nobody pays for: shown apart, never in the revenue figures above.
  const unpaid = [
    {
      id: "granted",
      label: t("admin.billing.granted"),
      value: number.format(overview.granted),
      hint: t("admin.billing.grantedHint"),
    },
    {
      id: "lifetime",
      label: t("admin.billing.lifetime"),
      value: number.format(overview.lifetime),
      hint: t("admin.billing.lifetimeHint"),
    },
  ];
  const revenue = overview.revenueByMonth.map((m) => ({
    month: m.month,
    label: monthLabel(m.month, locale),
    value: m.net,
  }));
  const newMembers = overview.newMembersByMonth.map((m) => ({
    month: m.month,
    label: monthLabel(m.month, locale),
    value: m.count,
  }));

  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-semibold">{t("admin.billing.title")}</h2>
        <p className="mt-1 text-muted-foreground">
          {t("admin.billing.text", { currency: overview.currency })}
        </p>
      </div>

      <section aria-labelledby="billing-kpis">
        <h3 id="billing-kpis" className="sr-only">
          {t("admin.billing.kpis")}
        </h3>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {cards.map((card) => (
            <div
              key={card.id}
              className="rounded-xl border border-border bg-card p-4"
              data-testid={`kpi-${card.id}`}
            >
              <dt className="text-sm text-muted-foreground">{card.label}</dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl">{card.value}</dd>
              <dd className="mt-1 text-xs text-muted-foreground">{card.hint}</dd>
            </div>
          ))}
        </dl>
        {overview.otherCurrencyMembers > 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">
            {t("admin.billing.otherCurrency", {
              count: overview.otherCurrencyMembers,
              currency: overview.currency,
            })}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="billing-unpaid">
        <h3 id="billing-unpaid" className="text-sm font-medium text-muted-foreground">
          {t("admin.billing.unpaidTitle")}
        </h3>
        <dl className="mt-2 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {unpaid.map((card) => (
            <div
              key={card.id}
              className="rounded-xl border border-dashed border-border p-4"
              data-testid={`kpi-${card.id}`}
            >
              <dt className="text-sm text-muted-foreground">{card.label}</dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums">{card.value}</dd>
              <dd className="mt-1 text-xs text-muted-foreground">{card.hint}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <RevenueChart
          tableHeading={t("admin.billing.month")}
          testId="chart-revenue"
          kind="area"
          title={t("admin.billing.revenueChart")}
          description={t("admin.billing.revenueChartText")}
          data={revenue}
          seriesLabel={t("admin.billing.netRevenue")}
          formatValue={money}
          formatTick={compactMoney}
          emptyText={t("admin.billing.noPayments")}
        />
        <RevenueChart
          tableHeading={t("admin.billing.month")}
          testId="chart-new-members"
          kind="bar"
          title={t("admin.billing.newMembersChart")}
          description={t("admin.billing.newMembersChartText")}
          data={newMembers}
          seriesLabel={t("admin.billing.newMembers")}
          formatValue={(v) => number.format(v)}
          emptyText={t("admin.billing.noPayments")}
        />
      </div>

      <section
        aria-labelledby="pricing-title"
        className="max-w-3xl rounded-xl border border-border bg-card p-4 sm:p-6"
      >
        <h3 id="pricing-title" className="text-lg font-semibold">
          {t("admin.billing.pricingTitle")}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{t("admin.billing.pricingText")}</p>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              label={t("admin.billing.price")}
              name="membership_price"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={values.membership_price}
              error={errors.membership_price}
              hint={t("admin.billing.priceHint")}
              required
            />
            <FormField
              label={t("admin.billing.currency")}
              name="membership_currency"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={3}
              defaultValue={values.membership_currency}
              error={errors.membership_currency}
              hint={t("admin.billing.currencyHint")}
              required
            />
            <FormField
              label={t("admin.billing.guaranteeDays")}
              name="guarantee_days"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={values.guarantee_days}
              error={errors.guarantee_days}
              hint={t("admin.billing.guaranteeHint", { max: GUARANTEE_DAYS_MAX })}
              required
            />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? t("common.saving") : t("admin.billing.savePricing")}
          </Button>
        </Form>
      </section>

      <ComparisonEditor
        stored={comparison}
        submitted={comparisonFailure?.values}
        errors={comparisonFailure?.fieldErrors ?? {}}
        busy={submitting === "comparison"}
      />
    </div>
  );
}
