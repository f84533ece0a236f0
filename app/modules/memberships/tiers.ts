/** Membership tiers (SPEC §3): free, and the paid ones that carry premium access. */
export const TIERS = ["free", "full", "premium", "pro", "yearly", "lifetime"] as const;
export type Tier = (typeof TIERS)[number];
