import { useCallback, useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/subscriptions";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Select } from "#app/components/ui/select";
import { actionError, actionOk, parseForm } from "#app/lib/form";
import { requireAdmin } from "#app/modules/auth/index.server";
import { listSubscriptions } from "#app/modules/admin/index.server";
import {
  SUBSCRIPTION_STATUS_FILTERS,
  premiumByHandSchema,
  subscriptionFiltersSchema,
} from "#app/modules/admin/billing-validation";
import {
  EmptyState,
  MembershipStateBadge,
  Td,
  Th,
  stackTable,
  useListLoading,
  useProviderLabel,
} from "#app/modules/admin/components/billing-ui";
import { Pagination } from "#app/components/ui/pagination";
import { canManageMember } from "#app/modules/admin";
import { PremiumDialog, type PremiumTarget } from "#app/modules/admin/components/premium-dialog";
import { TIERS, formatMoney, membershipPricing } from "#app/modules/memberships";
import { BillingRefusedError, setPremiumByHand } from "#app/modules/payments/index.server";
import { findPublicProfile } from "#app/modules/profiles/index.server";
import { getPublicSettings } from "#app/modules/settings/index.server";
import { dateTimeFormat } from "#app/lib/intl";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.subscriptions.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const filters = subscriptionFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const [{ rows, total, pageCount }, settings] = await Promise.all([
    listSubscriptions({
      tier: filters.tier,
      status: filters.status,
      email: filters.q,
      page: filters.page,
    }),
    getPublicSettings(),
  ]);
  return {
    rows,
    total,
    filters,
    pageCount,
    currency: membershipPricing(settings).currency,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const parsed = await parseForm(request, premiumByHandSchema);
  if (!parsed.ok) return parsed.response;
  const { values } = parsed;
  const target = await findPublicProfile(parsed.data.userId);
  if (target && !canManageMember(viewer.actor, { id: target.userId, role: target.role })) {
    return actionError({ formError: "admin.users.superAdminOnly", values }, 403);
  }
  try {
    await setPremiumByHand(
      viewer.user.id,
      parsed.data.userId,
      parsed.data.intent === "grant",
      parsed.data.reason,
    );
  } catch (error) {
    if (error instanceof BillingRefusedError)
      return actionError({ formError: `admin.billing.refusals.${error.reason}`, values }, 404);
    throw error;
  }
  return actionOk();
}

export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, total, filters, pageCount, currency } = loaderData;
  const loading = useListLoading();
  const providerLabel = useProviderLabel();
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium" });
  const [target, setTarget] = useState<PremiumTarget | null>(null);
  const close = useCallback(() => setTarget(null), []);
  const filtered = Boolean(filters.tier || filters.status || filters.q);
  const columns = [
    t("admin.subscriptions.member"),
    t("admin.subscriptions.email"),
    t("admin.subscriptions.tier"),
    t("admin.subscriptions.status"),
    t("admin.subscriptions.provider"),
    t("admin.subscriptions.price"),
    t("admin.subscriptions.started"),
    t("admin.subscriptions.renewsEnds"),
  ];
  const renewsOrEnds = (row: (typeof rows)[number]) => {
    const periodEnd = row.currentPeriodEnd ? date.format(new Date(row.currentPeriodEnd)) : null;
    if (row.state === "canceled")
      return t("admin.subscriptions.ended", { date: date.format(new Date(row.updatedAt)) });
    if (row.state === "cancelling" && periodEnd)
      return t("admin.subscriptions.ends", { date: periodEnd });
    if ((row.state === "active" || row.state === "past_due") && row.kind === "paid" && periodEnd)
      return t("admin.subscriptions.renews", { date: periodEnd });
    return "—";
  };

  return (
    <div>
      <h2 id="subscriptions-title" className="text-2xl font-semibold">
        {t("admin.subscriptions.title")}
      </h2>
      <p className="mt-1 text-muted-foreground">{t("admin.subscriptions.text")}</p>

      <Form
        method="get"
        role="search"
        aria-labelledby="subscriptions-title"
        className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        <div className="space-y-1.5">
          <Label htmlFor="subs-q">{t("admin.subscriptions.searchLabel")}</Label>
          <Input
            id="subs-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder={t("admin.subscriptions.searchPlaceholder")}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="subs-tier">{t("admin.subscriptions.tier")}</Label>
          <Select id="subs-tier" name="tier" defaultValue={filters.tier}>
            <option value="">{t("admin.subscriptions.allTiers")}</option>
            {TIERS.map((tier) => (
              <option key={tier} value={tier}>
                {t(`tiers.${tier}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="subs-status">{t("admin.subscriptions.status")}</Label>
          <Select id="subs-status" name="status" defaultValue={filters.status}>
            <option value="">{t("admin.subscriptions.allStatuses")}</option>
            {SUBSCRIPTION_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {t(`admin.subscriptions.states.${status}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            {t("admin.subscriptions.filter")}
          </Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link to="/admin/subscriptions">{t("admin.subscriptions.clear")}</Link>
            </Button>
          ) : null}
        </div>
      </Form>

      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {loading ? t("common.loading") : t("admin.subscriptions.total", { count: total })}
      </p>
      {rows.length === 0 ? (
        <EmptyState>
          {filtered ? t("admin.subscriptions.emptyFiltered") : t("admin.subscriptions.empty")}
        </EmptyState>
      ) : (
        <div
          className={`relative mt-2 overflow-x-auto rounded-xl border border-border ${loading ? "opacity-60" : ""}`}
          aria-busy={loading || undefined}
        >
          <table className={stackTable.table}>
            <caption className="sr-only">{t("admin.subscriptions.title")}</caption>
            <thead className={stackTable.head}>
              <tr>
                {columns.map((label) => (
                  <Th key={label} className="px-2">
                    {label}
                  </Th>
                ))}
                <Th className="px-2">
                  <span className="sr-only">{t("admin.subscriptions.actions")}</span>
                </Th>
              </tr>
            </thead>
            <tbody className={stackTable.body}>
              {rows.map((row) => {
                const hasPremium = row.subscribed || row.tier !== "free";
                return (
                  <tr
                    key={row.userId}
                    className={stackTable.row}
                    data-testid={`subscription-row-${row.email}`}
                  >
                    <Td label={columns[0]} className="sm:px-2">
                      <Link to={`/profile/${row.slug}`} className="font-medium hover:underline">
                        {row.displayName}
                      </Link>
                    </Td>
                    <Td label={columns[1]} className="sm:px-2 sm:whitespace-nowrap">
                      <span className="break-all sm:break-normal">{row.email}</span>
                    </Td>
                    <Td label={columns[2]} className="whitespace-nowrap sm:px-2">
                      {t(`tiers.${row.tier}`)}
                    </Td>
                    <Td label={columns[3]} className="sm:px-2">
                      <MembershipStateBadge state={row.state} />
                    </Td>
                    <Td label={columns[4]} className="whitespace-nowrap sm:px-2">
                      {providerLabel(row.kind === "paid" ? row.provider : null, row.kind)}
                    </Td>
                    <Td label={columns[5]} className="whitespace-nowrap tabular-nums sm:px-2">
                      {row.kind === "paid"
                        ? formatMoney(row.monthlyPrice, row.currency ?? currency, i18n.language)
                        : "—"}
                    </Td>
                    <Td label={columns[6]} className="whitespace-nowrap sm:px-2">
                      {row.subscriptionStart ? date.format(new Date(row.subscriptionStart)) : "—"}
                    </Td>
                    <Td label={columns[7]} className="whitespace-nowrap sm:px-2">
                      {renewsOrEnds(row)}
                    </Td>
                    <Td className="text-end sm:px-2">
                      <Button
                        type="button"
                        size="sm"
                        variant={hasPremium ? "outline" : "secondary"}
                        onClick={() =>
                          setTarget({
                            userId: row.userId,
                            displayName: row.displayName,
                            intent: hasPremium ? "revoke" : "grant",
                          })
                        }
                        aria-label={t(
                          hasPremium
                            ? "admin.subscriptions.revokeFor"
                            : "admin.subscriptions.grantFor",
                          { name: row.displayName },
                        )}
                      >
                        {t(hasPremium ? "admin.subscriptions.revoke" : "admin.subscriptions.grant")}
                      </Button>
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={filters.page} pageCount={pageCount} />
      <PremiumDialog target={target} onClose={close} />
    </div>
  );
}
