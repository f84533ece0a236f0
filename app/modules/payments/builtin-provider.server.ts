import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, lte } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { isUniqueViolation } from "#app/db/errors.server";
import { builtinSubscriptions, checkoutSessions, purchaseCheckouts } from "./schema";
import { testCardOutcome, type TestCardOutcome } from "./test-cards";
import type {
  BillingEvent,
  BillingProvider,
  CheckoutStart,
  CheckoutStatus,
  PurchaseStart,
  SubscriptionSnapshot,
} from "./types";

/** How long a past-due built-in membership keeps access while the card keeps failing. */
export const PAST_DUE_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export class CardDeclinedError extends Error {
  constructor(readonly reason: "declined" | "unknown") {
    super(`card ${reason}`);
  }
}

/**
 * A payment the built-in provider refuses before charging: the checkout was replaced by a newer
 * one ("closed"), or the member already has a live built-in subscription ("subscribed").
 */
export class CheckoutRefusedError extends Error {
  constructor(readonly reason: "closed" | "subscribed") {
    super(`checkout refused: ${reason}`);
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** One calendar month later (31 Jan → 28/29 Feb), as billing providers count it. */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** A BillingEvent without its provider, and with the id optional (a fresh one is made). */
type EventFields = BillingEvent extends infer E
  ? E extends BillingEvent
    ? Omit<E, "provider" | "eventId"> & { eventId?: string }
    : never
  : never;

type Emit = (event: BillingEvent, now: Date) => Promise<unknown>;

/** The built-in checkout page of a checkout (its provider session id is the checkout's own id). */
const cardPage = (checkoutId: string) => `/checkout/pay/${checkoutId}`;
/** The built-in card page of a one-time purchase (decision 064). */
const purchaseCardPage = (checkoutId: string) => `/checkout/purchase/${checkoutId}`;

const builtinCheckout = (providerSessionId: string) =>
  and(
    eq(checkoutSessions.provider, "builtin"),
    eq(checkoutSessions.providerSessionId, providerSessionId),
  );

/**
 * The built-in provider: keeps its own books (builtin_subscriptions) the way Stripe keeps them on
 * its side, takes test cards on a local checkout page, renews and ends memberships in the billing
 * sweep, and reports every change as a BillingEvent through `emit` — the same code path Stripe's
 * webhooks take.
 */
export function createBuiltinProvider(emit: Emit): BillingProvider & {
  pay(checkoutId: string, userId: string, cardNumber: string, now?: Date): Promise<void>;
  payPurchase(checkoutId: string, userId: string, cardNumber: string, now?: Date): Promise<void>;
  advance(now: Date): Promise<number>;
} {
  const event = (fields: EventFields): BillingEvent =>
    ({ provider: "builtin", eventId: fields.eventId ?? id("bevt"), ...fields }) as BillingEvent;

  async function snapshot(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    const [row] = await db()
      .select()
      .from(builtinSubscriptions)
      .where(eq(builtinSubscriptions.id, subscriptionId))
      .limit(1);
    if (!row) return null;
    return {
      provider: "builtin",
      subscriptionId: row.id,
      customerId: null,
      userId: row.userId,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      startedAt: row.createdAt,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    };
  }

  async function checkoutStatus(providerSessionId: string): Promise<CheckoutStatus> {
    const [row] = await db()
      .select({ status: checkoutSessions.status })
      .from(checkoutSessions)
      .where(builtinCheckout(providerSessionId))
      .limit(1);
    if (row?.status === "open") return { status: "open", redirectUrl: cardPage(providerSessionId) };
    return { status: row?.status === "complete" ? "complete" : "expired" };
  }

  async function charge(
    sub: typeof builtinSubscriptions.$inferSelect,
    periodStart: Date,
    periodEnd: Date,
    at: Date,
  ) {
    // Deterministic ids: two processes renewing the same period record one payment.
    const paymentId = `bpay_${sub.id}_${periodStart.getTime()}`;
    await emit(
      event({
        eventId: `bevt_paid_${paymentId}`,
        kind: "payment.succeeded",
        providerType: "invoice.paid",
        occurredAt: at,
        payload: {
          subscription: sub.id,
          amount: sub.amount,
          currency: sub.currency,
          period_start: periodStart.toISOString(),
          period_end: periodEnd.toISOString(),
        },
        paymentId,
        subscriptionId: sub.id,
        amount: sub.amount,
        currency: sub.currency,
        periodStart,
        periodEnd,
        refundRef: paymentId,
      }),
      at,
    );
  }

  return {
    name: "builtin",

    async startCheckout(input: CheckoutStart) {
      // The checkout row (written by the caller with this id) is the built-in provider's session.
      return { providerSessionId: input.checkoutId, redirectUrl: cardPage(input.checkoutId) };
    },

    async startPurchase(input: PurchaseStart) {
      return {
        providerSessionId: input.checkoutId,
        redirectUrl: purchaseCardPage(input.checkoutId),
      };
    },

    // The built-in provider grants a purchase as it takes the card, so there is no event to catch up on.
    async purchaseResult(providerSessionId: string) {
      const [row] = await db()
        .select({ status: purchaseCheckouts.status })
        .from(purchaseCheckouts)
        .where(
          and(
            eq(purchaseCheckouts.provider, "builtin"),
            eq(purchaseCheckouts.providerSessionId, providerSessionId),
          ),
        )
        .limit(1);
      const status =
        row?.status === "complete" ? "paid" : row?.status === "open" ? "open" : "expired";
      return { status, event: null } as const;
    },

    /**
     * The purchase card page's form: a success card claims the open checkout (one conditional
     * update, so a double submit pays once) and reports `purchase.paid`; the payment's id is the
     * checkout's, so the event path records one payment whatever is replayed.
     */
    async payPurchase(checkoutId: string, userId: string, cardNumber: string, now = new Date()) {
      const outcome: TestCardOutcome = testCardOutcome(cardNumber);
      if (outcome === "declined" || outcome === "unknown") throw new CardDeclinedError(outcome);
      const [claimed] = await db()
        .update(purchaseCheckouts)
        .set({ status: "complete" })
        .where(
          and(
            eq(purchaseCheckouts.id, checkoutId),
            eq(purchaseCheckouts.userId, userId),
            eq(purchaseCheckouts.provider, "builtin"),
            eq(purchaseCheckouts.status, "open"),
          ),
        )
        .returning();
      if (!claimed) {
        const [row] = await db()
          .select({ status: purchaseCheckouts.status })
          .from(purchaseCheckouts)
          .where(and(eq(purchaseCheckouts.id, checkoutId), eq(purchaseCheckouts.userId, userId)));
        if (row?.status === "complete") return;
        throw new CheckoutRefusedError("closed");
      }
      const paymentId = `bpur_${checkoutId}`;
      await emit(
        event({
          eventId: `bevt_purchase_${checkoutId}`,
          kind: "purchase.paid",
          providerType: "checkout.session.completed",
          occurredAt: now,
          payload: {
            checkout: checkoutId,
            mode: "payment",
            amount: claimed.amount,
            currency: claimed.currency,
            product: `${claimed.productKind}:${claimed.productId}`,
          },
          checkoutId,
          userId,
          paymentId,
          refundRef: paymentId,
          amount: claimed.amount,
          currency: claimed.currency,
          productKind: claimed.productKind,
          productId: claimed.productId,
        }),
        now,
      );
    },

    async checkoutResult(providerSessionId: string) {
      const [row] = await db()
        .select({ status: checkoutSessions.status, userId: checkoutSessions.userId })
        .from(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.provider, "builtin"),
            eq(checkoutSessions.providerSessionId, providerSessionId),
          ),
        )
        .limit(1);
      if (!row || row.status !== "complete") return { paid: false, subscriptionId: null };
      const [sub] = await db()
        .select({ id: builtinSubscriptions.id })
        .from(builtinSubscriptions)
        .where(eq(builtinSubscriptions.userId, row.userId))
        .orderBy(desc(builtinSubscriptions.createdAt))
        .limit(1);
      return { paid: true, subscriptionId: sub?.id ?? null };
    },

    checkoutStatus,

    async expireCheckout(providerSessionId: string) {
      // The same conditional update the card form's payment claims with: exactly one of them wins.
      const [expired] = await db()
        .update(checkoutSessions)
        .set({ status: "expired" })
        .where(and(builtinCheckout(providerSessionId), eq(checkoutSessions.status, "open")))
        .returning({ id: checkoutSessions.id });
      if (expired) return "expired";
      return (await checkoutStatus(providerSessionId)).status === "complete"
        ? "complete"
        : "expired";
    },

    fetchSubscription: snapshot,

    /**
     * The local checkout page's card form: a success card starts the membership, a declined one
     * grants nothing. Claiming the checkout and opening the subscription happen in one
     * transaction, and the database holds one live subscription per member, so two payments
     * racing each other (two tabs, a double submit) charge once: the other is refused unpaid.
     */
    async pay(checkoutId: string, userId: string, cardNumber: string, now: Date = new Date()) {
      const outcome: TestCardOutcome = testCardOutcome(cardNumber);
      if (outcome === "declined" || outcome === "unknown") throw new CardDeclinedError(outcome);
      const opened = await db().transaction(async (tx) => {
        const [checkout] = await tx
          .update(checkoutSessions)
          .set({ status: "complete" })
          .where(
            and(
              eq(checkoutSessions.id, checkoutId),
              eq(checkoutSessions.userId, userId),
              eq(checkoutSessions.provider, "builtin"),
              eq(checkoutSessions.status, "open"),
            ),
          )
          .returning();
        if (!checkout) {
          const [row] = await tx
            .select({ status: checkoutSessions.status })
            .from(checkoutSessions)
            .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, userId)));
          // Paid already by this very checkout (a double submit): nothing more to do.
          if (row?.status === "complete") return null;
          throw new CheckoutRefusedError("closed");
        }
        try {
          const [sub] = await tx
            .insert(builtinSubscriptions)
            .values({
              id: id("bsub"),
              userId,
              status: "active",
              amount: checkout.amount,
              currency: checkout.currency,
              cardLast4: cardNumber.replace(/\D/g, "").slice(-4),
              currentPeriodStart: now,
              currentPeriodEnd: addMonth(now),
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          return sub;
        } catch (error) {
          // The claim above is rolled back with the transaction: nothing was charged.
          if (isUniqueViolation(error, "builtin_subscriptions_one_live_idx"))
            throw new CheckoutRefusedError("subscribed");
          throw error;
        }
      });
      if (!opened) return;
      await charge(opened, now, opened.currentPeriodEnd, now);
      await emit(
        event({
          kind: "checkout.completed",
          providerType: "checkout.session.completed",
          occurredAt: now,
          payload: { checkout: checkoutId, subscription: opened.id },
          providerSessionId: checkoutId,
          subscriptionId: opened.id,
          userId,
        }),
        now,
      );
    },

