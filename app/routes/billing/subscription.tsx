import { Check, Crown, ShieldCheck } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/subscription";
import { pageMeta } from "#app/i18n/meta";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/lib/cn";
import { BenefitList } from "#app/modules/memberships/components/benefit-list";
import { ComparisonTable } from "#app/modules/memberships/components/comparison-table";
import {
  PLAN_CTA_HREF,
  viewerPlan,
  type ViewerPlan,
  formatMoney,
  membershipPricing,
} from "#app/modules/memberships";
import { useRootData } from "#app/root";
import { numberFormat } from "#app/lib/intl";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["billing"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) => pageMeta(args, "subscription.title");

function PlanAction({ plan, className }: { plan: ViewerPlan; className?: string }) {
  const { t } = useTranslation();
  const label =
    plan === "guest"
      ? t("subscription.cta.guest")
      : plan === "free"
        ? t("subscription.cta.free")
        : t("subscription.cta.paid");
  return (
    <div className={cn("flex flex-wrap items-center justify-center gap-3", className)}>
      <Button asChild size="lg" variant={plan === "paid" ? "outline" : "default"}>
        <Link to={PLAN_CTA_HREF[plan]}>{label}</Link>
      </Button>
      {plan === "guest" ? (
        <Button asChild size="lg" variant="ghost">
          <Link to="/auth?redirectTo=/subscription">{t("subscription.cta.signIn")}</Link>
        </Button>
      ) : null}
    </div>
  );
}

/** SPEC §2 /subscription: free vs full membership, price, benefits, guarantee, comparison, one next step. */
export default function Subscription() {
  const { t, i18n } = useTranslation();
  const { settings, viewer } = useRootData();
  const pricing = membershipPricing(settings);
  const price = formatMoney(pricing.amount, pricing.currency, i18n.language);
  const number = numberFormat(i18n.language);
  const days = number.format(pricing.guaranteeDays);
  const plan = viewerPlan(viewer);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <section className="text-center" aria-labelledby="subscription-title">
        <Crown className="mx-auto size-10 text-primary" aria-hidden="true" />
        <h1 id="subscription-title" className="mt-3 text-3xl font-semibold sm:text-4xl">
          {t("subscription.heading")}
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">{t("subscription.lead")}</p>
        <p className="mt-6 text-4xl font-bold" data-testid="membership-price">
          {t("subscription.perMonth", { price })}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          {pricing.guaranteeDays > 0
            ? t("subscription.cancelAndGuarantee", { days })
            : t("subscription.cancelAnyTime")}
        </p>
        {plan === "paid" ? (
          <p
            className="mt-4 inline-flex items-center gap-2 rounded-full bg-primary/10 px-4 py-1.5 text-sm font-medium text-primary"
            role="status"
          >
            <Check className="size-4" aria-hidden="true" />
            {t("subscription.youAreMember")}
          </p>
        ) : null}
        <PlanAction plan={plan} className="mt-6" />
      </section>

      <section
        className="mt-12 grid gap-6 md:grid-cols-2"
        aria-label={t("subscription.plansLabel")}
      >
        <article
          className={cn(
            "rounded-xl border bg-card p-6",
            plan === "free" ? "border-primary" : "border-border",
          )}
          aria-labelledby="plan-free"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id="plan-free" className="text-xl font-semibold">
              {t("subscription.free.title")}
            </h2>
            {plan === "free" ? (
              <Badge variant="outline">{t("subscription.currentPlan")}</Badge>
            ) : null}
          </div>
          <p className="mt-2 text-2xl font-bold">{t("subscription.free.price")}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t("subscription.free.text")}</p>
          <BenefitList plan="free" muted className="mt-5" />
        </article>
        <article
          className={cn("rounded-xl border-2 bg-card p-6 shadow-sm", "border-primary")}
          aria-labelledby="plan-full"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id="plan-full" className="text-xl font-semibold">
              {t("subscription.full.title")}
            </h2>
            {plan === "paid" ? (
              <Badge>{t("subscription.currentPlan")}</Badge>
            ) : (
              <Badge>{t("subscription.recommended")}</Badge>
            )}
          </div>
          <p className="mt-2 text-2xl font-bold">{t("subscription.perMonth", { price })}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t("subscription.full.text")}</p>
          <p className="mt-5 text-sm font-medium">{t("subscription.full.everythingFree")}</p>
          <BenefitList plan="full" className="mt-2" />
          <p className="mt-4 flex gap-3 text-sm text-muted-foreground">
            <Check className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t("subscription.full.cancelAnyTime")}
          </p>
        </article>
      </section>

      {pricing.guaranteeDays > 0 ? (
        <section
          className="mt-10 flex flex-col items-center gap-3 rounded-xl border border-border bg-muted/50 p-6 text-center sm:flex-row sm:text-start"
          aria-labelledby="guarantee-title"
        >
          <ShieldCheck className="size-10 shrink-0 text-primary" aria-hidden="true" />
          <div>
            <h2 id="guarantee-title" className="text-lg font-semibold">
              {t("subscription.guarantee.title", { days })}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {t("subscription.guarantee.text", { days })}{" "}
              <Link to="/refunds" className="text-primary underline underline-offset-4">
                {t("subscription.guarantee.policy")}
              </Link>
            </p>
          </div>
        </section>
      ) : null}

      <ComparisonTable raw={settings.membership_comparison} siteName={settings.site_name} />

      <section
        className="mt-12 rounded-xl border border-border bg-card p-6 text-center"
        aria-labelledby="subscription-next"
      >
        <h2 id="subscription-next" className="text-xl font-semibold">
          {plan === "paid" ? t("subscription.next.paid") : t("subscription.next.join")}
        </h2>
        <PlanAction plan={plan} className="mt-4" />
        {plan === "free" ? (
          <p className="mt-4 text-sm">
            <Link
              to="/billing"
              className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            >
              {t("subscription.billingHistory")}
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
