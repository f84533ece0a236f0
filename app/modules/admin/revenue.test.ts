import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { membershipPricing, type MembershipPricing } from "#app/modules/memberships";
import {
  payBuiltinCheckout,
  refundPayment,
  runBillingSweep,
  setPremiumByHand,
  startCheckout,
  TEST_CARDS,
  billingOverview as memberBillingOverview,
} from "#app/modules/payments/index.server";
import { payments } from "#app/modules/payments/schema";
import { subscribers } from "#app/modules/memberships/schema";
import { listSubscriptions } from "./billing.server";
import { adminStats } from "./overview.server";
import { billingOverview, lastMonths, membershipCounts } from "./revenue.server";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

const usd = membershipPricing({});
const eur: MembershipPricing = { amount: 2500, currency: "EUR", guaranteeDays: 30 };
const at = (iso: string) => new Date(iso);

/** A member who pays with the built-in provider at `when` (the clock injected). */
async function paidMember(when: Date, pricing: MembershipPricing = usd) {
  const m = await member();
  const redirect = await startCheckout(
    { userId: m.userId, email: m.email },
    pricing,
    "http://localhost:3000",
    "Full membership",
  );
  await payBuiltinCheckout(m.userId, redirect.split("/").pop()!, TEST_CARDS.success, when);
  return m;
}

async function firstPaymentOf(userId: string) {
  const [row] = await db()
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(payments.paidAt)
    .limit(1);
  return row;
}

describe("lastMonths", () => {
  it("lists twelve UTC months ending with the current one, across a year boundary", () => {
    const { keys, from, to } = lastMonths(at("2025-02-03T00:30:00Z"));
    expect(keys).toHaveLength(12);
    expect(keys[0]).toBe("2024-03");
    expect(keys.at(-1)).toBe("2025-02");
    expect(from.toISOString()).toBe("2024-03-01T00:00:00.000Z");
    expect(to.toISOString()).toBe("2025-03-01T00:00:00.000Z");
  });
});

