import { and, eq, or } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { subscribers } from "#app/modules/memberships/schema";
import { profiles } from "#app/modules/profiles/schema";
import { emitEvent } from "#app/modules/events/index.server";
import { logger } from "#app/lib/logger.server";
import { billingContact } from "./contact.server";
import {
  checkoutSessions,
  paymentEvents,
  payments,
  purchaseCheckouts,
  salesNotifications,
} from "./schema";
import { findDuplicate, settleDuplicate } from "./duplicates.server";
import {
  applySnapshot,
  endMembershipPaidBy,
  type MembershipChange,
} from "./subscription-state.server";
import type { BillingEvent, BillingProvider, ProductKind, SubscriptionSnapshot } from "./types";

export type EventOutcome =
  | { status: "duplicate" }
  | { status: "processed" | "ignored"; result: string; userId: string | null };

/**
 * The one code path every billing event takes, whichever provider sent it. The event is stored
 * in payment_events keyed by the provider's event id in the same transaction as its effects, so
 * a replay finds the row and changes nothing. Subscription state is never taken from the event
 * itself: the provider is asked for the subscription as it is now, so events arriving out of
 * order still end in the right state.
 */
export async function processBillingEvent(
  provider: BillingProvider,
  event: BillingEvent,
  now: Date = new Date(),
): Promise<EventOutcome> {
  if (await alreadyStored(event)) return { status: "duplicate" };

  const subscriptionId = subscriptionOf(event);
  // Asked before the transaction: a network call must not hold a database transaction open.
  const snapshot = subscriptionId ? await provider.fetchSubscription(subscriptionId) : null;
  const observedAt = new Date(Math.max(now.getTime(), event.occurredAt.getTime()));
  const duplicate = snapshot ? await findDuplicate(snapshot, observedAt) : null;
  const isDuplicate = Boolean(
    snapshot &&
    duplicate &&
    duplicate.provider === snapshot.provider &&
    duplicate.subscriptionId === snapshot.subscriptionId,
  );

  const outcome = await db().transaction(async (tx) => {
    const [stored] = await tx
      .insert(paymentEvents)
      .values({
        provider: event.provider,
        eventId: event.eventId,
        type: event.providerType,
        occurredAt: event.occurredAt,
        payload: event.payload,
        status: "processed",
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!stored) return { status: "duplicate" } as const;

    const { result, userId, ignored } = await applyEvent(
      tx as unknown as Db,
      event,
      { snapshot, isDuplicate },
      observedAt,
    );
    await tx
      .update(paymentEvents)
      .set({ status: ignored ? "ignored" : "processed", result, userId })
      .where(eq(paymentEvents.id, stored.id));
    return { status: ignored ? "ignored" : "processed", result, userId } as const;
  });

  // After the commit, so the payment just recorded is among those given back. A failure is
  // logged; the duplicate's next event (Stripe retries, the built-in sweep) settles it again.
  if (duplicate && outcome.status !== "duplicate") {
    await settleDuplicate(duplicate, observedAt).catch((error) =>
      logger.error({ err: error, duplicate }, "settling a duplicate subscription failed"),
    );
  }
  return outcome;
}

function subscriptionOf(event: BillingEvent): string | null {
  switch (event.kind) {
    case "checkout.completed":
    case "subscription.changed":
    case "payment.succeeded":
    case "payment.failed":
      return event.subscriptionId;
    default:
      return null;
  }
}

async function alreadyStored(event: BillingEvent): Promise<boolean> {
  const [row] = await db()
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(
      and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)),
    )
    .limit(1);
  return Boolean(row);
}

