import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { membershipPricing } from "#app/modules/memberships";
import {
  payBuiltinCheckout,
  refundPayment,
  runBillingSweep,
  setCancelAtPeriodEnd,
  setPremiumByHand,
  startCheckout,
  TEST_CARDS,
} from "#app/modules/payments/index.server";
import { payments } from "#app/modules/payments/schema";
import {
  BILLING_PAGE_SIZE,
  listPaymentEvents,
  listSubscriptions,
  listTransactions,
  markSalesSeen,
  refundWindowOpen,
  unseenSalesCount,
} from "./billing.server";
import {
  premiumByHandSchema,
  priceInputValue,
  pricingFormSchema,
  subscriptionFiltersSchema,
} from "./billing-validation";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

const DAY = 24 * 60 * 60 * 1000;
const pricing = membershipPricing({});

async function paidMember(when = new Date(), card: string = TEST_CARDS.success) {
  const m = await member();
  const redirect = await startCheckout(
    { userId: m.userId, email: m.email },
    pricing,
    "http://localhost:3000",
    "Full membership",
  );
  await payBuiltinCheckout(m.userId, redirect.split("/").pop()!, card, when);
  return m;
}

const emails = (rows: Array<{ email: string }>) => rows.map((r) => r.email).sort();

describe("subscriptions list, filters and sales badge", () => {
  let admin: Awaited<ReturnType<typeof member>>;
  let pastDue: Awaited<ReturnType<typeof member>>;
  let active: Awaited<ReturnType<typeof member>>;
  let cancelling: Awaited<ReturnType<typeof member>>;
  let refunded: Awaited<ReturnType<typeof member>>;
  let free: Awaited<ReturnType<typeof member>>;
  let old: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    admin = await member({ role: "admin" });
    // A card that fails at renewal: the sweep 40 days later leaves the membership past due.
    pastDue = await paidMember(new Date(Date.now() - 40 * DAY), TEST_CARDS.renewalFails);
    await runBillingSweep(new Date());
    // Paid 35 days ago (after the sweep): outside a 30-day guarantee.
    old = await paidMember(new Date(Date.now() - 35 * DAY));
    active = await paidMember();
    cancelling = await paidMember();
    await setCancelAtPeriodEnd(cancelling.userId, true);
    refunded = await paidMember();
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.userId, refunded.userId));
    await refundPayment(admin.userId, payment!.id, 30);
    free = await member();
  });

  it("filters by status: active, past_due, canceled, cancelling (= cancel at period end)", async () => {
    expect(emails((await listSubscriptions({ status: "active" })).rows)).toEqual(
      [active.email, old.email].sort(),
    );
    expect(emails((await listSubscriptions({ status: "past_due" })).rows)).toEqual([pastDue.email]);
    expect(emails((await listSubscriptions({ status: "canceled" })).rows)).toEqual([
      refunded.email,
    ]);
    const { rows } = await listSubscriptions({ status: "cancelling" });
    expect(emails(rows)).toEqual([cancelling.email]);
    expect(rows[0]).toMatchObject({
      state: "cancelling",
      tier: "full",
      provider: "builtin",
      monthlyPrice: 3000,
      currency: "USD",
      cancelAtPeriodEnd: true,
    });
    expect(rows[0]!.currentPeriodEnd).toBeInstanceOf(Date);
  });

  it("filters by tier and searches by e-mail (wildcards typed are literal)", async () => {
    const full = await listSubscriptions({ tier: "full" });
    expect(emails(full.rows)).toEqual(
      [active.email, cancelling.email, old.email, pastDue.email].sort(),
    );
    expect(full.total).toBe(4);
    const freeRows = await listSubscriptions({ tier: "free" });
    expect(emails(freeRows.rows)).toEqual([admin.email, free.email, refunded.email].sort());
    // The free member never had a membership; the refunded one's ended.
    expect(freeRows.rows.find((r) => r.email === free.email)?.state).toBe("none");
    expect(freeRows.rows.find((r) => r.email === refunded.email)?.state).toBe("canceled");

    const byEmail = await listSubscriptions({ email: active.email.slice(0, -6).toUpperCase() });
    expect(emails(byEmail.rows)).toEqual([active.email]);
    expect((await listSubscriptions({ email: "%" })).total).toBe(0);
    expect((await listSubscriptions({ email: "_" })).total).toBe(0);
    expect(await listSubscriptions({ tier: "full", status: "canceled" })).toEqual({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  it("paginates with a total, paying members first", async () => {
    const all = await listSubscriptions({});
    expect(all.total).toBe(7);
    expect(all.rows.slice(0, 4).every((r) => r.subscribed)).toBe(true);
    expect((await listSubscriptions({ page: 2 })).rows).toEqual([]);
    for (let i = 0; i < BILLING_PAGE_SIZE; i += 1) await member();
    const first = await listSubscriptions({ page: 1 });
    const second = await listSubscriptions({ page: 2 });
    expect(first.rows).toHaveLength(BILLING_PAGE_SIZE);
    expect(second.rows).toHaveLength(7);
    expect(first.total).toBe(7 + BILLING_PAGE_SIZE);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.userId)).size).toBe(
      7 + BILLING_PAGE_SIZE,
    );
  });

  it("a manual grant shows as an active membership without a provider, and is audited", async () => {
    const granted = await member();
    await setPremiumByHand(admin.userId, granted.userId, true, "Festival prize");
    const { rows } = await listSubscriptions({ email: granted.email });
    expect(rows[0]).toMatchObject({
      state: "active",
      kind: "granted",
      subscribed: true,
      tier: "full",
      provider: null,
      monthlyPrice: 0,
    });
    // A refunded member granted premium afterwards is a manual grant, not a billed membership.
    await setPremiumByHand(admin.userId, refunded.userId, true, "Goodwill");
    expect((await listSubscriptions({ email: refunded.email })).rows[0]).toMatchObject({
      state: "active",
      kind: "granted",
      provider: "builtin",
      monthlyPrice: 0,
    });
    expect((await listSubscriptions({ email: active.email })).rows[0]).toMatchObject({
      state: "active",
      kind: "paid",
    });
    await setPremiumByHand(admin.userId, refunded.userId, false, "Back to the refund");
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "membership.grant"), eq(auditLog.targetId, granted.userId)));
    expect(audit!.details).toMatchObject({ reason: "Festival prize" });
  });

  it("transactions newest first, refundable only when paid and inside the guarantee", async () => {
    const { rows, total } = await listTransactions({ guaranteeDays: 30 });
    expect(total).toBe(rows.length);
    for (let i = 1; i < rows.length; i += 1)
      expect(rows[i - 1]!.paidAt.getTime()).toBeGreaterThanOrEqual(rows[i]!.paidAt.getTime());
    const ofMember = (email: string) => rows.filter((r) => r.email === email);
    expect(ofMember(active.email)[0]).toMatchObject({
      status: "paid",
      refundable: true,
      amount: 3000,
      currency: "USD",
      provider: "builtin",
    });
    expect(ofMember(active.email)[0]!.receiptNumber).toBeGreaterThan(0);
    expect(ofMember(refunded.email)[0]).toMatchObject({ status: "refunded", refundable: false });
    expect(ofMember(refunded.email)[0]!.refundedAt).toBeInstanceOf(Date);
    // 35 days ago: outside a 30-day guarantee, inside a 60-day one.
    const oldest = ofMember(old.email).at(-1)!;
    expect(oldest.refundable).toBe(false);
    expect(
      (await listTransactions({ guaranteeDays: 60 })).rows.find((r) => r.id === oldest.id)
        ?.refundable,
    ).toBe(true);
    expect(refundWindowOpen(new Date(0), 0, new Date(0))).toBe(true);
  });

  it("counts unseen sales; opening the transactions screen marks them seen", async () => {
    const before = await unseenSalesCount();
    expect(before).toBeGreaterThanOrEqual(5);
    expect(await markSalesSeen()).toBe(before);
    expect(await unseenSalesCount()).toBe(0);
    await paidMember();
    expect(await unseenSalesCount()).toBe(1);
    expect(await markSalesSeen()).toBe(1);
    expect(await markSalesSeen()).toBe(0);
    expect(await unseenSalesCount()).toBe(0);
  });

  it("payment events newest first with member, status, result and payload", async () => {
    const { rows, total } = await listPaymentEvents({});
    expect(total).toBeGreaterThan(rows.length - 1);
    expect(rows.length).toBeLessThanOrEqual(BILLING_PAGE_SIZE);
    const paid = rows.find((r) => r.type === "invoice.paid" && r.userId === active.userId);
    expect(paid).toMatchObject({ provider: "builtin", status: "processed" });
    expect(paid?.result).toMatch(/payment recorded/);
    expect(paid?.payload).toMatchObject({ amount: 3000, currency: "USD" });
    expect(paid?.displayName).toBeTruthy();
    const pages = Math.ceil(total / BILLING_PAGE_SIZE);
    const last = await listPaymentEvents({ page: pages });
    expect(last.rows.length).toBe(total - (pages - 1) * BILLING_PAGE_SIZE);
  });
});

