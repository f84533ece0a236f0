import { and, eq, isNull, lte } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { subscribers } from "#app/modules/memberships/schema";
import { holdsPaidMembership } from "#app/modules/memberships";
import { CheckoutRefusedError } from "./builtin-provider.server";
import { emitCancelled } from "./events.server";
import { builtinProvider, providerNamed } from "./provider.server";
import { checkoutSessions, payments } from "./schema";
import {
  applySnapshot,
  endMembership,
  endMembershipPaidBy,
  type MembershipChange,
} from "./subscription-state.server";
import type { BillingProvider } from "./types";

export class BillingRefusedError extends Error {
  constructor(
    readonly reason:
      | "alreadyMember"
      | "checkoutClosed"
      | "checkoutInProgress"
      | "noSubscription"
      | "notFound"
      | "alreadyRefunded"
      | "outsideGuarantee"
      | "providerUnavailable",
  ) {
    super(reason);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The member's billing row. */
export async function subscriberOf(userId: string) {
  const [row] = await db()
    .select()
    .from(subscribers)
    .where(eq(subscribers.userId, userId))
    .limit(1);
  return row;
}

/**
 * Asks the provider for a subscription as it is now and writes it onto the member (the
 * `check-subscription` of SPEC §7). Emits `membership.cancelled` (the confirmation e-mail) in
 * the same transaction when this is what noticed the cancellation.
 */
export async function syncSubscription(
  provider: BillingProvider,
  subscriptionId: string,
  now: Date = new Date(),
): Promise<MembershipChange | null> {
  const snapshot = await provider.fetchSubscription(subscriptionId);
  if (!snapshot) return null;
  return db().transaction(async (tx) => {
    const change = await applySnapshot(tx, snapshot, now);
    if (change === "cancelling")
      await emitCancelled(tx as unknown as Db, snapshot.userId, snapshot.currentPeriodEnd);
    return change;
  });
}

/** An open built-in checkout of this member (the local card page), or undefined. */
export async function openBuiltinCheckout(userId: string, checkoutId: string) {
  const [row] = await db()
    .select({
      id: checkoutSessions.id,
      amount: checkoutSessions.amount,
      currency: checkoutSessions.currency,
      status: checkoutSessions.status,
    })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.id, checkoutId),
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.provider, "builtin"),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The built-in card form: pays a checkout with a test card (CardDeclinedError when the card is
 * refused). A member who holds a paid membership by now (another tab, a grant by the team), or
 * whose checkout was replaced by a newer one, is refused before anything is charged.
 */
export async function payBuiltinCheckout(
  userId: string,
  checkoutId: string,
  cardNumber: string,
  now: Date = new Date(),
): Promise<void> {
  if (holdsPaidMembership(await subscriberOf(userId), now))
    throw new BillingRefusedError("alreadyMember");
  try {
    await builtinProvider().pay(checkoutId, userId, cardNumber, now);
  } catch (error) {
    if (error instanceof CheckoutRefusedError)
      throw new BillingRefusedError(error.reason === "closed" ? "checkoutClosed" : "alreadyMember");
    throw error;
  }
}

/**
 * /payment-success: asks the provider (never the query string) whether this member's checkout
 * was paid, and brings the membership up to date if so.
 */
export async function confirmCheckout(
  userId: string,
  checkoutId: string,
  now: Date = new Date(),
): Promise<"paid" | "pending" | "unknown"> {
  const [checkout] = await db()
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, userId)))
    .limit(1);
  if (!checkout) return "unknown";
  const provider = providerNamed(checkout.provider);
  if (!provider) return "unknown";
  const result = await provider.checkoutResult(checkout.providerSessionId);
  if (!result.paid) return "pending";
  if (result.subscriptionId) await syncSubscription(provider, result.subscriptionId, now);
  if (checkout.status !== "complete")
    await db()
      .update(checkoutSessions)
      .set({ status: "complete" })
      .where(eq(checkoutSessions.id, checkout.id));
  return "paid";
}

/** The billing page's "check subscription": re-reads the member's state from the provider. */
export async function checkSubscription(
  userId: string,
  now: Date = new Date(),
): Promise<MembershipChange | null> {
  const row = await subscriberOf(userId);
  if (!row?.provider || !row.providerSubscriptionId) return null;
  const provider = providerNamed(row.provider);
  if (!provider) throw new BillingRefusedError("providerUnavailable");
  return syncSubscription(provider, row.providerSubscriptionId, now);
}

