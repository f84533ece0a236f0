import { publicUrl } from "#app/lib/config.server";
import { logger } from "#app/lib/logger.server";
import { stripeCustomerOf } from "./billing-overview.server";
import { BillingRefusedError, checkSubscription, setCancelAtPeriodEnd } from "./membership.server";
import { providerNamed } from "./provider.server";
import type { MembershipChange } from "./subscription-state.server";

/** What a billing-screen button did, for its toast (translation keys; `ok` picks the toast kind). */
export type BillingActionResult = { ok: true; message: string } | { ok: false; message: string };

const CHECK_MESSAGES: Record<MembershipChange, string> = {
  activated: "billing.check.activated",
  renewed: "billing.check.renewed",
  cancelling: "billing.check.cancelling",
  resumed: "billing.check.resumed",
  past_due: "billing.check.pastDue",
  ended: "billing.check.ended",
  unchanged: "billing.check.unchanged",
  stale: "billing.check.unchanged",
};

function refused(error: unknown, userId: string, what: string): BillingActionResult {
  if (error instanceof BillingRefusedError) {
    return {
      ok: false,
      message:
        error.reason === "noSubscription"
          ? "billing.errors.noSubscription"
          : "billing.errors.providerUnavailable",
    };
  }
  // A provider that cannot be reached (network, Stripe outage): the member may try again.
  logger.error({ err: error, userId }, `billing ${what} failed`);
  return { ok: false, message: "billing.errors.failed" };
}

/** Cancel at period end (access stays until then) or resume. */
export async function changeCancellation(
  userId: string,
  cancel: boolean,
): Promise<BillingActionResult> {
  try {
    await setCancelAtPeriodEnd(userId, cancel);
    return { ok: true, message: cancel ? "billing.toasts.cancelled" : "billing.toasts.resumed" };
  } catch (error) {
    return refused(error, userId, cancel ? "cancel" : "resume");
  }
}

/** SPEC check-subscription: re-reads the membership from the provider and says what it found. */
export async function checkMembership(userId: string): Promise<BillingActionResult> {
  try {
    const change = await checkSubscription(userId);
    return { ok: true, message: change ? CHECK_MESSAGES[change] : "billing.check.none" };
  } catch (error) {
    return refused(error, userId, "check");
  }
}

/** Stripe's Billing Portal for this member (a short-lived URL), or a refusal. */
export async function billingPortal(
  userId: string,
): Promise<{ url: string } | BillingActionResult> {
  try {
    const customerId = await stripeCustomerOf(userId);
    const url = customerId
      ? await providerNamed("stripe")?.portalUrl(customerId, `${publicUrl()}/billing`)
      : null;
    return url ? { url } : { ok: false, message: "billing.errors.noPortal" };
  } catch (error) {
    return refused(error, userId, "portal");
  }
}
