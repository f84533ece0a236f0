import { PREMIUM_TIERS, membershipLapsed, type Tier } from "#app/modules/memberships";

/**
 * What the member's billing screen says about the membership:
 * - `free`: no paid membership (never had one, refunded, or ended);
 * - `active`: paid and renewing at `currentPeriodEnd` (or granted by hand: no renewal date);
 * - `past_due`: the last renewal failed; access continues while the provider retries;
 * - `cancelling`: cancelled at period end; access until `currentPeriodEnd`, then free.
 */
export type BillingStatus = "free" | "active" | "past_due" | "cancelling";

export interface BillingStateInput {
  subscribed: boolean;
  tier: Tier;
  status: string;
  provider: "stripe" | "builtin" | null;
  providerSubscriptionId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export function billingStatus(row: BillingStateInput, now: Date): BillingStatus {
  if (membershipLapsed(row, now)) return "free";
  const paid = row.subscribed || PREMIUM_TIERS.includes(row.tier);
  if (!paid) return "free";
  if (row.status === "past_due") return "past_due";
  if (row.cancelAtPeriodEnd) return "cancelling";
  return "active";
}

/** Whether the membership is billed by a provider (so it can be cancelled, resumed and checked). */
export function billedByProvider(
  row: Pick<BillingStateInput, "provider" | "providerSubscriptionId" | "subscribed">,
): boolean {
  return row.subscribed && row.provider !== null && row.providerSubscriptionId !== null;
}