/** Cancel at period end (access stays until then), or resume before that moment. */
export async function setCancelAtPeriodEnd(
  userId: string,
  cancel: boolean,
  now: Date = new Date(),
): Promise<void> {
  const row = await subscriberOf(userId);
  if (!row?.provider || !row.providerSubscriptionId || !row.subscribed)
    throw new BillingRefusedError("noSubscription");
  const provider = providerNamed(row.provider);
  if (!provider) throw new BillingRefusedError("providerUnavailable");
  await provider.setCancelAtPeriodEnd(row.providerSubscriptionId, cancel, now);
  await syncSubscription(provider, row.providerSubscriptionId, now);
}

/**
 * An admin's refund inside the guarantee window: the money goes back, the provider ends the
 * subscription, and premium access ends now. Audited.
 */
export async function refundPayment(
  adminId: string,
  paymentId: string,
  guaranteeDays: number,
  now: Date = new Date(),
): Promise<void> {
  const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment) throw new BillingRefusedError("notFound");
  if (payment.status === "refunded") throw new BillingRefusedError("alreadyRefunded");
  if (payment.paidAt.getTime() + guaranteeDays * DAY_MS < now.getTime())
    throw new BillingRefusedError("outsideGuarantee");
  const provider = providerNamed(payment.provider);
  if (!provider) throw new BillingRefusedError("providerUnavailable");
  await provider.refund(
    {
      providerPaymentId: payment.providerPaymentId,
      refundRef: payment.providerRefundRef,
      subscriptionId: payment.providerSubscriptionId,
    },
    now,
  );
  // The provider's refund event does the same; doing it here makes it immediate and is idempotent.
  await db().transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ status: "refunded", refundedAt: now })
      .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)));
    // A purchase's refund ends the purchase (its row is now refunded), never the membership.
    if (!payment.productKind)
      await endMembershipPaidBy(
        tx,
        payment.userId,
        { provider: payment.provider, subscriptionId: payment.providerSubscriptionId },
        now,
      );
    await recordAudit(tx, {
      actorId: adminId,
      action: "payment.refund",
      targetType: "payment",
      targetId: payment.id,
      details: { userId: payment.userId, amount: payment.amount, currency: payment.currency },
    });
  });
}

/**
 * An admin grants or revokes premium by hand, with a reason, in the audit log. Revoking a
 * paying member also ends their provider subscription (no refund: that is the refund action).
 */
export async function setPremiumByHand(
  adminId: string,
  userId: string,
  grant: boolean,
  reason: string,
  now: Date = new Date(),
): Promise<void> {
  const row = await subscriberOf(userId);
  if (!row) throw new BillingRefusedError("notFound");
  if (!grant && row.provider && row.providerSubscriptionId && row.subscribed) {
    await providerNamed(row.provider)?.cancelNow(row.providerSubscriptionId, now);
  }
  await db().transaction(async (tx) => {
    if (grant) {
      await tx
        .update(subscribers)
        .set({
          subscribed: true,
          subscriptionTier: "full",
          subscriptionStatus: "active",
          subscriptionStart: row.subscriptionStart ?? now,
          cancelAtPeriodEnd: false,
          updatedAt: now,
        })
        .where(eq(subscribers.userId, userId));
    } else {
      await endMembership(tx, userId, now);
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: grant ? "membership.grant" : "membership.revoke",
      targetType: "user",
      targetId: userId,
      details: { reason, from: { tier: row.subscriptionTier, subscribed: row.subscribed } },
    });
  });
}

/**
 * Built-in renewals and endings, and memberships cancelled at period end whose period is over.
 * Run every five minutes by pg-boss (sweep-task.server.ts); idempotent, so a run repeated or
 * overlapping another charges and ends nothing twice.
 */
export async function runBillingSweep(now: Date = new Date()): Promise<void> {
  await builtinProvider().advance(now);
  const lapsed = await db()
    .select({
      userId: subscribers.userId,
      provider: subscribers.provider,
      subscriptionId: subscribers.providerSubscriptionId,
    })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.subscribed, true),
        eq(subscribers.cancelAtPeriodEnd, true),
        lte(subscribers.currentPeriodEnd, now),
      ),
    );
  for (const row of lapsed) {
    const provider = row.provider ? providerNamed(row.provider) : undefined;
    const change =
      provider && row.subscriptionId
        ? await syncSubscription(provider, row.subscriptionId, now)
        : null;
    if (change !== "ended") await db().transaction((tx) => endMembership(tx, row.userId, now));
  }
}
