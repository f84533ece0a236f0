import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { subscribers } from "#app/modules/memberships/schema";
import { membershipPricing } from "#app/modules/memberships";
import { BillingRefusedError, payBuiltinCheckout, setPremiumByHand } from "./membership.server";
import { startCheckout } from "./checkout-start.server";
import { builtinSubscriptions, checkoutSessions, payments } from "./schema";
import { TEST_CARDS } from "./test-cards";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

const pricing = membershipPricing({});

function start(m: { userId: string; email: string }, price = pricing) {
  return startCheckout(
    { userId: m.userId, email: m.email },
    price,
    "http://localhost:3000",
    "Full membership",
  );
}

const checkoutIdOf = (redirect: string) => redirect.split("/").pop()!;

async function chargesOf(userId: string) {
  return {
    payments: await db().select().from(payments).where(eq(payments.userId, userId)),
    subscriptions: await db()
      .select()
      .from(builtinSubscriptions)
      .where(eq(builtinSubscriptions.userId, userId)),
  };
}

async function openCheckoutsOf(userId: string) {
  return db()
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, "open")));
}

describe("one open checkout and one membership per member (built-in provider)", () => {
  it("a second checkout returns to the open one, and paying both tabs at once charges once", async () => {
    const m = await member();
    const first = await start(m);
    const second = await start(m);
    expect(second).toBe(first);
    expect(await openCheckoutsOf(m.userId)).toHaveLength(1);

    // Two tabs submit the card form at the same moment.
    const results = await Promise.allSettled(
      [first, second].map((redirect) =>
        payBuiltinCheckout(m.userId, checkoutIdOf(redirect), TEST_CARDS.success),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const charged = await chargesOf(m.userId);
    expect(charged.payments).toHaveLength(1);
    expect(charged.subscriptions).toHaveLength(1);
    const [row] = await db().select().from(subscribers).where(eq(subscribers.userId, m.userId));
    expect(row).toMatchObject({ subscribed: true, subscriptionTier: "full" });
  });

  it("checkouts started in parallel leave one open checkout that all of them return to", async () => {
    const m = await member();
    const redirects = await Promise.all([start(m), start(m), start(m), start(m)]);
    expect(new Set(redirects).size).toBe(1);
    expect(await openCheckoutsOf(m.userId)).toHaveLength(1);
  });

  it("a checkout at another price replaces the open one, which can then no longer be paid", async () => {
    const m = await member();
    const old = checkoutIdOf(await start(m));
    const replacement = checkoutIdOf(
      await start(m, membershipPricing({ membership_price: "4500" })),
    );
    expect(replacement).not.toBe(old);
    const [oldRow] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, old));
    expect(oldRow!.status).toBe("expired");

    await expect(payBuiltinCheckout(m.userId, old, TEST_CARDS.success)).rejects.toMatchObject({
      reason: "checkoutClosed",
    });
    expect((await chargesOf(m.userId)).payments).toHaveLength(0);
    await payBuiltinCheckout(m.userId, replacement, TEST_CARDS.success);
    const charged = await chargesOf(m.userId);
    expect(charged.payments.map((p) => p.amount)).toEqual([4500]);
    expect(charged.subscriptions).toHaveLength(1);
  });

  it("paying while already premium is refused before any charge", async () => {
    const admin = await member({ role: "admin" });
    const m = await member();
    const checkoutId = checkoutIdOf(await start(m));
    // The member became premium another way meanwhile (here: granted by the team).
    await setPremiumByHand(admin.userId, m.userId, true, "Moderator");
    const refusal = payBuiltinCheckout(m.userId, checkoutId, TEST_CARDS.success);
    await expect(refusal).rejects.toBeInstanceOf(BillingRefusedError);
    await expect(refusal).rejects.toMatchObject({ reason: "alreadyMember" });
    const charged = await chargesOf(m.userId);
    expect(charged.payments).toHaveLength(0);
    expect(charged.subscriptions).toHaveLength(0);
    // And no new checkout starts for a member.
    await expect(start(m)).rejects.toMatchObject({ reason: "alreadyMember" });
  });

  it("the database itself refuses a second open checkout and a second live built-in subscription", async () => {
    const m = await member();
    const row = {
      userId: m.userId,
      provider: "builtin" as const,
      providerSessionId: "s",
      amount: 3000,
      currency: "USD",
    };
    await db().insert(checkoutSessions).values(row);
    await expect(db().insert(checkoutSessions).values(row)).rejects.toThrow();
    // Closed checkouts do not count.
    await db()
      .insert(checkoutSessions)
      .values({ ...row, status: "expired" });

    const now = new Date();
    const sub = {
      userId: m.userId,
      status: "active" as const,
      amount: 3000,
      currency: "USD",
      cardLast4: "4242",
      currentPeriodStart: now,
      currentPeriodEnd: now,
    };
    await db()
      .insert(builtinSubscriptions)
      .values({ ...sub, id: "bsub_a" });
    await expect(
      db()
        .insert(builtinSubscriptions)
        .values({ ...sub, id: "bsub_b", status: "past_due" }),
    ).rejects.toThrow();
    await db()
      .insert(builtinSubscriptions)
      .values({ ...sub, id: "bsub_c", status: "canceled" });
  });
});