describe("form validation", () => {
  it("reads the subscription filters leniently", () => {
    expect(
      subscriptionFiltersSchema.parse({
        tier: "full",
        status: "cancelling",
        q: " a@b ",
        page: "3",
      }),
    ).toEqual({ tier: "full", status: "cancelling", q: "a@b", page: 3 });
    expect(subscriptionFiltersSchema.parse({ tier: "gold", status: "x", page: "-1" })).toEqual({
      tier: "",
      status: "",
      q: "",
      page: 1,
    });
  });

  it("requires a reason for a manual grant or revoke", () => {
    const userId = "00000000-0000-4000-8000-000000000000";
    expect(
      premiumByHandSchema.safeParse({ intent: "grant", userId, reason: "  " }).error?.issues[0]!
        .message,
    ).toBe("admin.subscriptions.errors.reasonRequired");
    expect(
      premiumByHandSchema.safeParse({ intent: "revoke", userId, reason: "x".repeat(501) }).success,
    ).toBe(false);
    expect(
      premiumByHandSchema.parse({ intent: "revoke", userId, reason: " Chargeback " }).reason,
    ).toBe("Chargeback");
  });

  it("turns the decimal price into minor units of the currency", () => {
    const parse = (values: Record<string, string>) =>
      pricingFormSchema.safeParse({
        membership_price: "30.00",
        membership_currency: "USD",
        guarantee_days: "30",
        ...values,
      });
    expect(parse({}).data).toEqual({
      membership_price: "3000",
      membership_currency: "USD",
      guarantee_days: "30",
    });
    expect(
      parse({ membership_price: "12.5", membership_currency: "eur", guarantee_days: "7" }).data,
    ).toEqual({ membership_price: "1250", membership_currency: "EUR", guarantee_days: "7" });
    expect(parse({ membership_price: "12,99" }).data?.membership_price).toBe("1299");
    expect(
      parse({ membership_price: "500", membership_currency: "JPY" }).data?.membership_price,
    ).toBe("500");
    expect(
      parse({ membership_price: "500.5", membership_currency: "JPY" }).error?.issues[0]!.message,
    ).toBe("admin.billing.errors.priceWhole");
    expect(parse({ membership_price: "abc" }).error?.issues[0]!.path).toEqual(["membership_price"]);
    expect(parse({ membership_price: "0.00" }).error?.issues[0]!.message).toBe(
      "admin.billing.errors.pricePositive",
    );
    expect(parse({ membership_price: "30.001" }).success).toBe(false);
    expect(parse({ membership_price: "" }).error?.issues[0]!.message).toBe(
      "admin.billing.errors.priceRequired",
    );
    expect(parse({ membership_price: "999999" }).error?.issues[0]!.message).toBe(
      "admin.billing.errors.priceTooHigh",
    );
    expect(parse({ membership_currency: "DOLLARS" }).error?.issues[0]!.message).toBe(
      "admin.billing.errors.currencyInvalid",
    );
    expect(parse({ membership_currency: "QQQ" }).error?.issues[0]!.path).toEqual([
      "membership_currency",
    ]);
    expect(parse({ guarantee_days: "366" }).error?.issues[0]!.message).toBe(
      "admin.billing.errors.guaranteeInvalid",
    );
    expect(parse({ guarantee_days: "-1" }).success).toBe(false);
    expect(parse({ guarantee_days: "0" }).data?.guarantee_days).toBe("0");
    expect(priceInputValue(3000, "USD")).toBe("30.00");
    expect(priceInputValue(500, "JPY")).toBe("500");
  });
});
