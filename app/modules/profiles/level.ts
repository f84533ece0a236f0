import type { MysticalRank } from "./ranks";

/** SPEC §4: level progress is XP modulo 1000 divided by 10, capped at 100; headmaster is always 100. */
export function levelProgress(xpPoints: number, rank: MysticalRank | null | undefined): number {
  if (rank === "headmaster") return 100;
  const xp = Math.max(0, Math.floor(xpPoints));
  return Math.min(100, Math.floor((xp % 1000) / 10));
}

/** The level a member is on: one level per 1000 XP, starting at 1. */
export function levelOf(xpPoints: number): number {
  return Math.floor(Math.max(0, xpPoints) / 1000) + 1;
}
