/** Reaction kinds, for browser code (schema.ts holds the same list for the database). */
export const REACTION_KIND_LIST = ["like", "insightful", "blessed"] as const;
export type ReactionKindName = (typeof REACTION_KIND_LIST)[number];
