import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import {
  startFakeStripe,
  type FakeStripe,
  type StripeEventObject,
} from "../../../tests/helpers/fake-stripe";
import { db } from "#app/db/client.server";
import { subscribers } from "#app/modules/memberships/schema";
import { membershipPricing } from "#app/modules/memberships";
import { confirmCheckout, refundPayment, setCancelAtPeriodEnd } from "./membership.server";
import { startCheckout } from "./checkout-start.server";
import { paymentEvents, payments, salesNotifications } from "./schema";
import { stripeProvider } from "./provider.server";
import { handleStripeWebhook } from "./webhook.server";

const WEBHOOK_SECRET = "whsec_test_secret_for_the_fake_stripe";
let fake: FakeStripe;
let cleanup: () => Promise<void>;
const signer = new Stripe("sk_test_signing_only");

beforeAll(async () => {
  fake = await startFakeStripe();
  // Read by the configuration on first use, which happens after this.
  process.env.STRIPE_SECRET_KEY = "sk_test_fake";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = fake.url;
  ({ cleanup } = await setupTestDatabase());
});
afterAll(async () => {
  await cleanup();
  await fake.close();
});

const pricing = membershipPricing({});

/** Delivers an event the way Stripe does: the JSON body signed with the webhook secret. */
async function deliver(event: StripeEventObject, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return handleStripeWebhook(payload, signature);
}

async function subscriber(userId: string) {
  const [row] = await db().select().from(subscribers).where(eq(subscribers.userId, userId));
  return row;
}

/** A member who goes through Stripe Checkout; returns the session id and the events Stripe sends. */
async function checkout(at = new Date()) {
  const m = await member();
  const redirect = await startCheckout(
    { userId: m.userId, email: m.email },
    pricing,
    "http://localhost:3000",
    "Full membership",
  );
  expect(redirect).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
  const sessionId = redirect.split("/").pop()!;
  const events = fake.complete(sessionId, at);
  return { m, sessionId, events };
}

describe("Stripe webhooks", () => {
  it("accepts events signed with the webhook secret and grants the membership once, however often they arrive", async () => {
    const { m, events } = await checkout();
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: true,
      subscriptionTier: "full",
      monthlyPrice: 3000,
      provider: "stripe",
      subscriptionStatus: "active",
    });

    // Replays change nothing: one payment, one sale, one stored event each.
    for (const event of events)
      expect(await deliver(event)).toEqual({ status: 200, body: "duplicate" });
    const paid = await db().select().from(payments).where(eq(payments.userId, m.userId));
    expect(paid).toHaveLength(1);
    expect(
      await db().select().from(salesNotifications).where(eq(salesNotifications.userId, m.userId)),
    ).toHaveLength(1);
    for (const event of events)
      expect(
        await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id)),
      ).toHaveLength(1);
  });

  it("refuses a bad or missing signature with 400 and changes nothing", async () => {
    const { m, events } = await checkout();
    expect((await deliver(events[0]!, "whsec_someone_else")).status).toBe(400);
    expect((await handleStripeWebhook(JSON.stringify(events[0]), null)).status).toBe(400);
    const tampered = JSON.stringify({
      ...events[2],
      data: { object: { ...events[2]!.data.object, amount_paid: 1 } },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload: JSON.stringify(events[2]),
      secret: WEBHOOK_SECRET,
    });
    expect((await handleStripeWebhook(tampered, signature)).status).toBe(400);
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
    });
    expect(
      await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, events[0]!.id)),
    ).toHaveLength(0);
  });

  it("ends in the right state when events arrive out of order", async () => {
    const at = new Date();
    const { m, events } = await checkout(at);
    const sub = [...fake.subscriptions.values()].find(
      (s) => (s.metadata as Record<string, string>).userId === m.userId,
    )!;
    // The member cancels at period end in Stripe; that update is delivered before the older events.
    sub.cancel_at_period_end = true;
    const updated = fake.event(
      "customer.subscription.updated",
      sub,
      new Date(at.getTime() + 60_000),
    );
    await deliver(updated);
    for (const event of [...events].reverse()) await deliver(event);
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: true,
      subscriptionTier: "full",
      cancelAtPeriodEnd: true,
    });

    // Deleted before an old renewal invoice: stays ended.
    sub.status = "canceled";
    const deleted = fake.event(
      "customer.subscription.deleted",
      sub,
      new Date(at.getTime() + 120_000),
    );
    const oldInvoice = fake.renew(sub.id as string, new Date(at.getTime() + 30_000))[0]!;
    await deliver(deleted);
    await deliver(oldInvoice);
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
      subscriptionStatus: "canceled",
    });
  });
});

