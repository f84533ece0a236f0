import type { MessageKey } from "#app/i18n/i18n";

/** Membership tiers (SPEC §3): free, and the paid ones that carry premium access. */
export const TIERS = ["free", "full", "premium", "pro", "yearly", "lifetime"] as const;
export type Tier = (typeof TIERS)[number];

/**
 * The plan a tier belongs to, as people see it. There is one paid plan, the full membership
 * (SPEC §4); the tier values premium, pro and yearly are kept internally (SPEC §3, §6) but are
 * the same plan, shown as "Full membership". Lifetime is the full membership without billing.
 */
export type Plan = "free" | "full" | "lifetime";

export function planOf(tier: Tier): Plan {
  if (tier === "free") return "free";
  return tier === "lifetime" ? "lifetime" : "full";
}

/** The translated name of each plan. */
export const PLAN_TITLE_KEYS: Record<Plan, MessageKey> = {
  free: "subscription.free.title",
  full: "subscription.full.title",
  lifetime: "subscription.full.lifetimeTitle",
};
