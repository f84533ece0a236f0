import { textKey } from "#app/i18n/i18n";
import { CreditCard, Lock, ShieldCheck } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout";
import { readForm } from "#app/lib/form";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { detectLocale } from "#app/i18n/detect";
import { serverT } from "#app/i18n/resources.server";
import { requireUser } from "#app/modules/auth/index.server";
import { viewerPlan, formatMoney, membershipPricing } from "#app/modules/memberships";
import {
  startCheckout,
  BillingRefusedError,
  checkoutProvider,
} from "#app/modules/payments/index.server";
import { checkoutFormSchema } from "#app/modules/payments/validation";
import { getPublicSettings } from "#app/modules/settings/index.server";
import { publicUrl } from "#app/lib/config.server";
import { logger } from "#app/lib/logger.server";
import { numberFormat } from "#app/lib/intl";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["billing"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "checkout.title", { noindex: true });

/** Order summary for a signed-in member without a paid membership (members are sent to /billing). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  if (viewerPlan(viewer) === "paid") throw redirect("/billing");
  const pricing = membershipPricing(await getPublicSettings());
  return { pricing, provider: checkoutProvider().name, email: viewer.user.email };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const parsed = checkoutFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: "checkout.errors.form" }, { status: 400 });
  const settings = await getPublicSettings();
  const t = serverT(detectLocale(request));
  let target: string;
  try {
    target = await startCheckout(
      { userId: viewer.user.id, email: viewer.user.email },
      membershipPricing(settings),
      publicUrl(),
      `${settings.site_name} — ${t("subscription.full.title")}`,
    );
  } catch (error) {
    if (error instanceof BillingRefusedError && error.reason === "alreadyMember")
      throw redirect("/billing");
    // Another request of this member is still opening the payment page (a double click).
    if (error instanceof BillingRefusedError && error.reason === "checkoutInProgress")
      return data({ error: "checkout.errors.inProgress" }, { status: 409 });
    logger.error({ err: error, userId: viewer.user.id }, "checkout could not start");
    return data({ error: "checkout.errors.startFailed" }, { status: 502 });
  }
  throw redirect(target);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { pricing, provider, email } = loaderData;
  const busy = useNavigation().state !== "idle";
  const price = formatMoney(pricing.amount, pricing.currency, i18n.language);
  const days = numberFormat(i18n.language).format(pricing.guaranteeDays);
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{t("checkout.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("checkout.subtitle")}</p>
      <section
        className="mt-6 rounded-xl border border-border bg-card p-6"
        aria-labelledby="order-summary"
      >
        <h2 id="order-summary" className="font-semibold">
          {t("checkout.summary")}
        </h2>
        <dl className="mt-4 space-y-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t("checkout.plan")}</dt>
            <dd className="font-medium">{t("subscription.full.title")}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t("checkout.billing")}</dt>
            <dd>{t("checkout.monthly")}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t("checkout.account")}</dt>
            <dd className="min-w-0 truncate">
              <bdi>{email}</bdi>
            </dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-border pt-3 text-base">
            <dt className="font-semibold">{t("checkout.dueToday")}</dt>
            <dd className="font-semibold" data-testid="checkout-total">
              {price}
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-muted-foreground">{t("checkout.renews", { price })}</p>
        {pricing.guaranteeDays > 0 ? (
          <p className="mt-2 flex items-start gap-2 text-sm">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {t("checkout.guarantee", { days })}
          </p>
        ) : null}
      </section>

      {actionData?.error ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {t(textKey(actionData.error))}
        </p>
      ) : null}

      <Form method="post" className="mt-6 space-y-3">
        <input type="hidden" name="intent" value="checkout" />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          <CreditCard aria-hidden="true" />
          {busy ? t("checkout.redirecting") : t("checkout.continue")}
        </Button>
        <p className="flex items-center justify-center gap-2 text-center text-xs text-muted-foreground">
          <Lock className="size-3.5" aria-hidden="true" />
          {provider === "stripe" ? t("checkout.viaStripe") : t("checkout.viaBuiltin")}
        </p>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link
          to="/subscription"
          className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          {t("checkout.back")}
        </Link>
      </p>
    </div>
  );
}
