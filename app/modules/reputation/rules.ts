import type { Badge, MysticalRank } from "#app/modules/profiles";

/**
 * What each contribution earns (docs/ARCHITECTURE.md "Reputation" repeats this table).
 * XP measures activity and drives rank; reputation measures how much others valued it.
 */
export const AWARDS = {
  post_published: { xp: 10, reputation: 2 },
  comment_published: { xp: 5, reputation: 1 },
  reaction_received: { xp: 2, reputation: 1 },
  answer_accepted: { xp: 25, reputation: 15 },
  // The Academy (academy/academy.server.ts): learning earns XP; reputation stays what others valued.
  lesson_completed: { xp: 5, reputation: 0 },
  quiz_passed: { xp: 15, reputation: 0 },
  course_completed: { xp: 50, reputation: 0 },
} as const;

export type AwardKind = keyof typeof AWARDS;

/** Ranks by XP; headmaster is given by an admin only and never taken away by these rules. */
export const RANK_THRESHOLDS: Array<{ rank: Exclude<MysticalRank, "headmaster">; minXp: number }> =
  [
    { rank: "archon", minXp: 5000 },
    { rank: "magus", minXp: 2000 },
    { rank: "adept", minXp: 500 },
    { rank: "initiate", minXp: 0 },
  ];

export function rankForXp(xp: number, current: MysticalRank): MysticalRank {
  if (current === "headmaster") return "headmaster";
  return RANK_THRESHOLDS.find((t) => xp >= t.minXp)!.rank;
}

/** Milestone badges: the counts of published posts, reactions received and accepted answers. */
export interface Milestones {
  posts: number;
  reactionsReceived: number;
  acceptedAnswers: number;
  comments: number;
}

/** Each badge of `BADGES` (profiles/ranks.ts, which names their texts) and when it is earned. */
export const BADGE_RULES: Array<{ badge: Badge; earned: (m: Milestones) => boolean }> = [
  { badge: "first-post", earned: (m) => m.posts >= 1 },
  { badge: "first-reply", earned: (m) => m.comments >= 1 },
  { badge: "helpful", earned: (m) => m.reactionsReceived >= 10 },
  { badge: "mentor", earned: (m) => m.acceptedAnswers >= 5 },
  { badge: "scholar", earned: (m) => m.posts >= 25 },
];

export function badgesFor(m: Milestones): Badge[] {
  return BADGE_RULES.filter((r) => r.earned(m)).map((r) => r.badge);
}
