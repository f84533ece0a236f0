import { and, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { subscribers } from "#app/modules/memberships/schema";
import { membershipLapsed } from "#app/modules/memberships";
import { logger } from "#app/lib/logger.server";
import { providerNamed } from "./provider.server";
import { payments, type ProviderName } from "./schema";
import type { SubscriptionSnapshot } from "./types";

export interface DuplicateSubscription {
  provider: ProviderName;
  subscriptionId: string;
}

/**
 * The one that started later is the duplicate. Providers date subscriptions to the second, so
 * two paid in the same second tie: then the one on record keeps the membership and the newcomer
 * is the duplicate (the record is what every process reads, so they agree).
 */
function startedLater(
  newcomer: SubscriptionSnapshot,
  recorded: SubscriptionSnapshot,
): SubscriptionSnapshot {
  return recorded.startedAt.getTime() > newcomer.startedAt.getTime() ? recorded : newcomer;
}

/**
 * One member, one membership. A second subscription can still reach the webhook although a member
 * never has two open checkouts (a session opened before that rule, a race inside the provider):
 * then the subscription that started first keeps the membership and the later one is the
 * duplicate. Returns it (this event's subscription or the one on record), or null when there is
 * none. An old subscription that ended is never a duplicate (its late events change nothing).
 */
export async function findDuplicate(
  snapshot: SubscriptionSnapshot,
  now: Date,
): Promise<DuplicateSubscription | null> {
  const [row] = await db()
    .select({
      subscribed: subscribers.subscribed,
      provider: subscribers.provider,
      providerSubscriptionId: subscribers.providerSubscriptionId,
      cancelAtPeriodEnd: subscribers.cancelAtPeriodEnd,
      currentPeriodEnd: subscribers.currentPeriodEnd,
    })
    .from(subscribers)
    .where(eq(subscribers.userId, snapshot.userId))
    .limit(1);
  if (
    !row?.subscribed ||
    !row.provider ||
    !row.providerSubscriptionId ||
    membershipLapsed(row, now)
  )
    return null;
  if (row.provider === snapshot.provider && row.providerSubscriptionId === snapshot.subscriptionId)
    return null;
  // Asked of the provider, not taken from our record: the one on record may have ended unnoticed.
  const recorded = await providerNamed(row.provider)?.fetchSubscription(row.providerSubscriptionId);
  if (!recorded || recorded.status === "canceled") return null;
  const later = startedLater(snapshot, recorded);
  // An older subscription that has ended: its late events are history, not a second membership.
  if (later === recorded && snapshot.status === "canceled") return null;
  return { provider: later.provider, subscriptionId: later.subscriptionId };
}

/**
 * Ends a duplicate subscription now and gives its payments back. Each payment is claimed
 * (paid → refunded) before the provider is asked, so two events settling the same duplicate
 * refund it once; a refund the provider refuses is put back for the next event to retry.
 */
export async function settleDuplicate(duplicate: DuplicateSubscription, now: Date): Promise<void> {
  const provider = providerNamed(duplicate.provider);
  if (!provider) return;
  const current = await provider.fetchSubscription(duplicate.subscriptionId);
  if (current && current.status !== "canceled")
    await provider.cancelNow(duplicate.subscriptionId, now);
  const paid = await db()
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, duplicate.provider),
        eq(payments.providerSubscriptionId, duplicate.subscriptionId),
        eq(payments.status, "paid"),
      ),
    );
  for (const payment of paid) {
    const [claimed] = await db()
      .update(payments)
      .set({ status: "refunded", refundedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "paid")))
      .returning({ id: payments.id });
    if (!claimed) continue;
    try {
      await provider.refund(
        {
          providerPaymentId: payment.providerPaymentId,
          refundRef: payment.providerRefundRef,
          subscriptionId: null,
        },
        now,
      );
      logger.warn(
        { userId: payment.userId, paymentId: payment.id, subscriptionId: duplicate.subscriptionId },
        "duplicate membership payment refunded",
      );
    } catch (error) {
      await db()
        .update(payments)
        .set({ status: "paid", refundedAt: null })
        .where(eq(payments.id, payment.id));
      throw error;
    }
  }
}
