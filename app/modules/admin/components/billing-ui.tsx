import { useTranslation } from "react-i18next";
import { useLocation, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { cn } from "#app/lib/cn";
import type { MembershipKind } from "#app/modules/memberships/membership-kind";

type Tone = "good" | "warn" | "bad" | "muted";

const TONES: Record<Tone, string> = {
  good: "border-transparent bg-emerald-100 text-emerald-900",
  warn: "border-transparent bg-amber-100 text-amber-950",
  bad: "border-transparent bg-red-100 text-red-900",
  muted: "border-border bg-transparent text-muted-foreground",
};

function ToneBadge({ tone, children, testId }: { tone: Tone; children: React.ReactNode; testId?: string }) {
  return (
    <Badge variant="outline" className={cn(TONES[tone])} data-testid={testId}>
      {children}
    </Badge>
  );
}

const MEMBERSHIP_TONE = { active: "good", past_due: "warn", cancelling: "warn", canceled: "bad", none: "muted" } as const;

/** A membership's state on /admin/subscriptions. */
export function MembershipStateBadge({ state }: { state: keyof typeof MEMBERSHIP_TONE }) {
  const { t } = useTranslation();
  return (
    <ToneBadge tone={MEMBERSHIP_TONE[state]} testId="membership-state">
      {t(`admin.subscriptions.states.${state}`)}
    </ToneBadge>
  );
}

/** A payment's status on /admin/transactions. */
export function PaymentStatusBadge({ status }: { status: "paid" | "refunded" }) {
  const { t } = useTranslation();
  return (
    <ToneBadge tone={status === "paid" ? "good" : "muted"} testId="payment-status">
      {t(`admin.transactions.statuses.${status}`)}
    </ToneBadge>
  );
}

const EVENT_TONE = { processed: "good", ignored: "muted", failed: "bad" } as const;

/** A provider event's processing status on /admin/payments. */
export function EventStatusBadge({ status }: { status: keyof typeof EVENT_TONE }) {
  const { t } = useTranslation();
  return <ToneBadge tone={EVENT_TONE[status]}>{t(`admin.payments.statuses.${status}`)}</ToneBadge>;
}

/**
 * Who bills a membership: Stripe, Built-in (test cards); for memberships nobody pays for,
 * Granted (by hand) or Lifetime; otherwise a dash.
 */
export function useProviderLabel() {
  const { t } = useTranslation();
  return (provider: string | null, kind?: MembershipKind) => {
    if (provider === "stripe") return t("admin.billing.providers.stripe");
    if (provider === "builtin") return t("admin.billing.providers.builtin");
    if (kind === "granted") return t("admin.billing.providers.manual");
    if (kind === "lifetime") return t("admin.billing.providers.lifetime");
    return "—";
  };
}

/**
 * The admin billing tables under 640 px: each row becomes a card of "label — value" lines (the
 * label comes from the cell's data-label), so nothing scrolls sideways on a phone.
 */
export const stackTable = {
  table: "w-full text-sm max-sm:block",
  head: "bg-muted max-sm:hidden",
  body: "max-sm:block",
  row: "border-t border-border align-middle max-sm:block max-sm:px-3 max-sm:py-2 max-sm:first:border-t-0",
};

/** A body cell of a stacking table; `label` is its column's name, shown before it on phones. */
export function Td({ label, className, children }: { label?: string; className?: string; children?: React.ReactNode }) {
  return (
    <td
      data-label={label ?? ""}
      className={cn(
        "px-3 py-2",
        "max-sm:flex max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:text-end",
        "max-sm:before:shrink-0 max-sm:before:text-start max-sm:before:text-xs max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]",
        className,
      )}
    >
      <div className="min-w-0">{children}</div>
    </td>
  );
}

/** Column header cell of the admin billing tables. */
export function Th({ children, className }: { children?: React.ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn("px-3 py-2 text-start font-medium whitespace-nowrap", className)}>
      {children}
    </th>
  );
}

/** An empty list: a dashed box with a sentence. */
export function EmptyState({ children }: { children: React.ReactNode }) {
  return <p className="mt-4 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">{children}</p>;
}

/** True while a navigation to another page of the same list (filters, page number) is loading. */
export function useListLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === pathname;
}