describe("Stripe member and admin actions", () => {
  it("confirms a checkout by asking Stripe, never the query string", async () => {
    const m = await member();
    const redirect = await startCheckout(
      { userId: m.userId, email: m.email },
      pricing,
      "http://localhost:3000",
      "Full membership",
    );
    const sessionId = redirect.split("/").pop()!;
    const [row] = await db().select().from(paymentEvents).where(eq(paymentEvents.userId, m.userId));
    expect(row).toBeUndefined();
    const { checkoutSessions } = await import("./schema");
    const [ours] = await db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, sessionId));
    assert(ours);
    expect(await confirmCheckout(m.userId, ours.id)).toBe("pending");
    fake.complete(sessionId, new Date());
    // No webhook has arrived yet: the success page's own question to Stripe activates the membership.
    expect(await confirmCheckout(m.userId, ours.id)).toBe("paid");
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: true,
      subscriptionTier: "full",
    });
  });

  it("cancels at period end through the API and refunds inside the guarantee", async () => {
    const admin = await member({ role: "admin" });
    const { m, events } = await checkout();
    for (const event of events) await deliver(event);
    await setCancelAtPeriodEnd(m.userId, true);
    expect(fake.requests).toContain(
      `POST /v1/subscriptions/${(await subscriber(m.userId))!.providerSubscriptionId}`,
    );
    expect(await subscriber(m.userId)).toMatchObject({ subscribed: true, cancelAtPeriodEnd: true });

    const [payment] = await db().select().from(payments).where(eq(payments.userId, m.userId));
    assert(payment);
    await refundPayment(admin.userId, payment.id, 30);
    expect(fake.refunds.at(-1)?.payment_intent).toMatch(/^pi_/);
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
    });
    // Stripe's own charge.refunded event later changes nothing more.
    const refundedEvent = fake.event(
      "charge.refunded",
      { id: "ch_1", object: "charge", payment_intent: fake.refunds.at(-1)?.payment_intent },
      new Date(),
    );
    expect((await deliver(refundedEvent)).status).toBe(200);
    const [after] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.status).toBe("refunded");
  });
});

describe("one open Checkout Session and one membership per member (Stripe)", () => {
  const sessionsCreated = () =>
    fake.requests.filter((r) => r === "POST /v1/checkout/sessions").length;
  const start = (m: { userId: string; email: string }, price = pricing) =>
    startCheckout(
      { userId: m.userId, email: m.email },
      price,
      "http://localhost:3000",
      "Full membership",
    );

  it("returns to the open session, also when started in parallel, and creates it once", async () => {
    const m = await member();
    const before = sessionsCreated();
    const redirects = await Promise.all([start(m), start(m), start(m)]);
    redirects.push(await start(m));
    expect(new Set(redirects).size).toBe(1);
    expect(sessionsCreated() - before).toBe(1);
  });

  it("a checkout at another price expires the open session at Stripe, which can then not be paid", async () => {
    const m = await member();
    const old = (await start(m)).split("/").pop()!;
    const replacement = (await start(m, membershipPricing({ membership_price: "4500" })))
      .split("/")
      .pop()!;
    expect(replacement).not.toBe(old);
    expect(fake.requests).toContain(`POST /v1/checkout/sessions/${old}/expire`);
    expect(fake.sessions.get(old)?.status).toBe("expired");
    expect(() => fake.complete(old, new Date())).toThrow(/expired/);
  });

  it("a session paid meanwhile is not replaced: the membership is confirmed and no second session opens", async () => {
    const m = await member();
    const sessionId = (await start(m)).split("/").pop()!;
    fake.complete(sessionId, new Date());
    const before = sessionsCreated();
    await expect(start(m, membershipPricing({ membership_price: "4500" }))).rejects.toMatchObject({
      reason: "alreadyMember",
    });
    expect(sessionsCreated()).toBe(before);
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: true,
      subscriptionTier: "full",
    });
  });

  it("a second subscription that reaches the webhook anyway is cancelled and refunded, and the membership is granted once", async () => {
    const { m, events } = await checkout();
    for (const event of events) await deliver(event);
    const first = (await subscriber(m.userId))!.providerSubscriptionId;

    // A second paid session for the same member (from before this rule, or a provider-side race).
    const rogue = await stripeProvider()!.startCheckout({
      checkoutId: "00000000-0000-4000-8000-000000000000",
      userId: m.userId,
      email: m.email,
      amount: 3000,
      currency: "USD",
      productName: "Full membership",
      successUrl: "http://localhost:3000/payment-success",
      cancelUrl: "http://localhost:3000/payment-canceled",
    });
    const second = fake.complete(rogue.providerSessionId, new Date());
    for (const event of second) expect((await deliver(event)).status).toBe(200);

    const duplicate = second[1]!.data.object.id as string;
    expect(fake.subscriptions.get(duplicate)?.status).toBe("canceled");
    const paid = await db().select().from(payments).where(eq(payments.userId, m.userId));
    expect(paid.map((p) => [p.providerSubscriptionId, p.status]).sort()).toEqual(
      [
        [first, "paid"],
        [duplicate, "refunded"],
      ].sort(),
    );
    expect(fake.refunds.map((r) => r.payment_intent)).toContain(
      paid.find((p) => p.providerSubscriptionId === duplicate)?.providerRefundRef,
    );
    // Only the first subscription holds the membership, and Stripe's refund event ends nothing.
    const refundedEvent = fake.event(
      "charge.refunded",
      { id: "ch_dup", object: "charge", payment_intent: fake.refunds.at(-1)?.payment_intent },
      new Date(),
    );
    expect((await deliver(refundedEvent)).status).toBe(200);
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: true,
      subscriptionTier: "full",
      providerSubscriptionId: first,
    });
    expect(
      await db().select().from(salesNotifications).where(eq(salesNotifications.userId, m.userId)),
    ).toHaveLength(1);
  });
});
