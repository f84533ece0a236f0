import { isAdminRole } from "#app/modules/auth/policy";
import type { Role } from "#app/modules/profiles";
import type { Tier } from "./tiers";

/** Tiers that carry premium access (SPEC §6). */
export const PREMIUM_TIERS: readonly Tier[] = ["full", "premium", "pro", "yearly", "lifetime"];

/** SPEC §6: premium when subscribed, on a paid tier, or an admin. */
export function hasPremiumAccess(input: {
  role: Role | null | undefined;
  tier: Tier | null | undefined;
  subscribed: boolean | null | undefined;
}): boolean {
  if (isAdminRole(input.role)) return true;
  if (input.subscribed) return true;
  return input.tier != null && PREMIUM_TIERS.includes(input.tier);
}

/**
 * A membership cancelled at period end keeps access until that moment and not a second longer,
 * even before the billing sweep has written it down (so no member keeps access by timing).
 */
export function membershipLapsed(
  row: { subscribed: boolean; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null },
  now: Date,
): boolean {
  return (
    row.subscribed &&
    row.cancelAtPeriodEnd &&
    row.currentPeriodEnd !== null &&
    row.currentPeriodEnd.getTime() <= now.getTime()
  );
}

/**
 * A membership that is paid for (or granted by the team) right now, lapses included, as the
 * membership screens see it: such a member manages it on /billing and never buys a second one.
 */
export function holdsPaidMembership(
  row:
    | {
        subscribed: boolean;
        subscriptionTier: string;
        cancelAtPeriodEnd: boolean;
        currentPeriodEnd: Date | null;
      }
    | undefined,
  now: Date,
): boolean {
  if (!row || membershipLapsed(row, now)) return false;
  return row.subscribed || row.subscriptionTier !== "free";
}