async function applyEvent(
  tx: Db,
  event: BillingEvent,
  { snapshot, isDuplicate }: { snapshot: SubscriptionSnapshot | null; isDuplicate: boolean },
  observedAt: Date,
): Promise<{ result: string; userId: string | null; ignored?: boolean }> {
  // A duplicate subscription never becomes the membership: it is cancelled and refunded instead.
  const change = snapshot && !isDuplicate ? await applySnapshot(tx, snapshot, observedAt) : null;
  const userId = snapshot?.userId ?? (await memberOfSubscription(tx, event));
  if (change === "cancelling" && userId)
    await emitCancelled(tx, userId, snapshot?.currentPeriodEnd ?? null);
  const membership = isDuplicate
    ? "duplicate subscription: cancelled and refunded"
    : change
      ? `membership ${change}`
      : "";

  switch (event.kind) {
    case "checkout.completed": {
      await tx
        .update(checkoutSessions)
        .set({ status: "complete" })
        .where(
          and(
            eq(checkoutSessions.provider, event.provider),
            eq(checkoutSessions.providerSessionId, event.providerSessionId),
          ),
        );
      return { result: join("checkout completed", membership), userId: userId ?? event.userId };
    }
    case "subscription.changed":
      return { result: membership || "no change", userId };
    case "payment.succeeded": {
      if (!userId) return { result: "payment for an unknown member", userId: null, ignored: true };
      const [payment] = await tx
        .insert(payments)
        .values({
          userId,
          provider: event.provider,
          providerPaymentId: event.paymentId,
          providerRefundRef: event.refundRef,
          providerSubscriptionId: event.subscriptionId,
          amount: event.amount,
          currency: event.currency,
          periodStart: event.periodStart,
          periodEnd: event.periodEnd,
          paidAt: event.occurredAt,
        })
        .onConflictDoNothing()
        .returning({ id: payments.id, receiptNumber: payments.receiptNumber });
      if (!payment) return { result: join("payment already recorded", membership), userId };
      // Money taken twice is recorded (it happened) but is no sale and gets no receipt.
      if (isDuplicate)
        return {
          result: join(`payment recorded (${event.amount} ${event.currency})`, membership),
          userId,
        };
      await recordSale(tx, {
        paymentId: payment.id,
        userId,
        amount: event.amount,
        currency: event.currency,
        at: event.occurredAt,
        receiptNumber: payment.receiptNumber,
        periodEnd: event.periodEnd,
      });
      return {
        result: join(`payment recorded (${event.amount} ${event.currency})`, membership),
        userId,
      };
    }
    case "payment.failed": {
      const contact = userId ? await billingContact(tx, userId) : undefined;
      if (userId && contact)
        await emitEvent(tx, {
          name: "payment.failed",
          userId,
          amount: event.amount,
          currency: event.currency,
          contact,
        });
      return { result: join("payment failed", membership), userId };
    }
    case "purchase.paid": {
      await tx
        .update(purchaseCheckouts)
        .set({ status: "complete" })
        .where(
          and(
            eq(purchaseCheckouts.id, event.checkoutId),
            eq(purchaseCheckouts.userId, event.userId),
          ),
        );
      // The payment row is the purchase (decision 064): its unique provider id grants it once,
      // whichever of the webhook, its replay or the success page's check arrives first.
      const [payment] = await tx
        .insert(payments)
        .values({
          userId: event.userId,
          provider: event.provider,
          providerPaymentId: event.paymentId,
          providerRefundRef: event.refundRef,
          productKind: event.productKind,
          productId: event.productId,
          amount: event.amount,
          currency: event.currency,
          paidAt: event.occurredAt,
        })
        .onConflictDoNothing()
        .returning({ id: payments.id, receiptNumber: payments.receiptNumber });
      if (!payment) return { result: "purchase already recorded", userId: event.userId };
      await recordSale(tx, {
        paymentId: payment.id,
        userId: event.userId,
        amount: event.amount,
        currency: event.currency,
        at: event.occurredAt,
        receiptNumber: payment.receiptNumber,
        periodEnd: null,
        product: { kind: event.productKind, id: event.productId },
      });
      return {
        result: `purchase recorded (${event.productKind} ${event.productId}, ${event.amount} ${event.currency})`,
        userId: event.userId,
      };
    }
    case "payment.refunded": {
      const [refunded] = await tx
        .update(payments)
        .set({ status: "refunded", refundedAt: event.occurredAt })
        .where(
          and(
            eq(payments.provider, event.provider),
            or(
              eq(payments.providerRefundRef, event.refundRef),
              eq(payments.providerPaymentId, event.refundRef),
            ),
          ),
        )
        .returning({
          userId: payments.userId,
          subscriptionId: payments.providerSubscriptionId,
          productKind: payments.productKind,
        });
      if (!refunded) return { result: "refund of an unknown payment", userId: null, ignored: true };
      // A refunded purchase ends by itself (owning is a paid payment row); the membership stays.
      if (refunded.productKind)
        return {
          result: `purchase refunded; ${refunded.productKind} access ended`,
          userId: refunded.userId,
        };
      if (
        !(await endMembershipPaidBy(
          tx,
          refunded.userId,
          { provider: event.provider, subscriptionId: refunded.subscriptionId },
          observedAt,
        ))
      ) {
        return {
          result: "payment refunded; the membership is held by another subscription",
          userId: refunded.userId,
        };
      }
      return { result: "payment refunded; premium access ended", userId: refunded.userId };
    }
    case "ignored":
      return { result: "not a membership event", userId, ignored: true };
  }
}

/** A payment's member when the provider no longer knows the subscription: from our own records. */
async function memberOfSubscription(tx: Db, event: BillingEvent): Promise<string | null> {
  const subscriptionId = subscriptionOf(event);
  if (!subscriptionId) return null;
  const [row] = await tx
    .select({ userId: subscribers.userId })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.provider, event.provider),
        eq(subscribers.providerSubscriptionId, subscriptionId),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/**
 * SPEC §3 sales_notifications, and `payment.succeeded` (its subscribers raise every admin's Sales
 * badge and send the member's receipt).
 */
async function recordSale(
  tx: Db,
  sale: {
    paymentId: string;
    userId: string;
    amount: number;
    currency: string;
    at: Date;
    receiptNumber: number;
    periodEnd: Date | null;
    product?: { kind: ProductKind; id: string };
  },
) {
  await tx.insert(salesNotifications).values({
    paymentId: sale.paymentId,
    userId: sale.userId,
    amount: sale.amount,
    currency: sale.currency,
    createdAt: sale.at,
  });
  const [member] = await tx
    .select({ name: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.userId, sale.userId))
    .limit(1);
  await emitEvent(tx, {
    name: "payment.succeeded",
    paymentId: sale.paymentId,
    userId: sale.userId,
    memberName: member?.name ?? "",
    amount: sale.amount,
    currency: sale.currency,
    receiptNumber: sale.receiptNumber,
    paidAt: sale.at.toISOString(),
    periodEnd: sale.periodEnd?.toISOString() ?? null,
    contact: (await billingContact(tx, sale.userId)) ?? null,
    product: sale.product ?? null,
  });
}

/**
 * `membership.cancelled` (the member's confirmation e-mail), in the transaction that noticed the
 * cancellation; whichever of the webhook and the sync notices it writes it, once.
 */
export async function emitCancelled(tx: Db, userId: string, accessUntil: Date | null) {
  const contact = await billingContact(tx, userId);
  if (!contact) return;
  await emitEvent(tx, {
    name: "membership.cancelled",
    userId,
    accessUntil: accessUntil?.toISOString() ?? null,
    contact,
  });
}

function join(...parts: string[]): string {
  return parts.filter(Boolean).join("; ");
}

export type { MembershipChange };
