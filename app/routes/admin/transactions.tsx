import { useCallback, useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/transactions";
import { actionError, actionOk, parseForm } from "#app/lib/form";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { requireAdmin } from "#app/modules/auth/index.server";
import { listTransactions, markSalesSeen } from "#app/modules/admin/index.server";
import { pageSchema, refundSchema } from "#app/modules/admin/billing-validation";
import {
  EmptyState,
  PaymentStatusBadge,
  Td,
  Th,
  stackTable,
  useListLoading,
  useProviderLabel,
} from "#app/modules/admin/components/billing-ui";
import { Pagination } from "#app/components/ui/pagination";
import { RefundDialog, type RefundTarget } from "#app/modules/admin/components/refund-dialog";
import { formatMoney, membershipPricing } from "#app/modules/memberships";
import {
  receiptLabel,
  BillingRefusedError,
  refundPayment,
} from "#app/modules/payments/index.server";
import { useRealtimeEvent } from "#app/modules/realtime/components/use-realtime-event";
import { getPublicSettings } from "#app/modules/settings/index.server";
import { logger } from "#app/lib/logger.server";
import { dateTimeFormat } from "#app/lib/intl";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.transactions.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const page = pageSchema.parse(url.searchParams.get("page") ?? undefined);
  // Opening the screen is seeing the sales: every admin's Sales badge resets.
  const [{ guaranteeDays }] = await Promise.all([
    getPublicSettings().then(membershipPricing),
    markSalesSeen(),
  ]);
  const list = await listTransactions({ page, guaranteeDays });
  return {
    ...list,
    rows: list.rows.map((row) => ({ ...row, receipt: receiptLabel(row.receiptNumber) })),
    guaranteeDays,
    seenAt: new Date().toISOString(),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  // The dialog has no field to show an error beside: the first one is the form's.
  const parsed = await parseForm(request, refundSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const { guaranteeDays } = membershipPricing(await getPublicSettings());
  try {
    await refundPayment(viewer.user.id, parsed.data.paymentId, guaranteeDays);
  } catch (error) {
    if (error instanceof BillingRefusedError) {
      return actionError(
        { formError: `admin.billing.refusals.${error.reason}` },
        error.reason === "notFound" ? 404 : 409,
      );
    }
    logger.error({ err: error, paymentId: parsed.data.paymentId }, "refund failed");
    return actionError({ formError: "admin.billing.refusals.failed" }, 502);
  }
  return actionOk();
}

export default function AdminTransactions({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, total, page, pageCount, guaranteeDays } = loaderData;
  const providerLabel = useProviderLabel();
  const loading = useListLoading();
  const when = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const columns = {
    member: t("admin.transactions.member"),
    amount: t("admin.transactions.amount"),
    date: t("admin.transactions.date"),
    receipt: t("admin.transactions.receipt"),
    status: t("admin.transactions.status"),
    provider: t("admin.transactions.provider"),
  };
  const [target, setTarget] = useState<RefundTarget | null>(null);
  const close = useCallback(() => setTarget(null), []);
  const revalidator = useRevalidator();
  // Sales that arrived while this page is open: offered as a reload of the list.
  const [arrivals, setArrivals] = useState({ loaderData, count: 0 });
  let arrived = arrivals.count;
  if (arrivals.loaderData !== loaderData) {
    arrived = 0;
    setArrivals({ loaderData, count: 0 });
  }
  useRealtimeEvent("sale", () =>
    setArrivals((current) => ({ ...current, count: current.count + 1 })),
  );

  return (
    <div>
      <h2 className="text-2xl font-semibold">{t("admin.transactions.title")}</h2>
      <p className="mt-1 text-muted-foreground">
        {t("admin.transactions.text", { count: guaranteeDays })}
      </p>
      {arrived > 0 ? (
        <div
          className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-primary/40 bg-accent px-4 py-3 text-sm text-accent-foreground"
          role="status"
        >
          <span>{t("admin.transactions.newSales", { count: arrived })}</span>
          <Button
            size="sm"
            onClick={() => void revalidator.revalidate()}
            disabled={revalidator.state !== "idle"}
          >
            {t("admin.transactions.showNew")}
          </Button>
        </div>
      ) : null}
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {loading ? t("common.loading") : t("admin.transactions.total", { count: total })}
      </p>
      {rows.length === 0 ? (
        <EmptyState>{t("admin.transactions.empty")}</EmptyState>
      ) : (
        <div
          className={`relative mt-2 overflow-x-auto rounded-xl border border-border ${loading ? "opacity-60" : ""}`}
          aria-busy={loading || undefined}
        >
          <table className={stackTable.table}>
            <caption className="sr-only">{t("admin.transactions.title")}</caption>
            <thead className={stackTable.head}>
              <tr>
                <Th>{columns.member}</Th>
                <Th className="text-end">{columns.amount}</Th>
                <Th>{columns.date}</Th>
                <Th>{columns.receipt}</Th>
                <Th>{columns.status}</Th>
                <Th>{columns.provider}</Th>
                <Th>
                  <span className="sr-only">{t("admin.transactions.actions")}</span>
                </Th>
              </tr>
            </thead>
            <tbody className={stackTable.body}>
              {rows.map((row) => {
                const amount = formatMoney(row.amount, row.currency, i18n.language);
                const member = row.displayName ?? t("admin.transactions.deletedMember");
                return (
                  <tr
                    key={row.id}
                    className={stackTable.row}
                    data-testid={`transaction-${row.receipt}`}
                  >
                    <Td label={columns.member}>
                      {row.slug ? (
                        <Link to={`/profile/${row.slug}`} className="font-medium hover:underline">
                          {member}
                        </Link>
                      ) : (
                        member
                      )}
                      {row.email ? (
                        <span className="block text-xs break-all text-muted-foreground">
                          {row.email}
                        </span>
                      ) : null}
                    </Td>
                    <Td label={columns.amount} className="text-end whitespace-nowrap tabular-nums">
                      {amount}
                    </Td>
                    <Td label={columns.date} className="whitespace-nowrap">
                      {when.format(new Date(row.paidAt))}
                    </Td>
                    <Td label={columns.receipt} className="font-mono text-xs whitespace-nowrap">
                      {row.receipt}
                    </Td>
                    <Td label={columns.status} className="whitespace-nowrap">
                      <PaymentStatusBadge status={row.status} />
                      {row.refundedAt ? (
                        <span className="block text-xs text-muted-foreground">
                          {when.format(new Date(row.refundedAt))}
                        </span>
                      ) : null}
                    </Td>
                    <Td label={columns.provider} className="whitespace-nowrap">
                      {providerLabel(row.provider)}
                    </Td>
                    <Td className="text-end whitespace-nowrap">
                      {row.refundable ? (
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          onClick={() =>
                            setTarget({ paymentId: row.id, member, amount, receipt: row.receipt })
                          }
                          aria-label={t("admin.transactions.refundFor", {
                            receipt: row.receipt,
                            member,
                          })}
                        >
                          {t("admin.transactions.refund")}
                        </Button>
                      ) : row.status === "paid" ? (
                        <span className="text-xs text-muted-foreground">
                          {t("admin.transactions.outsideGuarantee")}
                        </span>
                      ) : null}
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} />
      <RefundDialog target={target} onClose={close} />
    </div>
  );
}
