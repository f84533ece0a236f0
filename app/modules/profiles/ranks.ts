export const MYSTICAL_RANKS = ["initiate", "adept", "magus", "archon", "headmaster"] as const;
export type MysticalRank = (typeof MYSTICAL_RANKS)[number];
export const ROLES = ["admin", "super_admin"] as const;
export type Role = (typeof ROLES)[number];
