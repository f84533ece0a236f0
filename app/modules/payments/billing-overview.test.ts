import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { getViewer } from "#app/modules/auth/index.server";
import { membershipPricing } from "#app/modules/memberships";
import { addMonth } from "./builtin-provider.server";
import { billingPortal, changeCancellation, checkMembership } from "./billing-actions.server";
import { billingOverview, receiptFor, stripeCustomerOf } from "./billing-overview.server";
import { billingStatus } from "./billing-state";
import { cardPageState, paymentResult } from "./checkout-page.server";
import {
  payBuiltinCheckout,
  refundPayment,
  runBillingSweep,
  setPremiumByHand,
} from "./membership.server";
import { startCheckout } from "./checkout-start.server";
import { checkoutSessions, payments } from "./schema";
import { TEST_CARDS } from "./test-cards";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

const DAY = 24 * 60 * 60 * 1000;
const pricing = membershipPricing({});

/** A fresh viewer (getViewer memoises per request). */
async function viewerOf(m: { request: Request }) {
  return (await getViewer(new Request(m.request)))!;
}

async function openCheckout(m: { userId: string; email: string }) {
  const url = await startCheckout(
    { userId: m.userId, email: m.email },
    pricing,
    "http://localhost:3000",
    "Full membership",
  );
  return url.split("/").pop()!;
}

async function paidMember(card: string = TEST_CARDS.success, at = new Date()) {
  const m = await member();
  const checkoutId = await openCheckout(m);
  await payBuiltinCheckout(m.userId, checkoutId, card, at);
  return { ...m, checkoutId };
}

describe("billingStatus", () => {
  const base = {
    subscribed: true,
    tier: "full" as const,
    status: "active",
    provider: "builtin" as const,
    providerSubscriptionId: "bsub_1",
    currentPeriodEnd: new Date(Date.now() + DAY),
    cancelAtPeriodEnd: false,
  };
  it("names each membership state", () => {
    expect(billingStatus(base, new Date())).toBe("active");
    expect(billingStatus({ ...base, status: "past_due" }, new Date())).toBe("past_due");
    expect(billingStatus({ ...base, cancelAtPeriodEnd: true }, new Date())).toBe("cancelling");
    expect(
      billingStatus({ ...base, subscribed: false, tier: "free", status: "canceled" }, new Date()),
    ).toBe("free");
    // A cancelled membership whose period is over is free, whether or not the sweep ran yet.
    expect(
      billingStatus({ ...base, cancelAtPeriodEnd: true }, new Date(Date.now() + 2 * DAY)),
    ).toBe("free");
    // A tier given by hand (no provider) is a paid membership too.
    expect(
      billingStatus(
        {
          ...base,
          subscribed: false,
          tier: "lifetime",
          provider: null,
          providerSubscriptionId: null,
          currentPeriodEnd: null,
        },
        new Date(),
      ),
    ).toBe("active");
  });
});

describe("billingOverview", () => {
  it("a new member is free, with no payments, nothing to cancel and no card", async () => {
    const m = await member();
    const overview = await billingOverview(m.userId);
    expect(overview).toMatchObject({
      status: "free",
      tier: "free",
      amount: null,
      billed: false,
      portal: false,
      cardLast4: null,
      payments: [],
    });
    expect(await stripeCustomerOf(m.userId)).toBeUndefined();
  });

  it("a paying member: plan, renewal date, the test card's last four digits and the payment with its receipt", async () => {
    const at = new Date();
    const m = await paidMember(TEST_CARDS.success, at);
    const overview = await billingOverview(m.userId);
    expect(overview).toMatchObject({
      status: "active",
      tier: "full",
      amount: 3000,
      currency: "USD",
      provider: "builtin",
      billed: true,
      portal: false,
      cardLast4: "4242",
    });
    expect(overview.periodEnd?.getTime()).toBe(addMonth(at).getTime());
    expect(overview.payments).toHaveLength(1);
    expect(overview.payments[0]).toMatchObject({ amount: 3000, currency: "USD", status: "paid" });
    expect(overview.payments[0]!.receipt).toMatch(/^R-\d{6}$/);
    expect(overview.payments[0]!.periodEnd?.getTime()).toBe(addMonth(at).getTime());
  });

  it("cancelling keeps access until the period end, resuming renews again, and the lapse makes the member free", async () => {
    const at = new Date();
    const m = await paidMember(TEST_CARDS.success, at);
    expect(await changeCancellation(m.userId, true)).toEqual({
      ok: true,
      message: "billing.toasts.cancelled",
    });
    let overview = await billingOverview(m.userId);
    expect(overview.status).toBe("cancelling");
    expect((await viewerOf(m)).isPremium).toBe(true);
    expect(await changeCancellation(m.userId, false)).toEqual({
      ok: true,
      message: "billing.toasts.resumed",
    });
    expect((await billingOverview(m.userId)).status).toBe("active");

    await changeCancellation(m.userId, true);
    const after = new Date(addMonth(at).getTime() + DAY);
    overview = await billingOverview(m.userId, after);
    expect(overview).toMatchObject({ status: "free", billed: false, cardLast4: null });
    // History stays after the membership ended.
    expect(overview.payments).toHaveLength(1);
  });

  it("a renewal that fails makes the membership past due", async () => {
    const at = new Date(Date.now() - 40 * DAY);
    const m = await paidMember(TEST_CARDS.renewalFails, at);
    await runBillingSweep(new Date(addMonth(at).getTime() + 60_000));
    expect((await billingOverview(m.userId)).status).toBe("past_due");
  });

  it("a membership granted by hand is active, without renewal, card or cancel button", async () => {
    const admin = await member({ role: "admin" });
    const m = await member();
    await setPremiumByHand(admin.userId, m.userId, true, "community helper");
    expect(await billingOverview(m.userId)).toMatchObject({
      status: "active",
      billed: false,
      portal: false,
      cardLast4: null,
    });
    expect(await changeCancellation(m.userId, true)).toEqual({
      ok: false,
      message: "billing.errors.noSubscription",
    });
  });

  it("a refunded payment shows as refunded and the member is free again", async () => {
    const admin = await member({ role: "admin" });
    const m = await paidMember();
    const [payment] = await db().select().from(payments).where(eq(payments.userId, m.userId));
    await refundPayment(admin.userId, payment!.id, 30);
    const overview = await billingOverview(m.userId);
    expect(overview.status).toBe("free");
    expect(overview.payments[0]!.status).toBe("refunded");
  });
});

