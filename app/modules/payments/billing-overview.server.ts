import { and, desc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { user } from "#app/modules/auth/schema";
import { membershipKind } from "#app/modules/memberships";
import { subscribers, type Tier } from "#app/modules/memberships/schema";
import { profiles } from "#app/modules/profiles/schema";
import { billedByProvider, billingStatus, type BillingStatus } from "./billing-state";
import { receiptLabel } from "./emails.server";
import { builtinSubscriptions, payments } from "./schema";
import type { Member } from "#app/modules/auth";
import { canViewReceipt } from "./policy";

/** How many payments the billing screen lists (a year of monthly payments is 12). */
export const PAYMENT_HISTORY_LIMIT = 60;

export interface PaymentHistoryRow {
  id: string;
  receipt: string;
  amount: number;
  currency: string;
  status: "paid" | "refunded";
  paidAt: Date;
  periodStart: Date | null;
  periodEnd: Date | null;
}

export interface BillingOverview {
  status: BillingStatus;
  tier: Tier;
  /** The membership's price in minor units, and its currency (null for free members). */
  amount: number | null;
  currency: string | null;
  startedAt: Date | null;
  /** Renewal date (active), end of access (cancelling), or the end of the unpaid period (past due). */
  periodEnd: Date | null;
  provider: "stripe" | "builtin" | null;
  /** Cancel / resume / check apply: the membership is billed by a provider. */
  billed: boolean;
  /** A Stripe customer: the Billing Portal manages the card. */
  portal: boolean;
  /** The built-in provider's test card. */
  cardLast4: string | null;
  payments: PaymentHistoryRow[];
}

/** The member's billing screen: membership state, card and payment history (two queries). */
export async function billingOverview(
  userId: string,
  now: Date = new Date(),
): Promise<BillingOverview> {
  const [[row], history] = await Promise.all([
    db()
      .select({
        subscribed: subscribers.subscribed,
        tier: subscribers.subscriptionTier,
        status: subscribers.subscriptionStatus,
        monthlyPrice: subscribers.monthlyPrice,
        currency: subscribers.currency,
        startedAt: subscribers.subscriptionStart,
        provider: subscribers.provider,
        customerId: subscribers.providerCustomerId,
        providerSubscriptionId: subscribers.providerSubscriptionId,
        currentPeriodEnd: subscribers.currentPeriodEnd,
        cancelAtPeriodEnd: subscribers.cancelAtPeriodEnd,
        cardLast4: builtinSubscriptions.cardLast4,
      })
      .from(subscribers)
      .leftJoin(
        builtinSubscriptions,
        and(
          eq(subscribers.provider, "builtin"),
          eq(builtinSubscriptions.id, subscribers.providerSubscriptionId),
        ),
      )
      .where(eq(subscribers.userId, userId))
      .limit(1),
    db()
      .select({
        id: payments.id,
        receiptNumber: payments.receiptNumber,
        amount: payments.amount,
        currency: payments.currency,
        status: payments.status,
        paidAt: payments.paidAt,
        periodStart: payments.periodStart,
        periodEnd: payments.periodEnd,
      })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.paidAt), desc(payments.receiptNumber))
      .limit(PAYMENT_HISTORY_LIMIT),
  ]);
  const historyRows = history.map(({ receiptNumber, ...p }) => ({
    ...p,
    receipt: receiptLabel(receiptNumber ?? 0),
  }));
  if (!row) {
    return {
      status: "free",
      tier: "free",
      amount: null,
      currency: null,
      startedAt: null,
      periodEnd: null,
      provider: null,
      billed: false,
      portal: false,
      cardLast4: null,
      payments: historyRows,
    };
  }
  const status = billingStatus(row, now);
  const paid = status !== "free";
  const billed = paid && billedByProvider(row);
  return {
    status,
    tier: paid ? row.tier : "free",
    // A price only for a paid subscription: a granted or lifetime membership costs nothing.
    amount: paid && membershipKind(row) === "paid" ? row.monthlyPrice : null,
    currency: paid ? row.currency : null,
    startedAt: paid ? row.startedAt : null,
    periodEnd: paid ? row.currentPeriodEnd : null,
    provider: paid ? row.provider : null,
    billed,
    portal: billed && row.provider === "stripe" && row.customerId !== null,
    cardLast4: billed && row.provider === "builtin" ? row.cardLast4 : null,
    payments: historyRows,
  };
}

/** The member's Stripe customer, for the Billing Portal (undefined when not billed by Stripe). */
export async function stripeCustomerOf(userId: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ provider: subscribers.provider, customerId: subscribers.providerCustomerId })
    .from(subscribers)
    .where(eq(subscribers.userId, userId))
    .limit(1);
  return row?.provider === "stripe" && row.customerId ? row.customerId : undefined;
}

export interface Receipt {
  id: string;
  receipt: string;
  amount: number;
  currency: string;
  status: "paid" | "refunded";
  paidAt: Date;
  refundedAt: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  provider: "stripe" | "builtin";
  member: { name: string; email: string };
}

/**
 * One receipt, for whom the payments policy lets see it (`canViewReceipt`: its owner or an
 * admin); undefined for anyone else (the page answers 404, so a stranger cannot even tell that
 * the payment exists). `paymentId` must be a UUID (checked by the route's validation).
 */
export async function receiptFor(
  viewer: Pick<Member, "id" | "isAdmin">,
  paymentId: string,
): Promise<Receipt | undefined> {
  const found = await findReceipt(paymentId);
  return found && canViewReceipt(viewer, found) ? found.receipt : undefined;
}

/** A payment's receipt and whose it is, whoever asks: callers decide with `canViewReceipt`. */
async function findReceipt(
  paymentId: string,
): Promise<{ ownerId: string; receipt: Receipt } | undefined> {
  const [row] = await db()
    .select({
      id: payments.id,
      userId: payments.userId,
      receiptNumber: payments.receiptNumber,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      paidAt: payments.paidAt,
      refundedAt: payments.refundedAt,
      periodStart: payments.periodStart,
      periodEnd: payments.periodEnd,
      provider: payments.provider,
      email: user.email,
      name: profiles.displayName,
    })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .leftJoin(profiles, eq(profiles.userId, payments.userId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!row) return undefined;
  const { userId, receiptNumber, email, name, ...rest } = row;
  return {
    ownerId: userId,
    receipt: {
      ...rest,
      receipt: receiptLabel(receiptNumber ?? 0),
      member: { name: name ?? email, email },
    },
  };
}