    async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, now: Date) {
      const [sub] = await db()
        .update(builtinSubscriptions)
        .set({ cancelAtPeriodEnd: cancel, updatedAt: now })
        .where(
          and(
            eq(builtinSubscriptions.id, subscriptionId),
            inArray(builtinSubscriptions.status, ["active", "past_due"]),
          ),
        )
        .returning({ id: builtinSubscriptions.id });
      if (!sub) return;
      await emit(
        event({
          kind: "subscription.changed",
          providerType: "customer.subscription.updated",
          occurredAt: now,
          payload: { subscription: subscriptionId, cancel_at_period_end: cancel },
          subscriptionId,
        }),
        now,
      );
    },

    async cancelNow(subscriptionId: string, now: Date) {
      const [sub] = await db()
        .update(builtinSubscriptions)
        .set({ status: "canceled", cancelAtPeriodEnd: false, updatedAt: now })
        .where(
          and(
            eq(builtinSubscriptions.id, subscriptionId),
            inArray(builtinSubscriptions.status, ["active", "past_due"]),
          ),
        )
        .returning({ id: builtinSubscriptions.id });
      if (!sub) return;
      await emit(
        event({
          kind: "subscription.changed",
          providerType: "customer.subscription.deleted",
          occurredAt: now,
          payload: { subscription: subscriptionId },
          subscriptionId,
        }),
        now,
      );
    },

    async refund(payment, now: Date) {
      if (payment.subscriptionId) {
        await db()
          .update(builtinSubscriptions)
          .set({ status: "canceled", cancelAtPeriodEnd: false, updatedAt: now })
          .where(eq(builtinSubscriptions.id, payment.subscriptionId));
      }
      const ref = payment.refundRef ?? payment.providerPaymentId;
      await emit(
        event({
          kind: "payment.refunded",
          providerType: "charge.refunded",
          occurredAt: now,
          payload: { payment: ref },
          refundRef: ref,
        }),
        now,
      );
    },

    async portalUrl() {
      return null;
    },

    /**
     * The billing sweep's part for built-in memberships whose period ended: renew (a new payment
     * and period), end a cancelled one, mark a failing card past due, and end one that stayed
     * past due for the grace period. Returns how many subscriptions moved.
     */
    async advance(now: Date) {
      const due = await db()
        .select()
        .from(builtinSubscriptions)
        .where(
          and(
            inArray(builtinSubscriptions.status, ["active", "past_due"]),
            lte(builtinSubscriptions.currentPeriodEnd, now),
          ),
        );
      let moved = 0;
      for (const sub of due) {
        const changed = (
          status: "active" | "past_due" | "canceled",
          fields: Partial<typeof builtinSubscriptions.$inferInsert> = {},
        ) =>
          db()
            .update(builtinSubscriptions)
            .set({ status, updatedAt: now, ...fields })
            // Only if nobody else moved it meanwhile (another process running the sweep).
            .where(
              and(
                eq(builtinSubscriptions.id, sub.id),
                eq(builtinSubscriptions.currentPeriodEnd, sub.currentPeriodEnd),
                eq(builtinSubscriptions.status, sub.status),
              ),
            )
            .returning({ id: builtinSubscriptions.id });
        const changedEvent = () =>
          emit(
            event({
              kind: "subscription.changed",
              providerType: "customer.subscription.updated",
              occurredAt: now,
              payload: { subscription: sub.id },
              subscriptionId: sub.id,
            }),
            now,
          );

        if (sub.cancelAtPeriodEnd) {
          if ((await changed("canceled")).length) {
            moved += 1;
            await changedEvent();
          }
          continue;
        }
        const failing = sub.cardLast4 === "0341";
        if (failing) {
          const graceOver =
            sub.currentPeriodEnd.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS <= now.getTime();
          if (sub.status === "active" && (await changed("past_due")).length) {
            moved += 1;
            await emit(
              event({
                eventId: `bevt_failed_${sub.id}_${sub.currentPeriodEnd.getTime()}`,
                kind: "payment.failed",
                providerType: "invoice.payment_failed",
                occurredAt: now,
                payload: { subscription: sub.id, amount: sub.amount, currency: sub.currency },
                subscriptionId: sub.id,
                amount: sub.amount,
                currency: sub.currency,
              }),
              now,
            );
          } else if (sub.status === "past_due" && graceOver && (await changed("canceled")).length) {
            moved += 1;
            await changedEvent();
          }
          continue;
        }
        const periodStart = sub.currentPeriodEnd;
        const periodEnd = addMonth(periodStart);
        if (
          (
            await changed("active", {
              currentPeriodStart: periodStart,
              currentPeriodEnd: periodEnd,
            })
          ).length
        ) {
          moved += 1;
          await charge(
            { ...sub, currentPeriodStart: periodStart, currentPeriodEnd: periodEnd },
            periodStart,
            periodEnd,
            now,
          );
        }
      }
      return moved;
    },
  };
}
