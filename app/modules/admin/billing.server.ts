import { and, count, desc, eq, ilike, isNull, sql, type SQL } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import type { Page } from "#app/lib/pagination";
import { user } from "#app/modules/auth/schema";
import { membershipKind, type MembershipKind } from "#app/modules/memberships";
import { subscribers, type Tier } from "#app/modules/memberships/schema";
import {
  paymentEvents,
  payments,
  salesNotifications,
  type ProviderName,
} from "#app/modules/payments/schema";
import { profiles } from "#app/modules/profiles/schema";
import type { SubscriptionStatusFilter } from "./billing-validation";

/** Rows per page on the subscriptions, transactions and payment-events screens. */
export const BILLING_PAGE_SIZE = 25;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `%` and `_` typed by the admin are literal characters, not LIKE wildcards. */
function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What the admin sees of a membership's state: `cancelling` = cancelled at period end, `none` = never had one. */
export type MembershipState = "active" | "past_due" | "canceled" | "cancelling" | "none";

export interface SubscriptionRow {
  userId: string;
  email: string;
  displayName: string;
  slug: string;
  tier: Tier;
  subscribed: boolean;
  state: MembershipState;
  /** How the full membership is held: only `paid` is billed (see memberships/membership-kind.ts). */
  kind: MembershipKind;
  provider: ProviderName | null;
  monthlyPrice: number;
  currency: string | null;
  subscriptionStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Last change of the row: for an ended (`canceled`) membership, when it ended. */
  updatedAt: Date;
}

function stateOf(row: {
  subscribed: boolean;
  status: string;
  cancelAtPeriodEnd: boolean;
  tier: Tier;
  subscriptionStart: Date | null;
}): MembershipState {
  if (row.subscribed && row.cancelAtPeriodEnd) return "cancelling";
  if (row.status === "past_due") return "past_due";
  if (row.status === "canceled") return "canceled";
  if (!row.subscribed && row.tier === "free") return "none";
  return "active";
}

function statusCondition(status: SubscriptionStatusFilter): SQL | undefined {
  switch (status) {
    case "active":
      return and(
        eq(subscribers.subscribed, true),
        eq(subscribers.subscriptionStatus, "active"),
        eq(subscribers.cancelAtPeriodEnd, false),
      );
    case "past_due":
      return eq(subscribers.subscriptionStatus, "past_due");
    case "canceled":
      return eq(subscribers.subscriptionStatus, "canceled");
    case "cancelling":
      return and(eq(subscribers.subscribed, true), eq(subscribers.cancelAtPeriodEnd, true));
    default:
      return undefined;
  }
}

/**
 * One page of members' memberships for /admin/subscriptions: one query whatever the page size
 * (the total rides along as a window count). Paying and granted members first, newest first.
 */
export async function listSubscriptions(options: {
  tier?: Tier | "";
  status?: SubscriptionStatusFilter | "";
  email?: string;
  page?: number;
}): Promise<Page<SubscriptionRow>> {
  const term = options.email?.trim();
  const where = and(
    options.tier ? eq(subscribers.subscriptionTier, options.tier) : undefined,
    options.status ? statusCondition(options.status) : undefined,
    term ? ilike(user.email, likeTerm(term)) : undefined,
  );
  const found = await paginate(
    db()
      .select({
        userId: subscribers.userId,
        email: user.email,
        displayName: profiles.displayName,
        slug: profiles.slug,
        tier: subscribers.subscriptionTier,
        subscribed: subscribers.subscribed,
        status: subscribers.subscriptionStatus,
        provider: subscribers.provider,
        providerSubscriptionId: subscribers.providerSubscriptionId,
        monthlyPrice: subscribers.monthlyPrice,
        currency: subscribers.currency,
        subscriptionStart: subscribers.subscriptionStart,
        currentPeriodEnd: subscribers.currentPeriodEnd,
        cancelAtPeriodEnd: subscribers.cancelAtPeriodEnd,
        updatedAt: subscribers.updatedAt,
        total: totalRows(),
      })
      .from(subscribers)
      .innerJoin(user, eq(user.id, subscribers.userId))
      .innerJoin(profiles, eq(profiles.userId, subscribers.userId))
      .where(where)
      .orderBy(
        desc(subscribers.subscribed),
        sql`${subscribers.subscriptionStart} desc nulls last`,
        desc(subscribers.createdAt),
        desc(subscribers.userId),
      ),
    { page: options.page ?? 1, perPage: BILLING_PAGE_SIZE },
  );
  return {
    ...found,
    rows: found.rows.map(({ status, providerSubscriptionId, ...row }) => ({
      ...row,
      state: stateOf({ ...row, status }),
      kind: membershipKind({ ...row, status, providerSubscriptionId }),
    })),
  };
}