describe("billingOverview (payments at injected dates)", () => {
  // The story, told from NOW = 15 June 2025 12:00 UTC; the churn window opens 16 May 12:00.
  const NOW = at("2025-06-15T12:00:00Z");
  let lifetime: Awaited<ReturnType<typeof member>>;
  let granted: Awaited<ReturnType<typeof member>>;
  let payingD: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    const admin = await member({ role: "admin" });
    // G paid in May 2024 (before the chart) and was revoked in January: in no number of the window.
    const g = await paidMember(at("2024-05-01T10:00:00Z"));
    await setPremiumByHand(admin.userId, g.userId, false, "chargeback", at("2025-01-15T10:00:00Z"));
    // A joined in January and renewed once in February (a second payment, still one new member).
    await paidMember(at("2025-01-10T10:00:00Z"));
    await runBillingSweep(at("2025-02-11T10:00:00Z"));
    // E joined in February and was revoked by an admin on 1 June: churned.
    const e = await paidMember(at("2025-02-01T10:00:00Z"));
    await setPremiumByHand(
      admin.userId,
      e.userId,
      false,
      "asked to leave",
      at("2025-06-01T10:00:00Z"),
    );
    // B and I joined in March and still pay.
    await paidMember(at("2025-03-05T10:00:00Z"));
    await paidMember(at("2025-03-20T10:00:00Z"));
    // D joined on 20 April and was refunded on 18 May (inside the window): churned.
    const d = await paidMember(at("2025-04-20T10:00:00Z"));
    await refundPayment(
      admin.userId,
      (await firstPaymentOf(d.userId))!.id,
      30,
      at("2025-05-18T10:00:00Z"),
    );
    // C joined on 20 May (inside the window) and was refunded on 25 May: not churn of the base.
    const c = await paidMember(at("2025-05-20T10:00:00Z"));
    await refundPayment(
      admin.userId,
      (await firstPaymentOf(c.userId))!.id,
      30,
      at("2025-05-25T10:00:00Z"),
    );
    // H pays in euros: a paying member, left out of the dollar revenue.
    await paidMember(at("2025-06-10T10:00:00Z"), eur);
    // F was granted premium by hand: not a paying member.
    const f = await member();
    await setPremiumByHand(admin.userId, f.userId, true, "staff", at("2025-06-02T10:00:00Z"));
    // L (lifetime) and P (premium tier given by hand) carry a monthly price on their rows but
    // no provider bills them: written the way the demo seed and older grants wrote them.
    lifetime = await member({ tier: "lifetime" });
    granted = await member({ tier: "premium" });
    await db()
      .update(subscribers)
      .set({ monthlyPrice: 3000, currency: "USD" })
      .where(eq(subscribers.userId, lifetime.userId));
    await db()
      .update(subscribers)
      .set({ monthlyPrice: 3000 })
      .where(eq(subscribers.userId, granted.userId));
    payingD = d;
  });

  it("MRR, paying members and churn", async () => {
    const overview = await billingOverview("USD", NOW);
    expect(overview.currency).toBe("USD");
    // A, B and I at 30.00 each; H's euros, the grants (F, P) and the lifetime member (L) are not
    // in it, whatever price their rows carry.
    expect(overview.mrr).toBe(9000);
    expect(overview.activePaying).toBe(4);
    expect(overview.granted).toBe(2);
    expect(overview.lifetime).toBe(1);
    expect(overview.otherCurrencyMembers).toBe(1);
    // Base at the window start: A, B, I, D, E. Ended inside it: D (refund) and E (revoked).
    expect(overview.churn).toEqual({ windowDays: 30, ended: 2, activeAtStart: 5, rate: 0.4 });
  });

  it("shows grants and lifetime apart: in the admin overview, the subscriptions list and the member's billing page", async () => {
    expect(await membershipCounts()).toEqual({ paying: 4, granted: 2, lifetime: 1 });
    expect(await adminStats()).toMatchObject({ paying: 4, granted: 2, lifetime: 1 });
    const kindOf = async (email: string) => (await listSubscriptions({ email })).rows[0]!.kind;
    expect(await kindOf(lifetime.email)).toBe("lifetime");
    expect(await kindOf(granted.email)).toBe("granted");
    // A refunded member (D) holds no membership any more.
    expect(await kindOf(payingD.email)).toBe("none");
    // No price on the member's own billing page for a membership nobody pays for.
    expect((await memberBillingOverview(lifetime.userId, NOW)).amount).toBeNull();
    expect((await memberBillingOverview(granted.userId, NOW)).amount).toBeNull();
    const paying = (await listSubscriptions({ status: "active", tier: "full" })).rows.find(
      (r) => r.kind === "paid" && r.currency === "USD",
    )!;
    expect(paying.monthlyPrice).toBe(3000);
    expect((await memberBillingOverview(paying.userId, NOW)).amount).toBe(3000);
  });

  it("revenue per month: payments minus refunds, by the month of each", async () => {
    const { revenueByMonth } = await billingOverview("USD", NOW);
    expect(revenueByMonth.map((m) => m.month)).toEqual([
      "2024-07",
      "2024-08",
      "2024-09",
      "2024-10",
      "2024-11",
      "2024-12",
      "2025-01",
      "2025-02",
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
    ]);
    const byMonth = Object.fromEntries(revenueByMonth.map((m) => [m.month, m]));
    expect(byMonth["2025-01"]).toEqual({ month: "2025-01", gross: 3000, refunds: 0, net: 3000 });
    // A's renewal and E's first payment.
    expect(byMonth["2025-02"]).toEqual({ month: "2025-02", gross: 6000, refunds: 0, net: 6000 });
    expect(byMonth["2025-03"]!.net).toBe(6000);
    // D's April payment stays in April; its refund lands in May with C's.
    expect(byMonth["2025-04"]!.net).toBe(3000);
    expect(byMonth["2025-05"]).toEqual({
      month: "2025-05",
      gross: 3000,
      refunds: 6000,
      net: -3000,
    });
    expect(byMonth["2025-06"]!.net).toBe(0);
    expect(byMonth["2024-12"]!.net).toBe(0);
    // The euro figures are on their own currency's chart.
    const inEuros = await billingOverview("EUR", NOW);
    expect(inEuros.revenueByMonth.at(-1)).toEqual({
      month: "2025-06",
      gross: 2500,
      refunds: 0,
      net: 2500,
    });
    expect(inEuros.mrr).toBe(2500);
  });

  it("new paying members per month count each member once, by the first payment", async () => {
    const { newMembersByMonth } = await billingOverview("USD", NOW);
    const byMonth = Object.fromEntries(newMembersByMonth.map((m) => [m.month, m.count]));
    expect(byMonth).toMatchObject({
      "2025-01": 1,
      "2025-02": 1,
      "2025-03": 2,
      "2025-04": 1,
      "2025-05": 1,
      "2025-06": 1,
    });
    // G's May 2024 start is before the chart; nothing else happened in those months.
    expect(newMembersByMonth.slice(0, 6).every((m) => m.count === 0)).toBe(true);
    expect(newMembersByMonth.reduce((sum, m) => sum + m.count, 0)).toBe(7);
  });

  it("a window with nobody paying at its start has no churn rate", async () => {
    const overview = await billingOverview("USD", at("2024-03-01T00:00:00Z"));
    expect(overview.churn.rate).toBeNull();
    expect(overview.newMembersByMonth.every((m) => m.count === 0)).toBe(true);
  });
});
