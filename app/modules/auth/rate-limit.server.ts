import { and, eq, gt, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { rateLimitHits } from "./schema";

export interface RateRule {
  /** How many attempts a key may make per window. */
  limit: number;
  windowSeconds: number;
}

/** Limits for the account endpoints (per client IP and per e-mail address). */
export const AUTH_LIMITS = {
  // Per address: every attempt counts (a household or office shares one address, so generous).
  signInPerIp: { limit: 60, windowSeconds: 10 * 60 },
  // Per account: every attempt is counted before the password is checked (so parallel guesses
  // cannot overtake the count) and a successful one is given back: only failures use it up.
  signInPerAccount: { limit: 10, windowSeconds: 10 * 60 },
  signUpPerIp: { limit: 30, windowSeconds: 60 * 60 },
  resetPerIp: { limit: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

/**
 * Counts one attempt for `key` in a fixed window and says whether it is allowed. One atomic
 * upsert, so concurrent processes on one database share the count.
 */
export async function consumeRateLimit(
  key: string,
  rule: RateRule,
  now = new Date(),
): Promise<boolean> {
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const rows = await db()
    .insert(rateLimitHits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${rateLimitHits.windowStart} <= ${windowStart.toISOString()}::timestamptz then 1 else ${rateLimitHits.count} + 1 end`,
        windowStart: sql`case when ${rateLimitHits.windowStart} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimitHits.windowStart} end`,
      },
    })
    .returning({ count: rateLimitHits.count });
  return firstRow(rows, "rate limit upsert").count <= rule.limit;
}

/**
 * Gives back one attempt of `key` in the current window (a sign-in that succeeded), so only
 * failures use up the limit. Never below zero; an attempt of an earlier window is not refunded.
 */
export async function refundRateLimit(
  key: string,
  rule: RateRule,
  now = new Date(),
): Promise<void> {
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  await db()
    .update(rateLimitHits)
    .set({ count: sql`greatest(${rateLimitHits.count} - 1, 0)` })
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.windowStart, windowStart)));
}

/** The header the server process sets from the socket (any copy sent by a client is dropped). */
export const CLIENT_IP_HEADER = "x-sanctuary-client-ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
