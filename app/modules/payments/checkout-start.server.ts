import { setTimeout as delay } from "node:timers/promises";
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { isUniqueViolation } from "#app/db/errors.server";
import { holdsPaidMembership, type MembershipPricing } from "#app/modules/memberships";
import { BillingRefusedError, confirmCheckout, subscriberOf } from "./membership.server";
import { checkoutProvider, providerNamed } from "./provider.server";
import { checkoutSessions } from "./schema";
import type { BillingProvider } from "./types";

/** The session id of a checkout whose provider session is still being created. */
const STARTING = "pending";
/** How long a request waits for a checkout another request of the same member is creating. */
const START_WAIT_MS = 15_000;
/** A checkout still "starting" after this long belongs to a start that died; it is replaced. */
const STARTING_STALE_MS = 60_000;
const POLL_MS = 100;

type OpenCheckout = typeof checkoutSessions.$inferSelect;

async function openCheckoutOf(userId: string): Promise<OpenCheckout | undefined> {
  const [row] = await db()
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, "open")))
    .limit(1);
  return row;
}

/** Closes our record of a checkout (only if still open: a payment may have just claimed it). */
async function closeCheckout(id: string): Promise<void> {
  await db()
    .update(checkoutSessions)
    .set({ status: "expired" })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "open")));
}

/**
 * Starts checkout for a signed-in member and returns where to send the browser. A member has one
 * open checkout at most (the database's partial unique index decides races between requests):
 *
 * - one already open for the same plan and provider: the member goes back to it (two tabs, the
 *   back button, a double click all lead to the same payment page);
 * - one open for another price or provider: it is expired at the provider first, so it can no
 *   longer be paid, then replaced;
 * - one that was paid meanwhile: the membership is brought up to date and the member refused.
 *
 * A member who holds a paid membership is refused ("alreadyMember") before any checkout exists.
 */
export async function startCheckout(
  member: { userId: string; email: string },
  pricing: MembershipPricing,
  siteUrl: string,
  productName: string,
  now: Date = new Date(),
): Promise<string> {
  if (holdsPaidMembership(await subscriberOf(member.userId), now))
    throw new BillingRefusedError("alreadyMember");
  const provider = checkoutProvider();
  const deadline = Date.now() + START_WAIT_MS;
  while (Date.now() < deadline) {
    const open = await openCheckoutOf(member.userId);
    if (!open) {
      const started = await createCheckout(provider, member, pricing, siteUrl, productName);
      if (started) return started;
      continue; // another request of this member created one first: look again
    }
    if (open.providerSessionId === STARTING) {
      // Another request is asking the provider for this checkout right now: wait for its answer.
      if (Date.now() - open.createdAt.getTime() > STARTING_STALE_MS) await closeCheckout(open.id);
      else await delay(POLL_MS);
      continue;
    }
    const owner = providerNamed(open.provider);
    let status = owner
      ? await owner.checkoutStatus(open.providerSessionId)
      : ({ status: "expired" } as const);
    const samePlan =
      open.provider === provider.name &&
      open.amount === pricing.amount &&
      open.currency === pricing.currency;
    if (status.status === "open" && samePlan) return status.redirectUrl;
    if (status.status === "open" && owner)
      status = { status: await owner.expireCheckout(open.providerSessionId) };
    if (status.status === "complete") {
      await confirmCheckout(member.userId, open.id, now);
      throw new BillingRefusedError("alreadyMember");
    }
    await closeCheckout(open.id);
  }
  throw new BillingRefusedError("checkoutInProgress");
}

/** Records a new open checkout and asks the provider for it; undefined when another request won. */
async function createCheckout(
  provider: BillingProvider,
  member: { userId: string; email: string },
  pricing: MembershipPricing,
  siteUrl: string,
  productName: string,
): Promise<string | undefined> {
  let checkoutId: string;
  try {
    const rows = await db()
      .insert(checkoutSessions)
      .values({
        userId: member.userId,
        provider: provider.name,
        providerSessionId: STARTING,
        amount: pricing.amount,
        currency: pricing.currency,
      })
      .returning({ id: checkoutSessions.id });
    checkoutId = firstRow(rows, "new checkout session").id;
  } catch (error) {
    if (isUniqueViolation(error, "checkout_sessions_one_open_idx")) return undefined;
    throw error;
  }
  try {
    const started = await provider.startCheckout({
      checkoutId,
      userId: member.userId,
      email: member.email,
      amount: pricing.amount,
      currency: pricing.currency,
      productName,
      successUrl: `${siteUrl}/payment-success?checkout=${checkoutId}`,
      cancelUrl: `${siteUrl}/payment-canceled?checkout=${checkoutId}`,
    });
    await db()
      .update(checkoutSessions)
      .set({ providerSessionId: started.providerSessionId })
      .where(eq(checkoutSessions.id, checkoutId));
    return started.redirectUrl;
  } catch (error) {
    // The provider could not open it: free the member's one open slot for the next attempt.
    await closeCheckout(checkoutId).catch(() => undefined);
    throw error;
  }
}
