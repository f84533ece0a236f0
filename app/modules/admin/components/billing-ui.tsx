import { useTranslation } from "#app/i18n/react";
import { useLocation, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { cn } from "#app/lib/cn";
import type { MembershipKind } from "#app/modules/memberships";

type Tone = "good" | "warn" | "bad" | "muted";

const TONES: Record<Tone, string> = {
  good: "border-transparent bg-emerald-100 text-emerald-900",
  warn: "border-transparent bg-amber-100 text-amber-950",
  bad: "border-transparent bg-red-100 text-red-900",
  muted: "border-border bg-transparent text-muted-foreground",
};

function ToneBadge({
  tone,
  children,
  testId,
}: {
  tone: Tone;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Badge variant="outline" className={cn(TONES[tone])} data-testid={testId}>
      {children}
    </Badge>
  );
}

const MEMBERSHIP_TONE = {
  active: "good",
  past_due: "warn",
  cancelling: "warn",
  canceled: "bad",
  none: "muted",
} as const;

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

// The stacking table is shared with the members list; the billing pages import it from here.
export { stackTable, Td, Th } from "./stack-table";

/** An empty list: a dashed box with a sentence. */
export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="mt-4 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
      {children}
    </p>
  );
}

/** True while a navigation to another page of the same list (filters, page number) is loading. */
export function useListLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === pathname;
}
