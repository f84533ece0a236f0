import { CheckCircle2, Compass, Hourglass, Lock, ReceiptText, SearchX } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/react";
import { Form, Link, data, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/payment-success";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { Spinner } from "#app/components/ui/spinner";
import { requireUser } from "#app/modules/auth/index.server";
import { formatMoney, PLAN_TITLE_KEYS, planOf } from "#app/modules/memberships";
import { billingOverview, paymentResult } from "#app/modules/payments/index.server";
import { useCommunityCounts } from "#app/modules/shell";
import { useRootData } from "#app/root";
import { dateTimeFormat } from "#app/lib/intl";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["billing"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "checkout.success.pageTitle", { noindex: true });

/** Automatic re-checks of a pending payment before the member is left with the button. */
const AUTO_CHECKS = 5;
const AUTO_CHECK_MS = 3000;

/** Asks the provider (never the query string) whether the checkout was paid. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const checkoutId = url.searchParams.get("checkout");
  const status = await paymentResult(viewer.user.id, checkoutId);
  if (status === "unknown")
    return data({ status, checkoutId: null, membership: null }, { status: 404 });
  if (status === "pending") return { status, checkoutId, membership: null };
  const overview = await billingOverview(viewer.user.id);
  return {
    status,
    checkoutId,
    membership: {
      tier: overview.tier,
      active: overview.status !== "free",
      amount: overview.amount,
      currency: overview.currency,
      periodEnd: overview.periodEnd,
      name: viewer.profile.displayName,
    },
  };
}

function Pending({ checkoutId }: { checkoutId: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const checks = useRef(0);
  const checking = revalidator.state !== "idle" || navigation.state !== "idle";
  // A webhook usually lands within seconds: look again a few times on our own.
  useEffect(() => {
    if (checks.current >= AUTO_CHECKS) return;
    const timer = setTimeout(() => {
      checks.current += 1;
      void revalidator.revalidate();
    }, AUTO_CHECK_MS);
    return () => clearTimeout(timer);
  });
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="pending-title">
      <Hourglass className="mx-auto size-10 text-primary" aria-hidden="true" />
      <h1 id="pending-title" className="mt-3 text-2xl font-semibold">
        {t("checkout.success.pendingTitle")}
      </h1>
      <p className="mt-2 text-muted-foreground" role="status">
        {t("checkout.success.pendingText")}
      </p>
      <Form method="get" className="mt-6">
        <input type="hidden" name="checkout" value={checkoutId} />
        <Button type="submit" disabled={checking}>
          {checking ? <Spinner size="sm" label={t("checkout.success.checking")} /> : null}
          {t("checkout.success.checkAgain")}
        </Button>
      </Form>
    </section>
  );
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const community = useCommunityCounts();
  const revalidator = useRevalidator();
  const paid = loaderData.status === "paid";
  const headerStale = paid && root.viewer !== null && root.viewer.tier === "free";
  // The root loader ran beside this one, possibly before the payment was confirmed: refresh the
  // header and menus once so they show the new membership.
  const refreshed = useRef(false);
  useEffect(() => {
    if (!headerStale || refreshed.current) return;
    refreshed.current = true;
    void revalidator.revalidate();
  }, [headerStale, revalidator]);

  if (loaderData.status === "unknown") {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="unknown-title">
        <SearchX className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <h1 id="unknown-title" className="mt-3 text-2xl font-semibold">
          {t("checkout.success.unknownTitle")}
        </h1>
        <p className="mt-2 text-muted-foreground">{t("checkout.success.unknownText")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/billing">{t("billing.title")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/subscription">{t("subscription.title")}</Link>
          </Button>
        </div>
      </section>
    );
  }
  if (loaderData.status === "pending" || !loaderData.membership)
    return <Pending checkoutId={loaderData.checkoutId ?? ""} />;

  const { membership } = loaderData;
  const date = (d: Date | null) =>
    d ? dateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(d)) : null;
  const renewal = date(membership.periodEnd);
  const premiumCategories = community.categories.filter((c) => c.premium);
  const places = [
    { to: "/explore", label: t("checkout.success.explore"), icon: Compass },
    ...premiumCategories.map((c) => ({
      to: `/discussions?category=${encodeURIComponent(c.slug)}`,
      label: c.title,
      icon: Lock,
    })),
    { to: "/billing", label: t("checkout.success.billing"), icon: ReceiptText },
  ];
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" aria-labelledby="success-title">
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h1 id="success-title" className="mt-3 text-3xl font-semibold">
          {t("checkout.success.title", { name: membership.name })}
        </h1>
        <p className="mt-2 text-muted-foreground">{t("checkout.success.text")}</p>
      </div>
      <dl
        className="mt-8 grid gap-4 rounded-xl border border-border bg-card p-6 text-sm sm:grid-cols-3"
        data-testid="membership-summary"
      >
        <div>
          <dt className="text-muted-foreground">{t("billing.plan")}</dt>
          <dd className="mt-1 font-semibold">{t(PLAN_TITLE_KEYS[planOf(membership.tier)])}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("billing.statusLabel")}</dt>
          <dd className="mt-1 font-semibold">
            {membership.active ? t("billing.status.active") : t("billing.status.free")}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("billing.renewsOn")}</dt>
          <dd className="mt-1 font-semibold">
            {renewal ?? "—"}
            {membership.amount && membership.currency ? (
              <span className="block text-xs font-normal text-muted-foreground">
                {t("subscription.perMonth", {
                  price: formatMoney(membership.amount, membership.currency, i18n.language),
                })}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      <h2 className="mt-10 text-lg font-semibold">{t("checkout.success.whereNext")}</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {places.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-xl border border-border bg-card p-4 hover:bg-muted"
            >
              <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