export interface TransactionRow {
  id: string;
  userId: string;
  displayName: string | null;
  slug: string | null;
  email: string | null;
  amount: number;
  currency: string;
  status: "paid" | "refunded";
  provider: ProviderName;
  receiptNumber: number;
  paidAt: Date;
  refundedAt: Date | null;
  /** Paid and still inside the money-back guarantee: the Refund action is offered. */
  refundable: boolean;
}

/** One page of payments, newest first (one query), each marked refundable or not at `now`. */
export async function listTransactions(options: {
  page?: number;
  guaranteeDays: number;
  now?: Date;
}): Promise<Page<TransactionRow>> {
  const now = options.now ?? new Date();
  const found = await paginate(
    db()
      .select({
        id: payments.id,
        userId: payments.userId,
        displayName: profiles.displayName,
        slug: profiles.slug,
        email: user.email,
        amount: payments.amount,
        currency: payments.currency,
        status: payments.status,
        provider: payments.provider,
        receiptNumber: payments.receiptNumber,
        paidAt: payments.paidAt,
        refundedAt: payments.refundedAt,
        total: totalRows(),
      })
      .from(payments)
      .leftJoin(profiles, eq(profiles.userId, payments.userId))
      .leftJoin(user, eq(user.id, payments.userId))
      .orderBy(desc(payments.paidAt), desc(payments.id)),
    { page: options.page ?? 1, perPage: BILLING_PAGE_SIZE },
  );
  return {
    ...found,
    rows: found.rows.map((row) => ({
      ...row,
      refundable: row.status === "paid" && refundWindowOpen(row.paidAt, options.guaranteeDays, now),
    })),
  };
}

/** The same rule refundPayment enforces: a refund up to `guaranteeDays` after the payment. */
export function refundWindowOpen(paidAt: Date, guaranteeDays: number, now: Date): boolean {
  return paidAt.getTime() + guaranteeDays * DAY_MS >= now.getTime();
}

export interface PaymentEventRow {
  id: string;
  provider: ProviderName;
  eventId: string;
  type: string;
  occurredAt: Date;
  receivedAt: Date;
  userId: string | null;
  displayName: string | null;
  slug: string | null;
  status: "processed" | "ignored" | "failed";
  result: string;
  payload: Record<string, unknown>;
}

/** One page of raw provider events, newest first (one query). */
export async function listPaymentEvents(options: {
  page?: number;
}): Promise<Page<PaymentEventRow>> {
  return paginate(
    db()
      .select({
        id: paymentEvents.id,
        provider: paymentEvents.provider,
        eventId: paymentEvents.eventId,
        type: paymentEvents.type,
        occurredAt: paymentEvents.occurredAt,
        receivedAt: paymentEvents.receivedAt,
        userId: paymentEvents.userId,
        displayName: profiles.displayName,
        slug: profiles.slug,
        status: paymentEvents.status,
        result: paymentEvents.result,
        payload: paymentEvents.payload,
        total: totalRows(),
      })
      .from(paymentEvents)
      .leftJoin(profiles, eq(profiles.userId, paymentEvents.userId))
      .orderBy(desc(paymentEvents.receivedAt), desc(paymentEvents.id)),
    { page: options.page ?? 1, perPage: BILLING_PAGE_SIZE },
  );
}

/** The admins' Sales badge (SPEC §2): sales no admin has looked at yet. One count on a partial index. */
export async function unseenSalesCount(): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(salesNotifications)
    .where(isNull(salesNotifications.seenAt));
  return row?.n ?? 0;
}

/** Opening /admin/transactions: every sale so far is seen (the badge of every admin resets). */
export async function markSalesSeen(now: Date = new Date()): Promise<number> {
  const marked = await db()
    .update(salesNotifications)
    .set({ seenAt: now })
    .where(isNull(salesNotifications.seenAt))
    .returning({ id: salesNotifications.id });
  return marked.length;
}
