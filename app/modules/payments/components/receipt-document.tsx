import { ArrowLeft, Printer } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { formatMoney } from "#app/modules/memberships";
import type { Receipt } from "../billing-overview.server";
import { dateTimeFormat } from "#app/lib/intl";

/**
 * Printing shows the receipt alone: the shell around it (header, navigation, breadcrumb, footer,
 * floating buttons) is hidden while this page is on screen.
 */
const PRINT_CSS = `@media print {
  body:has([data-receipt]) header,
  body:has([data-receipt]) aside,
  body:has([data-receipt]) footer,
  body:has([data-receipt]) nav,
  body:has([data-receipt]) [data-print-hide],
  body:has([data-receipt]) section[aria-label][aria-live] { display: none !important; }
  body:has([data-receipt]) .fixed { display: none !important; }
  [data-receipt] { border: 0 !important; box-shadow: none !important; }
}`;

export function ReceiptDocument({
  receipt,
  company,
}: {
  receipt: Receipt;
  company: { name: string; address: string; site: string };
}) {
  const { t, i18n } = useTranslation();
  const date = (value: Date | string | null) =>
    value ? dateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(value)) : "—";
  const amount = formatMoney(receipt.amount, receipt.currency, i18n.language);
  const period =
    receipt.periodStart && receipt.periodEnd
      ? t("billing.history.periodRange", {
          from: date(receipt.periodStart),
          to: date(receipt.periodEnd),
        })
      : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <style>{PRINT_CSS}</style>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2" data-print-hide>
        <Button asChild variant="ghost" size="sm">
          <Link to="/billing">
            <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
            {t("billing.receipt.back")}
          </Link>
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          {t("billing.receipt.print")}
        </Button>
      </div>
      <article
        className="rounded-xl border border-border bg-card p-6 sm:p-10"
        data-receipt
        aria-labelledby="receipt-title"
      >
        <div className="flex flex-wrap items-start justify-between gap-4 border-b border-border pb-6">
          <div>
            <p className="text-lg font-semibold">{company.name}</p>
            <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">
              {company.address}
            </p>
          </div>
          <div className="text-end">
            <h1 id="receipt-title" className="text-2xl font-semibold">
              {t("billing.receipt.title")}
            </h1>
            <p className="mt-1 font-mono text-sm" data-testid="receipt-number">
              <bdi>{receipt.receipt}</bdi>
            </p>
          </div>
        </div>
        <dl className="grid gap-4 py-6 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">{t("billing.receipt.billedTo")}</dt>
            <dd className="mt-0.5 font-medium">{receipt.member.name}</dd>
            <dd className="text-muted-foreground">
              <bdi>{receipt.member.email}</bdi>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("billing.receipt.date")}</dt>
            <dd className="mt-0.5 font-medium">{date(receipt.paidAt)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("billing.receipt.method")}</dt>
            <dd className="mt-0.5 font-medium">
              {receipt.provider === "builtin"
                ? t("billing.receipt.builtin")
                : t("billing.receipt.stripe")}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("billing.history.status")}</dt>
            <dd className="mt-0.5">
              <Badge variant={receipt.status === "refunded" ? "outline" : "secondary"}>
                {receipt.status === "refunded"
                  ? t("billing.receipt.refundedOn", { date: date(receipt.refundedAt) })
                  : t("billing.history.paid")}
              </Badge>
            </dd>
          </div>
        </dl>
        <table className="w-full text-sm">
          <caption className="sr-only">{t("billing.receipt.items")}</caption>
          <thead>
            <tr className="border-y border-border text-muted-foreground">
              <th scope="col" className="py-2 text-start font-medium">
                {t("billing.receipt.description")}
              </th>
              <th scope="col" className="py-2 text-end font-medium">
                {t("billing.history.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-border">
              <td className="py-3 pe-4">
                <span className="block font-medium">
                  {t("billing.receipt.item", { site: company.site })}
                </span>
                {period ? <span className="block text-muted-foreground">{period}</span> : null}
              </td>
              <td className="py-3 text-end align-top whitespace-nowrap">{amount}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-4 text-start text-base font-semibold">
                {t("billing.receipt.total")}
              </th>
              <td
                className="pt-4 text-end text-base font-semibold whitespace-nowrap"
                data-testid="receipt-amount"
              >
                {amount}
              </td>
            </tr>
          </tfoot>
        </table>
        <p className="mt-8 text-xs text-muted-foreground">
          {t("billing.receipt.footer", { company: company.name })}
        </p>
      </article>
    </div>
  );
}
