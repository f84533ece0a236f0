import { textKey } from "#app/i18n/i18n";
import {
  AlertTriangle,
  CreditCard,
  ExternalLink,
  FlaskConical,
  ReceiptText,
  RefreshCw,
} from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { TFunction } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { Form, Link, useFetcher, useLocation, useSearchParams } from "react-router";
import { toast } from "#app/components/ui/toast";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog";
import { PLAN_TITLE_KEYS, planOf, formatMoney } from "#app/modules/memberships";
import type { BillingActionResult } from "../billing-actions.server";
import type { BillingOverview, PaymentHistoryRow } from "../billing-overview.server";
import type { BillingStatus } from "../billing-state";
import { dateTimeFormat } from "#app/lib/intl";

const STATUS_BADGE: Record<BillingStatus, "default" | "secondary" | "outline" | "destructive"> = {
  active: "default",
  past_due: "destructive",
  cancelling: "outline",
  free: "secondary",
};

function useDate() {
  const { i18n } = useTranslation();
  return (value: Date | string | null, style: "long" | "medium" = "long") =>
    value ? dateTimeFormat(i18n.language, { dateStyle: style }).format(new Date(value)) : "—";
}

/** Shows a billing action's result as a toast (the page's own, after a plain POST without JavaScript). */
export function useBillingToast(result: BillingActionResult | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(t(textKey(result.message)));
    else toast.error(t(textKey(result.message)));
  }, [result, t]);
}

type BillingIntent = "cancel" | "resume" | "check";

/**
 * Each button's fetcher, shared by key between the button (which may unmount as soon as the
 * membership changes: the cancel dialog, the resume button) and the panel (which stays).
 */
function useBillingFetcher(intent: BillingIntent) {
  return useFetcher<BillingActionResult>({ key: `billing-${intent}` });
}

