import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { getViewer } from "#app/modules/auth/index.server";
import { emailOutbox } from "#app/modules/email/schema";
import { drainJobs } from "#app/modules/events/index.server";
import { subscribers } from "#app/modules/memberships/schema";
import { membershipLapsed, membershipPricing } from "#app/modules/memberships";
import { CardDeclinedError, addMonth } from "./builtin-provider.server";
import {
  BillingRefusedError,
  confirmCheckout,
  payBuiltinCheckout,
  refundPayment,
  runBillingSweep,
  setCancelAtPeriodEnd,
  setPremiumByHand,
} from "./membership.server";
import { startCheckout } from "./checkout-start.server";
import { checkoutSessions, paymentEvents, payments, salesNotifications } from "./schema";
import { TEST_CARDS } from "./test-cards";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

const DAY = 24 * 60 * 60 * 1000;
const pricing = membershipPricing({});

async function subscriber(userId: string) {
  const [row] = await db().select().from(subscribers).where(eq(subscribers.userId, userId));
  return row;
}

/** Premium access as a fresh request sees it (getViewer memoises per request). */
async function isPremium(m: { request: Request }) {
  return (await getViewer(new Request(m.request)))?.isPremium;
}

/** The member's e-mails, once the jobs the billing events queued have run. */
async function mailTo(email: string) {
  await drainJobs();
  return db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.createdAt));
}

/** A free member who pays with `card` at `at`; returns the member and their checkout id. */
async function paidMember(card: string = TEST_CARDS.success, at = new Date()) {
  const m = await member();
  const redirect = await startCheckout(
    { userId: m.userId, email: m.email },
    pricing,
    "http://localhost:3000",
    "Full membership",
  );
  const checkoutId = redirect.split("/").pop()!;
  expect(redirect).toBe(`/checkout/pay/${checkoutId}`);
  await payBuiltinCheckout(m.userId, checkoutId, card, at);
  return { ...m, checkoutId };
}

describe("checkout with the built-in provider (SPEC §4 upgrade)", () => {
  it("a success card makes a full member, records the payment, the sale and a receipt", async () => {
    const at = new Date();
    const m = await paidMember(TEST_CARDS.success, at);
    const row = await subscriber(m.userId);
    assert(row);
    expect(row).toMatchObject({
      subscribed: true,
      subscriptionTier: "full",
      subscriptionStatus: "active",
      monthlyPrice: 3000,
      provider: "builtin",
      cancelAtPeriodEnd: false,
    });
    expect(row.subscriptionStart?.getTime()).toBe(at.getTime());
    expect(row.currentPeriodEnd?.getTime()).toBe(addMonth(at).getTime());
    expect(await isPremium(m)).toBe(true);

    const paid = await db().select().from(payments).where(eq(payments.userId, m.userId));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount: 3000, currency: "USD", status: "paid" });
    expect(
      await db()
        .select()
        .from(salesNotifications)
        .where(eq(salesNotifications.paymentId, paid[0]!.id)),
    ).toHaveLength(1);
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.userId, m.userId));
    expect(events.map((e) => e.type).sort()).toEqual([
      "checkout.session.completed",
      "invoice.paid",
    ]);
    // One receipt, although checkout.completed and invoice.paid both saw the membership start.
    expect(
      (await mailTo(m.email)).filter((mail) => mail.subject.startsWith("Your receipt")),
    ).toHaveLength(1);
    expect(await confirmCheckout(m.userId, m.checkoutId)).toBe("paid");
    // Another member cannot confirm (or even see) this checkout.
    const other = await member();
    expect(await confirmCheckout(other.userId, m.checkoutId)).toBe("unknown");
    // Paying the same checkout again pays nothing more: the member is refused before any charge.
    await expect(
      payBuiltinCheckout(m.userId, m.checkoutId, TEST_CARDS.success, at),
    ).rejects.toMatchObject({ reason: "alreadyMember" });
    expect(await db().select().from(payments).where(eq(payments.userId, m.userId))).toHaveLength(1);
  });

  it("a declined card grants nothing and leaves the checkout open", async () => {
    const m = await member();
    const redirect = await startCheckout(
      { userId: m.userId, email: m.email },
      pricing,
      "http://localhost:3000",
      "Full membership",
    );
    const checkoutId = redirect.split("/").pop()!;
    await expect(
      payBuiltinCheckout(m.userId, checkoutId, TEST_CARDS.declined),
    ).rejects.toBeInstanceOf(CardDeclinedError);
    await expect(
      payBuiltinCheckout(m.userId, checkoutId, "1234 5678 9012 3456"),
    ).rejects.toBeInstanceOf(CardDeclinedError);
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
    });
    expect(await isPremium(m)).toBe(false);
    const [checkout] = await db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, checkoutId));
    expect(checkout!.status).toBe("open");
    expect(await confirmCheckout(m.userId, checkoutId)).toBe("pending");
    expect(await db().select().from(payments).where(eq(payments.userId, m.userId))).toHaveLength(0);
  });

  it("refuses a second checkout to a paying member", async () => {
    const m = await paidMember();
    await expect(
      startCheckout({ userId: m.userId, email: m.email }, pricing, "http://x", "Full"),
    ).rejects.toBeInstanceOf(BillingRefusedError);
  });
});

