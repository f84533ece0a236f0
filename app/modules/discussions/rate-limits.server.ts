import { consumeRateLimit } from "#app/modules/auth/index.server";

/** Posting limits per member: generous for conversation, tight enough to stop a flood. */
export const POSTING_LIMITS = {
  post: { limit: 10, windowSeconds: 10 * 60 },
  comment: { limit: 30, windowSeconds: 10 * 60 },
  reaction: { limit: 120, windowSeconds: 10 * 60 },
  report: { limit: 20, windowSeconds: 60 * 60 },
};

export function allowPosting(kind: keyof typeof POSTING_LIMITS, userId: string): Promise<boolean> {
  return consumeRateLimit(`${kind}:user:${userId}`, POSTING_LIMITS[kind]);
}
