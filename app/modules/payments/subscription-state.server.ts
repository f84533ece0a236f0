import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { subscribers } from "#app/modules/memberships/schema";
import type { SubscriptionSnapshot } from "./types";

type Tx = Pick<Db, "select" | "update">;

/** What applying a snapshot changed, for the e-mails that follow it. */
export type MembershipChange =
  "activated" | "renewed" | "cancelling" | "resumed" | "past_due" | "ended" | "unchanged" | "stale";

/**
 * Writes a provider's current subscription onto the member's subscriber record (SPEC §4:
 * upgrade sets subscribed, tier full, subscription_start, monthly_price, updated_at). A
 * snapshot older than the one last applied changes nothing, so events handled out of order
 * cannot move a membership backwards. An ended subscription returns the member to free, unless
 * the member has since moved to another subscription.
 */
export async function applySnapshot(
  tx: Tx,
  snapshot: SubscriptionSnapshot,
  observedAt: Date,
): Promise<MembershipChange> {
  const [current] = await tx
    .select({
      subscribed: subscribers.subscribed,
      status: subscribers.subscriptionStatus,
      providerSubscriptionId: subscribers.providerSubscriptionId,
      subscriptionStart: subscribers.subscriptionStart,
      currentPeriodEnd: subscribers.currentPeriodEnd,
      cancelAtPeriodEnd: subscribers.cancelAtPeriodEnd,
      billingSyncedAt: subscribers.billingSyncedAt,
    })
    .from(subscribers)
    .where(eq(subscribers.userId, snapshot.userId))
    .limit(1);
  if (!current) return "unchanged";
  if (current.billingSyncedAt && current.billingSyncedAt.getTime() > observedAt.getTime())
    return "stale";
  const sameSubscription = current.providerSubscriptionId === snapshot.subscriptionId;

  if (snapshot.status === "canceled") {
    if (!sameSubscription) return "unchanged";
    if (!current.subscribed && current.status === "canceled") return "unchanged";
    await tx
      .update(subscribers)
      .set({
        subscribed: false,
        subscriptionTier: "free",
        subscriptionStatus: "canceled",
        monthlyPrice: 0,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: snapshot.currentPeriodEnd,
        updatedAt: observedAt,
        billingSyncedAt: observedAt,
      })
      .where(eq(subscribers.userId, snapshot.userId));
    return "ended";
  }

  await tx
    .update(subscribers)
    .set({
      subscribed: true,
      subscriptionTier: "full",
      subscriptionStatus: snapshot.status,
      monthlyPrice: snapshot.amount,
      currency: snapshot.currency,
      subscriptionStart:
        sameSubscription && current.subscriptionStart
          ? current.subscriptionStart
          : snapshot.startedAt,
      provider: snapshot.provider,
      providerCustomerId: snapshot.customerId,
      providerSubscriptionId: snapshot.subscriptionId,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      updatedAt: observedAt,
      billingSyncedAt: observedAt,
    })
    .where(eq(subscribers.userId, snapshot.userId));

  if (!sameSubscription || !current.subscribed) return "activated";
  if (snapshot.status === "past_due" && current.status !== "past_due") return "past_due";
  if (snapshot.cancelAtPeriodEnd && !current.cancelAtPeriodEnd) return "cancelling";
  if (!snapshot.cancelAtPeriodEnd && current.cancelAtPeriodEnd) return "resumed";
  if (
    snapshot.currentPeriodEnd &&
    current.currentPeriodEnd &&
    snapshot.currentPeriodEnd > current.currentPeriodEnd
  )
    return "renewed";
  return "unchanged";
}

/** Ends a membership now (a refund inside the guarantee, or a lapsed cancellation). */
export async function endMembership(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(subscribers)
    .set({
      subscribed: false,
      subscriptionTier: "free",
      subscriptionStatus: "canceled",
      monthlyPrice: 0,
      cancelAtPeriodEnd: false,
      updatedAt: now,
      billingSyncedAt: now,
    })
    .where(eq(subscribers.userId, userId));
}

/**
 * Ends the membership a refunded payment paid for, and only that one: a refund of a duplicate
 * subscription's payment (or of an old subscription's) leaves the member's current membership
 * alone. A payment without a subscription ends the membership, as before. Says whether it ended.
 */
export async function endMembershipPaidBy(
  tx: Tx,
  userId: string,
  payment: { provider: string; subscriptionId: string | null },
  now: Date,
): Promise<boolean> {
  if (payment.subscriptionId) {
    const [current] = await tx
      .select({
        provider: subscribers.provider,
        subscriptionId: subscribers.providerSubscriptionId,
      })
      .from(subscribers)
      .where(eq(subscribers.userId, userId))
      .limit(1);
    if (
      !current ||
      current.provider !== payment.provider ||
      current.subscriptionId !== payment.subscriptionId
    )
      return false;
  }
  await endMembership(tx, userId, now);
  return true;
}
