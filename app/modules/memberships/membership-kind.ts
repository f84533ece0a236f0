import { PREMIUM_TIERS } from "./policy";
import type { Tier } from "./tiers";

/**
 * How a member holds the full membership, for revenue figures and the admin lists:
 * - `paid`: a running subscription billed by a payment provider (active or past due) at a price;
 * - `lifetime`: the lifetime tier, which nobody is billed for monthly;
 * - `granted`: full membership given by hand (admin grant, tier set by an admin or the command
 *   line, demo members) without a paid subscription, whatever price the row still carries;
 * - `none`: no full membership.
 *
 * Only `paid` memberships are recurring revenue and paying members. The SQL of the revenue
 * screen (`admin/revenue.server.ts`, `membershipKindSql`) states the same rule for aggregates.
 */
export type MembershipKind = "paid" | "lifetime" | "granted" | "none";

export interface MembershipKindInput {
  subscribed: boolean;
  tier: Tier;
  status: string;
  provider: string | null;
  providerSubscriptionId: string | null;
  monthlyPrice: number;
}

/** Subscription statuses a provider is billing. */
export const BILLED_STATUSES = ["active", "past_due"] as const;

export function membershipKind(row: MembershipKindInput): MembershipKind {
  if (row.tier === "lifetime") return "lifetime";
  const billed =
    row.subscribed &&
    row.provider !== null &&
    row.providerSubscriptionId !== null &&
    (BILLED_STATUSES as readonly string[]).includes(row.status) &&
    row.monthlyPrice > 0;
  if (billed) return "paid";
  if (row.subscribed || PREMIUM_TIERS.includes(row.tier)) return "granted";
  return "none";
}