describe("the membership lifecycle (clock injected)", () => {
  it("cancel keeps access until the period ends, then returns to free; resume before that keeps it", async () => {
    const start = new Date(Date.now() - 40 * DAY);
    const m = await paidMember(TEST_CARDS.success, start);
    const end = (await subscriber(m.userId))!.currentPeriodEnd!;
    const midway = new Date(start.getTime() + 10 * DAY);

    await setCancelAtPeriodEnd(m.userId, true, midway);
    let row = await subscriber(m.userId);
    expect(row).toMatchObject({
      subscribed: true,
      subscriptionTier: "full",
      cancelAtPeriodEnd: true,
    });
    expect(membershipLapsed(row!, new Date(end.getTime() - 1000))).toBe(false);
    expect(membershipLapsed(row!, new Date(end.getTime() + 1000))).toBe(true);
    expect(
      (await mailTo(m.email)).some((mail) => mail.subject === "Your membership was cancelled"),
    ).toBe(true);

    // Resume, then cancel again; the sweep before the end changes nothing.
    await setCancelAtPeriodEnd(m.userId, false, new Date(midway.getTime() + 1000));
    expect((await subscriber(m.userId))!.cancelAtPeriodEnd).toBe(false);
    await setCancelAtPeriodEnd(m.userId, true, new Date(midway.getTime() + 2000));
    await runBillingSweep(new Date(end.getTime() - 1000));
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: true,
      subscriptionTier: "full",
    });

    // The period is over (end was 10 days ago): access is gone even before the sweep writes it down.
    expect(await isPremium(m)).toBe(false);
    await runBillingSweep(new Date(end.getTime() + 1000));
    row = await subscriber(m.userId);
    expect(row).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
      subscriptionStatus: "canceled",
      monthlyPrice: 0,
    });
    // No renewal was charged.
    expect(await db().select().from(payments).where(eq(payments.userId, m.userId))).toHaveLength(1);
  });

  it("renews at period end, extending the period with a new payment; twice the sweep charges once", async () => {
    const start = new Date(Date.now() - 35 * DAY);
    const m = await paidMember(TEST_CARDS.success, start);
    const firstEnd = (await subscriber(m.userId))!.currentPeriodEnd!;
    const later = new Date(firstEnd.getTime() + 60_000);
    await runBillingSweep(later);
    await runBillingSweep(later);
    const row = await subscriber(m.userId);
    expect(row!.currentPeriodEnd?.getTime()).toBe(addMonth(firstEnd).getTime());
    expect(row).toMatchObject({ subscribed: true, subscriptionStatus: "active" });
    expect(await db().select().from(payments).where(eq(payments.userId, m.userId))).toHaveLength(2);
  });

  it("a failing renewal marks the member past due and e-mails them; after the grace period access ends", async () => {
    const start = new Date(Date.now() - 50 * DAY);
    const m = await paidMember(TEST_CARDS.renewalFails, start);
    const end = (await subscriber(m.userId))!.currentPeriodEnd!;
    await runBillingSweep(new Date(end.getTime() + 1000));
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: true,
      subscriptionStatus: "past_due",
    });
    expect(
      (await mailTo(m.email)).some((mail) => mail.subject === "Your membership payment failed"),
    ).toBe(true);
    await runBillingSweep(new Date(end.getTime() + 8 * DAY));
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
      subscriptionStatus: "canceled",
    });
  });
});

describe("refunds and manual changes (admin)", () => {
  it("a refund inside the guarantee ends premium access at once; outside it is refused", async () => {
    const admin = await member({ role: "admin" });
    const m = await paidMember();
    const [payment] = await db().select().from(payments).where(eq(payments.userId, m.userId));
    assert(payment);
    await expect(
      refundPayment(admin.userId, payment.id, 30, new Date(payment.paidAt.getTime() + 31 * DAY)),
    ).rejects.toMatchObject({ reason: "outsideGuarantee" });
    await refundPayment(admin.userId, payment.id, 30, new Date(payment.paidAt.getTime() + DAY));
    expect(await subscriber(m.userId)).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
    });
    expect(await isPremium(m)).toBe(false);
    const [refunded] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(refunded!.status).toBe("refunded");
    await expect(refundPayment(admin.userId, payment.id, 30)).rejects.toMatchObject({
      reason: "alreadyRefunded",
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment.refund"), eq(auditLog.targetId, payment.id)));
    expect(audit).toHaveLength(1);
    // The renewal sweep does not bring it back.
    await runBillingSweep(new Date(Date.now() + 40 * DAY));
    expect(await subscriber(m.userId)).toMatchObject({ subscribed: false });
  });

  it("grants and revokes premium by hand with a reason in the audit log", async () => {
    const admin = await member({ role: "admin" });
    const m = await member();
    await setPremiumByHand(admin.userId, m.userId, true, "Community moderator");
    expect(await isPremium(m)).toBe(true);
    const paying = await paidMember();
    await setPremiumByHand(admin.userId, paying.userId, false, "Chargeback");
    expect(await subscriber(paying.userId)).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
    });
    const rows = await db().select().from(auditLog).where(eq(auditLog.actorId, admin.userId));
    expect(rows.map((r) => [r.action, (r.details as { reason?: string }).reason])).toEqual(
      expect.arrayContaining([
        ["membership.grant", "Community moderator"],
        ["membership.revoke", "Chargeback"],
      ]),
    );
  });
});
