import type { ProductKind, ProviderName } from "./schema";

export type { ProductKind, ProviderName };

/** A provider's subscription as it is right now (fetched, never trusted from a query string). */
export interface SubscriptionSnapshot {
  provider: ProviderName;
  subscriptionId: string;
  customerId: string | null;
  /** The member it belongs to (metadata written at checkout). */
  userId: string;
  /** active and past_due keep access; canceled has ended. */
  status: "active" | "past_due" | "canceled";
  amount: number;
  currency: string;
  startedAt: Date;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * What every provider's events become, so one code path handles Stripe webhooks and the
 * built-in provider alike. `eventId` is the provider's own id (replays are recognised by it).
 */
export type BillingEvent = {
  provider: ProviderName;
  eventId: string;
  /** The provider's own event type, stored for the admin Payments screen. */
  providerType: string;
  occurredAt: Date;
  payload: Record<string, unknown>;
} & (
  | {
      kind: "checkout.completed";
      providerSessionId: string;
      subscriptionId: string | null;
      userId: string | null;
    }
  | { kind: "subscription.changed"; subscriptionId: string }
  | {
      kind: "payment.succeeded";
      paymentId: string;
      subscriptionId: string | null;
      amount: number;
      currency: string;
      periodStart: Date | null;
      periodEnd: Date | null;
      refundRef: string | null;
    }
  | { kind: "payment.failed"; subscriptionId: string | null; amount: number; currency: string }
  | { kind: "payment.refunded"; refundRef: string }
  | {
      /** A one-time purchase was paid (decision 064): the payment names what was bought. */
      kind: "purchase.paid";
      /** Our purchase_checkouts id (metadata written at checkout). */
      checkoutId: string;
      userId: string;
      paymentId: string;
      refundRef: string | null;
      amount: number;
      currency: string;
      productKind: ProductKind;
      productId: string;
    }
  | { kind: "ignored" }
);

export interface CheckoutStart {
  checkoutId: string;
  userId: string;
  email: string;
  amount: number;
  currency: string;
  productName: string;
  successUrl: string;
  cancelUrl: string;
}

export type CheckoutStatus =
  { status: "open"; redirectUrl: string } | { status: "complete" | "expired" };

/** A one-time purchase's checkout (decision 064). */
export interface PurchaseStart {
  checkoutId: string;
  userId: string;
  email: string;
  amount: number;
  currency: string;
  productKind: ProductKind;
  productId: string;
  productName: string;
  successUrl: string;
  cancelUrl: string;
}

/** The two payment providers behind one interface (Stripe, and the built-in test-card one). */
export interface BillingProvider {
  name: ProviderName;
  /** Creates the provider's checkout; the member is sent to `redirectUrl`. */
  startCheckout(input: CheckoutStart): Promise<{ providerSessionId: string; redirectUrl: string }>;
  /** Asks the provider whether a checkout was paid, and for which subscription. */
  checkoutResult(
    providerSessionId: string,
  ): Promise<{ paid: boolean; subscriptionId: string | null }>;
  /** Where a checkout stands, with the address that returns the member to it while it is open. */
  checkoutStatus(providerSessionId: string): Promise<CheckoutStatus>;
  /**
   * Makes an open checkout impossible to pay (a newer one replaces it). Says "complete" when it
   * was paid first, so the caller never replaces a paid checkout.
   */
  expireCheckout(providerSessionId: string): Promise<"expired" | "complete">;
  fetchSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /** Cancel at the end of the paid period (true) or resume (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, now: Date): Promise<void>;
  /** Ends a subscription now, without a refund (an admin revoking premium). */
  cancelNow(subscriptionId: string, now: Date): Promise<void>;
  /** Refunds a payment and ends its subscription at once (the guarantee). */
  refund(
    payment: { providerPaymentId: string; refundRef: string | null; subscriptionId: string | null },
    now: Date,
  ): Promise<void>;
  /** Creates a one-time payment checkout (Stripe Checkout mode "payment"); the member goes to `redirectUrl`. */
  startPurchase(input: PurchaseStart): Promise<{ providerSessionId: string; redirectUrl: string }>;
  /**
   * Whether a purchase checkout was paid; when it was, the `purchase.paid` event it amounts to,
   * so the success page can grant it through the one event path if the webhook is still on its way
   * (the payment's unique provider id keeps the grant to one).
   */
  purchaseResult(
    providerSessionId: string,
  ): Promise<{ status: "open" | "paid" | "expired"; event: BillingEvent | null }>;
  /** Where a member manages cards (Stripe's Billing Portal); null when the provider has none. */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
}
