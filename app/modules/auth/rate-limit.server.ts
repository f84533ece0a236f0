import { eq, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
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
  // Per account: only failed attempts count, so signing in often is never punished.
  signInPerAccount: { limit: 10, windowSeconds: 10 * 60 },
  signUpPerIp: { limit: 30, windowSeconds: 60 * 60 },
  resetPerIp: { limit: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

/**
 * Counts one attempt for `key` in a fixed window and says whether it is allowed. One atomic
 * upsert, so concurrent processes on one database share the count.
 */
export async function consumeRateLimit(key: string, rule: RateRule, now = new Date()): Promise<boolean> {
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const [row] = await db()
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
  return row.count <= rule.limit;
}

/** How many attempts `key` has used in the current window, without counting one more. */
export async function usedAttempts(key: string, rule: RateRule, now = new Date()): Promise<number> {
  const [row] = await db()
    .select({ count: rateLimitHits.count, windowStart: rateLimitHits.windowStart })
    .from(rateLimitHits)
    .where(eq(rateLimitHits.key, key))
    .limit(1);
  if (!row || row.windowStart.getTime() <= now.getTime() - rule.windowSeconds * 1000) return 0;
  return row.count;
}

/** The header the server process sets from the socket (any copy sent by a client is dropped). */
export const CLIENT_IP_HEADER = "x-sanctuary-client-ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

export class RateLimitedError extends Error {
  constructor() {
    super("rate limited");
  }
}

/** Consumes every rule given and throws RateLimitedError when any is exhausted. */
export async function enforceRateLimits(checks: Array<[key: string, rule: RateRule]>): Promise<void> {
  let allowed = true;
  for (const [key, rule] of checks) {
    if (!(await consumeRateLimit(key, rule))) allowed = false;
  }
  if (!allowed) throw new RateLimitedError();
}