describe("billing actions", () => {
  it("check subscription says what it found", async () => {
    const free = await member();
    expect(await checkMembership(free.userId)).toEqual({ ok: true, message: "billing.check.none" });
    const m = await paidMember();
    expect(await checkMembership(m.userId)).toEqual({
      ok: true,
      message: "billing.check.unchanged",
    });
  });

  it("cancel without a paid subscription is refused, and the built-in provider has no card portal", async () => {
    const free = await member();
    expect(await changeCancellation(free.userId, true)).toEqual({
      ok: false,
      message: "billing.errors.noSubscription",
    });
    const m = await paidMember();
    expect(await billingPortal(m.userId)).toEqual({
      ok: false,
      message: "billing.errors.noPortal",
    });
  });
});

describe("receiptFor", () => {
  it("shows the receipt to its owner and to admins, and to nobody else", async () => {
    const m = await paidMember();
    const [payment] = await db().select().from(payments).where(eq(payments.userId, m.userId));
    assert(payment);
    const receipt = await receiptFor({ id: m.userId, isAdmin: false }, payment.id);
    expect(receipt).toMatchObject({
      id: payment.id,
      amount: 3000,
      currency: "USD",
      status: "paid",
      provider: "builtin",
      member: { email: m.email },
    });
    expect(receipt?.receipt).toBe(`R-${String(payment.receiptNumber).padStart(6, "0")}`);
    expect(receipt?.member.name).toMatch(/^Member /);

    const other = await member();
    expect(await receiptFor({ id: other.userId, isAdmin: false }, payment.id)).toBeUndefined();
    const admin = await member({ role: "admin" });
    expect((await receiptFor({ id: admin.userId, isAdmin: true }, payment.id))?.id).toBe(
      payment.id,
    );
    expect(
      await receiptFor({ id: m.userId, isAdmin: false }, "00000000-0000-4000-8000-000000000000"),
    ).toBeUndefined();
  });
});

describe("the card page and /payment-success", () => {
  it("an open checkout of this member shows the card form; anything else is not found", async () => {
    const m = await member();
    const checkoutId = await openCheckout(m);
    const viewer = await viewerOf(m);
    expect(await cardPageState(viewer, checkoutId)).toEqual({
      kind: "open",
      checkout: { id: checkoutId, amount: 3000, currency: "USD" },
    });
    expect(await cardPageState(viewer, "not-a-uuid")).toEqual({ kind: "notFound" });
    expect(await cardPageState(viewer, undefined)).toEqual({ kind: "notFound" });
    const other = await member();
    expect(await cardPageState(await viewerOf(other), checkoutId)).toEqual({ kind: "notFound" });
    expect(await paymentResult(other.userId, checkoutId)).toBe("unknown");
    expect(await paymentResult(m.userId, "'; drop table payments; --")).toBe("unknown");
    expect(await paymentResult(m.userId, null)).toBe("unknown");
    expect(await paymentResult(m.userId, checkoutId)).toBe("pending");
  });

  it("after paying, the card page leads to the success page, which confirms with the provider", async () => {
    const m = await member();
    const checkoutId = await openCheckout(m);
    await payBuiltinCheckout(m.userId, checkoutId, TEST_CARDS.success);
    expect(await cardPageState(await viewerOf(m), checkoutId)).toEqual({
      kind: "paid",
      checkoutId,
    });
    expect(await paymentResult(m.userId, checkoutId)).toBe("paid");
    // A second open checkout of a member who has just paid leads to /billing, not to a second payment.
    const [second] = await db()
      .insert(checkoutSessions)
      .values({
        userId: m.userId,
        provider: "builtin",
        providerSessionId: "x",
        amount: 3000,
        currency: "USD",
      })
      .returning();
    expect(await cardPageState(await viewerOf(m), second!.id)).toEqual({ kind: "member" });
  });

  it("a declined card grants nothing and leaves the checkout open", async () => {
    const m = await member();
    const checkoutId = await openCheckout(m);
    await expect(payBuiltinCheckout(m.userId, checkoutId, TEST_CARDS.declined)).rejects.toThrow();
    expect((await billingOverview(m.userId)).status).toBe("free");
    expect((await cardPageState(await viewerOf(m), checkoutId)).kind).toBe("open");
    expect(await paymentResult(m.userId, checkoutId)).toBe("pending");
  });

  it("an expired checkout says so", async () => {
    const m = await member();
    const checkoutId = await openCheckout(m);
    await db()
      .update(checkoutSessions)
      .set({ status: "expired" })
      .where(eq(checkoutSessions.id, checkoutId));
    expect(await cardPageState(await viewerOf(m), checkoutId)).toEqual({ kind: "expired" });
  });
});