/** Calls `onDone` with the result each time a submission of this fetcher finishes (never for an old result). */
function useFinished(
  fetcher: ReturnType<typeof useBillingFetcher>,
  onDone: (result: BillingActionResult | undefined) => void,
) {
  const previous = useRef(fetcher.state);
  const callback = useRef(onDone);
  useEffect(() => {
    callback.current = onDone;
  });
  useEffect(() => {
    const finished = previous.current !== "idle" && fetcher.state === "idle";
    previous.current = fetcher.state;
    if (finished) callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

/** Toasts the results of the panel's buttons; mounted by the panel, which outlives the buttons. */
function useBillingToasts() {
  const { t } = useTranslation();
  const show = (result: BillingActionResult | undefined) => {
    if (!result) return;
    if (result.ok) toast.success(t(textKey(result.message)));
    else toast.error(t(textKey(result.message)));
  };
  useFinished(useBillingFetcher("cancel"), show);
  useFinished(useBillingFetcher("resume"), show);
  useFinished(useBillingFetcher("check"), show);
}

/** A billing button posting `intent` with a fetcher (a plain form without JavaScript). */
function IntentButton({
  intent,
  label,
  busyLabel,
  variant = "outline",
  icon,
  onDone,
}: {
  intent: BillingIntent;
  label: string;
  busyLabel: string;
  variant?: "default" | "outline" | "destructive";
  icon?: React.ReactNode;
  onDone?: () => void;
}) {
  const fetcher = useBillingFetcher(intent);
  const { pathname } = useLocation();
  const busy = fetcher.state !== "idle";
  useFinished(fetcher, () => onDone?.());
  return (
    <fetcher.Form method="post" action={pathname}>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} disabled={busy}>
        {icon}
        {busy ? busyLabel : label}
      </Button>
    </fetcher.Form>
  );
}

/** 'Cancel membership' → a confirm dialog; without JavaScript, `?confirm=cancel` shows the same question inline. */
function CancelMembership({ accessUntil }: { accessUntil: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const inline = params.get("confirm") === "cancel";
  const question = (
    <>
      <p className="font-semibold">{t("billing.cancelDialog.title")}</p>
      <p className="text-sm text-muted-foreground">
        {t("billing.cancelDialog.text", { date: accessUntil })}
      </p>
    </>
  );
  if (inline) {
    return (
      <div
        className="w-full space-y-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
        role="alertdialog"
        aria-labelledby="cancel-inline-title"
      >
        <h3 id="cancel-inline-title" className="sr-only">
          {t("billing.cancelDialog.title")}
        </h3>
        {question}
        <div className="flex flex-wrap gap-2">
          <Form method="post" action={pathname}>
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="destructive">
              {t("billing.cancelDialog.confirm")}
            </Button>
          </Form>
          <Button asChild variant="outline">
            <Link to={pathname}>{t("billing.cancelDialog.keep")}</Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <>
      <Button asChild variant="outline">
        <Link
          to="?confirm=cancel"
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          {t("billing.cancel")}
        </Link>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t("common.close")}>
          <DialogHeader>
            <DialogTitle>{t("billing.cancelDialog.title")}</DialogTitle>
            <DialogDescription>
              {t("billing.cancelDialog.text", { date: accessUntil })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t("billing.cancelDialog.keep")}
              </Button>
            </DialogClose>
            <IntentButton
              intent="cancel"
              variant="destructive"
              label={t("billing.cancelDialog.confirm")}
              busyLabel={t("billing.cancelling")}
              onDone={() => setOpen(false)}
            />
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function statusText(t: TFunction, status: BillingStatus, until: string): string {
  if (status === "cancelling") return t("billing.status.cancelling", { date: until });
  if (status === "past_due") return t("billing.status.pastDue");
  if (status === "active") return t("billing.status.active");
  return t("billing.status.free");
}

/** Plan, status, dates, card and the buttons that change the membership. */
export function MembershipPanel({
  overview,
  membershipPrice,
}: {
  overview: BillingOverview;
  membershipPrice: string;
}) {
  const { t, i18n } = useTranslation();
  const date = useDate();
  const { pathname } = useLocation();
  useBillingToasts();
  const paid = overview.status !== "free";
  const until = date(overview.periodEnd);
  const price =
    overview.amount && overview.currency
      ? t("subscription.perMonth", {
          price: formatMoney(overview.amount, overview.currency, i18n.language),
        })
      : null;

  return (
    <section
      className="rounded-xl border border-border bg-card p-6"
      aria-labelledby="membership-title"
      data-testid="membership-panel"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="membership-title" className="text-lg font-semibold">
            {t("billing.membership")}
          </h2>
          <p className="mt-1 text-2xl font-bold">
            {t(PLAN_TITLE_KEYS[paid ? planOf(overview.tier) : "free"])}
          </p>
        </div>
        <Badge
          variant={STATUS_BADGE[overview.status]}
          className="text-sm"
          data-testid="billing-status"
        >
          {statusText(t, overview.status, until)}
        </Badge>
      </div>

      {overview.status === "past_due" ? (
        <p
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {overview.portal ? t("billing.pastDueStripe") : t("billing.pastDue")}
        </p>
      ) : null}

      {paid ? (
        <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2">
          {price ? (
            <div>
              <dt className="text-muted-foreground">{t("billing.price")}</dt>
              <dd className="mt-0.5 font-medium">{price}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-muted-foreground">
              {overview.status === "cancelling" ? t("billing.accessUntil") : t("billing.renewsOn")}
            </dt>
            <dd className="mt-0.5 font-medium" data-testid="billing-period-end">
              {overview.billed ? until : t("billing.noRenewal")}
            </dd>
          </div>
          {overview.startedAt ? (
            <div>
              <dt className="text-muted-foreground">{t("billing.memberSince")}</dt>
              <dd className="mt-0.5 font-medium">{date(overview.startedAt)}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-muted-foreground">{t("billing.paymentMethod")}</dt>
            <dd className="mt-0.5 font-medium">
              {overview.cardLast4 ? (
                <span className="inline-flex items-center gap-1.5">
                  <FlaskConical className="size-4 text-muted-foreground" aria-hidden="true" />
                  {t("billing.testCard", { last4: overview.cardLast4 })}
                </span>
              ) : overview.portal ? (
                <span className="inline-flex items-center gap-1.5">
                  <CreditCard className="size-4 text-muted-foreground" aria-hidden="true" />
                  {t("billing.stripeCard")}
                </span>
              ) : (
                t("billing.grantedByTeam")
              )}
            </dd>
          </div>
        </dl>
      ) : (
        <div className="mt-4 rounded-lg bg-muted/60 p-4 text-sm" data-testid="billing-upsell">
          <p>{t("billing.upsell", { price: membershipPrice })}</p>
          <Button asChild className="mt-3">
            <Link to="/subscription">{t("billing.upsellCta")}</Link>
          </Button>
        </div>
      )}

      <div className="mt-6 flex flex-wrap gap-2">
        {overview.billed && overview.status !== "cancelling" ? (
          <CancelMembership accessUntil={until} />
        ) : null}
        {overview.billed && overview.status === "cancelling" ? (
          <IntentButton
            intent="resume"
            variant="default"
            label={t("billing.resume")}
            busyLabel={t("billing.resuming")}
          />
        ) : null}
        <IntentButton
          intent="check"
          label={t("billing.check.button")}
          busyLabel={t("billing.check.checking")}
          icon={<RefreshCw aria-hidden="true" />}
        />
        {overview.portal ? (
          <Form method="post" action={pathname}>
            <input type="hidden" name="intent" value="portal" />
            <Button type="submit" variant="outline">
              <ExternalLink className="rtl:-scale-x-100" aria-hidden="true" />
              {t("billing.manageCard")}
            </Button>
          </Form>
        ) : null}
      </div>
      {overview.cardLast4 ? (
        <p className="mt-4 text-xs text-muted-foreground">{t("billing.builtinNote")}</p>
      ) : null}
    </section>
  );
}

/** The member's payments, newest first, each with its receipt. */
export function PaymentHistory({ payments }: { payments: PaymentHistoryRow[] }) {
  const { t, i18n } = useTranslation();
  const date = useDate();
  return (
    <section
      className="mt-6 rounded-xl border border-border bg-card p-6"
      aria-labelledby="history-title"
    >
      <h2 id="history-title" className="text-lg font-semibold">
        {t("billing.history.title")}
      </h2>
      {payments.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t("billing.history.empty")}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm" data-testid="payment-history">
            <caption className="sr-only">{t("billing.history.title")}</caption>
            <thead>
              <tr className="border-b border-border text-muted-foreground">
                <th scope="col" className="py-2 pe-3 text-start font-medium">
                  {t("billing.history.date")}
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-medium">
                  {t("billing.history.receipt")}
                </th>
                <th scope="col" className="hidden py-2 pe-3 text-start font-medium sm:table-cell">
                  {t("billing.history.period")}
                </th>
                <th scope="col" className="py-2 pe-3 text-end font-medium">
                  {t("billing.history.amount")}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {t("billing.history.status")}
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id} className="border-b border-border last:border-0">
                  <td className="py-2.5 pe-3 whitespace-nowrap">{date(p.paidAt, "medium")}</td>
                  <td className="py-2.5 pe-3">
                    <Link
                      to={`/billing/receipts/${p.id}`}
                      className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
                    >
                      <ReceiptText className="size-3.5 shrink-0" aria-hidden="true" />
                      <bdi>{p.receipt}</bdi>
                    </Link>
                  </td>
                  <td className="hidden py-2.5 pe-3 whitespace-nowrap text-muted-foreground sm:table-cell">
                    {p.periodStart && p.periodEnd
                      ? t("billing.history.periodRange", {
                          from: date(p.periodStart, "medium"),
                          to: date(p.periodEnd, "medium"),
                        })
                      : "—"}
                  </td>
                  <td className="py-2.5 pe-3 text-end whitespace-nowrap">
                    {formatMoney(p.amount, p.currency, i18n.language)}
                  </td>
                  <td className="py-2.5 text-end">
                    <Badge variant={p.status === "refunded" ? "outline" : "secondary"}>
                      {t(`billing.history.${p.status}`)}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
