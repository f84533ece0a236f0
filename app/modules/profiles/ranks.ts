import type { TFunction } from "#app/i18n/i18n";

export const MYSTICAL_RANKS = ["initiate", "adept", "magus", "archon", "headmaster"] as const;
export type MysticalRank = (typeof MYSTICAL_RANKS)[number];
export const ROLES = ["admin", "super_admin"] as const;
export type Role = (typeof ROLES)[number];

function isMysticalRank(value: string): value is MysticalRank {
  return (MYSTICAL_RANKS as readonly string[]).includes(value);
}

/** The text key of a rank as stored; a value that is no rank reads as the first rank. */
export function rankTextKey(rank: string): `ranks.${MysticalRank}` {
  return `ranks.${isMysticalRank(rank) ? rank : "initiate"}`;
}

/** The text key of a staff role. */
export function roleTextKey(role: Role): `roles.${Role}` {
  return `roles.${role}`;
}

/** The badges members can earn (reputation/rules.ts awards them), each with a text in en.json "badges". */
export const BADGES = ["first-post", "first-reply", "helpful", "mentor", "scholar"] as const;
export type Badge = (typeof BADGES)[number];

/** The text key of a badge as stored, or null for a value that is no badge (shown as stored). */
export function badgeTextKey(badge: string): `badges.${Badge}` | null {
  return (BADGES as readonly string[]).includes(badge) ? `badges.${badge as Badge}` : null;
}

/** A badge's name in the reader's language, or the stored value when it is no badge. */
export function badgeText(t: TFunction, badge: string): string {
  const key = badgeTextKey(badge);
  return key ? t(key) : badge;
}
