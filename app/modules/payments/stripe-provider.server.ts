import Stripe from "stripe";
import type {
  BillingEvent,
  BillingProvider,
  CheckoutStart,
  CheckoutStatus,
  PurchaseStart,
  SubscriptionSnapshot,
} from "./types";

export class WebhookSignatureError extends Error {}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret?: string;
  /** Another API address (stripe-mock, the test suite's fake server): host, port and protocol. */
  apiUrl?: string;
}

type Loose = Record<string, unknown>;
const str = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && typeof (value as Loose).id === "string"
      ? ((value as Loose).id as string)
      : null;
const date = (seconds: unknown): Date | null =>
  typeof seconds === "number" ? new Date(seconds * 1000) : null;

/** Stripe's statuses in ours: trialing/active keep access, past_due/unpaid are in dunning, the rest ended. */
function status(value: string): SubscriptionSnapshot["status"] {
  if (value === "active" || value === "trialing") return "active";
  if (value === "past_due" || value === "unpaid") return "past_due";
  return "canceled";
}

/** The subscription an invoice belongs to, in the API versions before and after invoice.parent. */
function invoiceSubscription(invoice: Loose): string | null {
  const parent = invoice.parent as Loose | undefined;
  const details = parent?.subscription_details as Loose | undefined;
  return str(details?.subscription) ?? str(invoice.subscription);
}

/** What a refund of this invoice is issued against: its payment intent or charge. */
function invoiceRefundRef(invoice: Loose): string | null {
  const legacy = str(invoice.payment_intent) ?? str(invoice.charge);
  if (legacy) return legacy;
  const paymentsList = (invoice.payments as Loose | undefined)?.data as Loose[] | undefined;
  const payment = paymentsList?.[0]?.payment as Loose | undefined;
  return str(payment?.payment_intent) ?? str(payment?.charge);
}

/**
 * Stripe: Checkout Sessions in subscription mode, the Billing Portal for card changes, refunds
 * through the API, and signed webhooks turned into BillingEvents.
 */
