/** Activity records of members (SPEC §3), by type: what each one's payload holds. */
export interface ActivityDataMap {
  page_view: { path: string; referrerHost: string | null };
  search: { term: string };
  post: { postId: string; title: string; url: string };
  comment: { commentId: string; postTitle: string; url: string };
  purchase: { paymentId: string; amount: number; currency: string };
}

export type ActivityType = keyof ActivityDataMap;
export const ACTIVITY_TYPES = [
  "page_view",
  "search",
  "post",
  "comment",
  "purchase",
] as const satisfies readonly ActivityType[];

/** One activity record as a member's settings list it. */
export type ActivityEntry = {
  [T in ActivityType]: { id: string; type: T; data: ActivityDataMap[T]; at: string };
}[ActivityType];
