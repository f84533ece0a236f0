import type { MysticalRank, Role } from "./ranks";

/*
 * What the profiles' queries return and their components show, declared once (types only, safe
 * to import from the browser).
 */

/** A member's public profile, as `/profile/:slug` and the member's own page show it. */
export interface PublicProfile {
  userId: string;
  displayName: string;
  slug: string;
  avatarUrl: string | null;
  bio: string;
  mysticalRank: MysticalRank;
  xpPoints: number;
  reputation: number;
  mysticalBadges: string[];
  role: Role | null;
  createdAt: Date;
}

/** What the profile card shows (`ProfileView`). */
export type ProfileViewData = Pick<
  PublicProfile,
  | "displayName"
  | "avatarUrl"
  | "bio"
  | "mysticalRank"
  | "xpPoints"
  | "reputation"
  | "mysticalBadges"
  | "role"
  | "createdAt"
>;