export function createStripeProvider(options: StripeProviderOptions): BillingProvider & {
  client: Stripe;
  parseWebhook(rawBody: string, signature: string | null): BillingEvent;
} {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const client = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });

  function snapshotOf(sub: Stripe.Subscription): SubscriptionSnapshot | null {
    const loose = sub as unknown as Loose;
    const userId = (sub.metadata ?? {}).userId;
    if (!userId) return null;
    const item = sub.items?.data?.[0] as unknown as Loose | undefined;
    const price = item?.price as Loose | undefined;
    return {
      provider: "stripe",
      subscriptionId: sub.id,
      customerId: str(sub.customer),
      userId,
      status: status(sub.status),
      amount: typeof price?.unit_amount === "number" ? price.unit_amount : 0,
      currency: String(price?.currency ?? sub.currency ?? "usd").toUpperCase(),
      startedAt: date(loose.start_date) ?? date(sub.created) ?? new Date(),
      currentPeriodEnd: date(item?.current_period_end) ?? date(loose.current_period_end),
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    };
  }

  async function checkoutStatus(providerSessionId: string): Promise<CheckoutStatus> {
    const session = await client.checkout.sessions.retrieve(providerSessionId);
    if (session.status === "open" && session.url)
      return { status: "open", redirectUrl: session.url };
    return { status: session.status === "complete" ? "complete" : "expired" };
  }

  return {
    name: "stripe",
    client,

    async startCheckout(input: CheckoutStart) {
      const session = await client.checkout.sessions.create({
        mode: "subscription",
        client_reference_id: input.userId,
        customer_email: input.email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amount,
              recurring: { interval: "month" },
              product_data: { name: input.productName },
            },
          },
        ],
        metadata: { userId: input.userId, checkoutId: input.checkoutId },
        subscription_data: { metadata: { userId: input.userId } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL.");
      return { providerSessionId: session.id, redirectUrl: session.url };
    },

    async startPurchase(input: PurchaseStart) {
      const metadata = {
        userId: input.userId,
        purchaseCheckoutId: input.checkoutId,
        productKind: input.productKind,
        productId: input.productId,
      };
      const session = await client.checkout.sessions.create({
        mode: "payment",
        client_reference_id: input.userId,
        customer_email: input.email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amount,
              product_data: { name: input.productName },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL.");
      return { providerSessionId: session.id, redirectUrl: session.url };
    },

    async purchaseResult(providerSessionId: string) {
      const session = await client.checkout.sessions.retrieve(providerSessionId);
      const event = purchaseEvent(session as unknown as Loose, {
        eventId: `confirm_${session.id}`,
        providerType: "checkout.session.retrieved",
        occurredAt: new Date(),
      });
      if (event) return { status: "paid" as const, event };
      return {
        status: session.status === "open" ? ("open" as const) : ("expired" as const),
        event: null,
      };
    },

    async checkoutResult(providerSessionId: string) {
      const session = await client.checkout.sessions.retrieve(providerSessionId);
      const paid =
        session.status === "complete" &&
        (session.payment_status === "paid" || session.payment_status === "no_payment_required");
      return { paid, subscriptionId: str(session.subscription) };
    },

    checkoutStatus,

    async expireCheckout(providerSessionId: string) {
      try {
        await client.checkout.sessions.expire(providerSessionId);
        return "expired";
      } catch (error) {
        // Stripe expires open sessions only; a paid one must not be replaced, so say so.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const now = await checkoutStatus(providerSessionId);
        if (now.status === "open") throw error;
        return now.status;
      }
    },

    async fetchSubscription(subscriptionId: string) {
      try {
        return snapshotOf(await client.subscriptions.retrieve(subscriptionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return null;
        throw error;
      }
    },

    async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
      await client.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },

    async cancelNow(subscriptionId: string) {
      await client.subscriptions.cancel(subscriptionId);
    },

    async refund(payment) {
      let ref = payment.refundRef;
      if (!ref) {
        const invoice = await client.invoices.retrieve(payment.providerPaymentId, {
          expand: ["payments"],
        });
        ref = invoiceRefundRef(invoice as unknown as Loose);
      }
      if (!ref) throw new Error(`No payment to refund for invoice ${payment.providerPaymentId}.`);
      await client.refunds.create(
        ref.startsWith("pi_") ? { payment_intent: ref } : { charge: ref },
      );
      if (payment.subscriptionId) await client.subscriptions.cancel(payment.subscriptionId);
    },

    async portalUrl(customerId: string, returnUrl: string) {
      const session = await client.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    /** Verifies the signature on the raw body (400 for the caller when it fails) and normalizes the event. */
    parseWebhook(rawBody: string, signature: string | null): BillingEvent {
      if (!options.webhookSecret)
        throw new WebhookSignatureError("STRIPE_WEBHOOK_SECRET is not set.");
      if (!signature) throw new WebhookSignatureError("missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return normalizeStripeEvent(event);
    },
  };
}

/** A verified Stripe event as a BillingEvent (types the membership does not use are 'ignored'). */
export function normalizeStripeEvent(event: Stripe.Event): BillingEvent {
  const object = event.data.object as unknown as Loose;
  const base = {
    provider: "stripe" as const,
    eventId: event.id,
    providerType: event.type,
    occurredAt: new Date(event.created * 1000),
    payload: object,
  };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      if (object.mode === "payment")
        return purchaseEvent(object, base) ?? { ...base, kind: "ignored" };
      if (object.mode !== "subscription" || event.type !== "checkout.session.completed")
        return { ...base, kind: "ignored" };
      return {
        ...base,
        kind: "checkout.completed",
        providerSessionId: String(object.id),
        subscriptionId: str(object.subscription),
        userId: str(object.client_reference_id),
      };
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      return { ...base, kind: "subscription.changed", subscriptionId: String(object.id) };
    case "invoice.paid": {
      const line = ((object.lines as Loose | undefined)?.data as Loose[] | undefined)?.[0];
      const period = line?.period as Loose | undefined;
      return {
        ...base,
        kind: "payment.succeeded",
        paymentId: String(object.id),
        subscriptionId: invoiceSubscription(object),
        amount: Number(object.amount_paid ?? 0),
        currency: String(object.currency ?? "usd").toUpperCase(),
        periodStart: date(period?.start),
        periodEnd: date(period?.end),
        refundRef: invoiceRefundRef(object),
      };
    }
    case "invoice.payment_failed":
      return {
        ...base,
        kind: "payment.failed",
        subscriptionId: invoiceSubscription(object),
        amount: Number(object.amount_due ?? 0),
        currency: String(object.currency ?? "usd").toUpperCase(),
      };
    case "charge.refunded":
      return {
        ...base,
        kind: "payment.refunded",
        refundRef: str(object.payment_intent) ?? String(object.id),
      };
    default:
      return { ...base, kind: "ignored" };
  }
}

/**
 * A paid one-time checkout session (mode "payment") as `purchase.paid`, or null while it is not
 * paid or names no product of ours. The payment intent is both the payment's id and what a refund
 * (and Stripe's `charge.refunded`) names.
 */
function purchaseEvent(
  session: Loose,
  base: { eventId: string; providerType: string; occurredAt: Date; payload?: Loose },
): BillingEvent | null {
  const metadata = (session.metadata ?? {}) as Record<string, string | undefined>;
  const paid = session.status === "complete" && session.payment_status === "paid";
  const intent = str(session.payment_intent);
  if (
    !paid ||
    session.mode !== "payment" ||
    metadata.productKind !== "book" ||
    !metadata.productId ||
    !metadata.purchaseCheckoutId ||
    !metadata.userId
  )
    return null;
  return {
    provider: "stripe",
    payload: session,
    ...base,
    kind: "purchase.paid",
    checkoutId: metadata.purchaseCheckoutId,
    userId: metadata.userId,
    paymentId: intent ?? String(session.id),
    refundRef: intent,
    amount: Number(session.amount_total ?? 0),
    currency: String(session.currency ?? "usd").toUpperCase(),
    productKind: "book",
    productId: metadata.productId,
  };
}
