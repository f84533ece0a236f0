import { useTranslation } from "#app/i18n/react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/billing";
import { readForm } from "#app/lib/form";
import { pageMeta } from "#app/i18n/meta";
import { requireUser } from "#app/modules/auth/index.server";
import { formatMoney, membershipPricing } from "#app/modules/memberships";
import {
  billingPortal,
  changeCancellation,
  checkMembership,
  type BillingActionResult,
  billingOverview,
} from "#app/modules/payments/index.server";
import {
  MembershipPanel,
  PaymentHistory,
  useBillingToast,
} from "#app/modules/payments/components/billing-panels";
import { billingActionSchema } from "#app/modules/payments/validation";
import { useRootData } from "#app/root";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["billing"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "billing.title", { noindex: true });

/** /billing (also /manage-subscription and /billing-management): the member's membership and payments. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  return { overview: await billingOverview(viewer.user.id) };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const parsed = billingActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success)
    return data<BillingActionResult>(
      { ok: false, message: "billing.errors.unknownAction" },
      { status: 400 },
    );
  const { intent } = parsed.data;
  if (intent === "portal") {
    const portal = await billingPortal(viewer.user.id);
    if ("url" in portal) throw redirect(portal.url);
    return data<BillingActionResult>(portal, { status: 409 });
  }
  const result =
    intent === "check"
      ? await checkMembership(viewer.user.id)
      : await changeCancellation(viewer.user.id, intent === "cancel");
  return data<BillingActionResult>(result, {
    status: result.ok ? 200 : result.message === "billing.errors.failed" ? 502 : 409,
  });
}

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { settings } = useRootData();
  const pricing = membershipPricing(settings);
  // After a plain (JavaScript-less) POST the result arrives with the page; fetchers toast their own.
  useBillingToast(actionData);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{t("billing.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("billing.subtitle")}</p>
      <div className="mt-6">
        <MembershipPanel
          overview={loaderData.overview}
          membershipPrice={formatMoney(pricing.amount, pricing.currency, i18n.language)}
        />
        <PaymentHistory payments={loaderData.overview.payments} />
      </div>
    </div>
  );
}
