import { config } from "#app/lib/config.server";
import { memoryRateLimiter, type MemoryRateLimiter } from "#app/lib/memory-rate-limit.server";
import { addressKey } from "#app/lib/too-many-requests.server";

let limiter: MemoryRateLimiter | undefined;
function beaconLimiter(): MemoryRateLimiter {
  limiter ??= memoryRateLimiter({ limit: config().ANALYTICS_RATE_LIMIT, windowSeconds: 60 });
  return limiter;
}

/**
 * Counts one POST /api/analytics of this client address; false past `ANALYTICS_RATE_LIMIT` a
 * minute (a script filling the page views, not a person: a tab beats twice a minute). Counted in
 * memory: the endpoint must take 1,000 views a second, and a database row per beacon would cost
 * more than the beacon.
 */
export function allowBeacon(request: Request, now = Date.now()): boolean {
  return beaconLimiter().allow(`analytics:${addressKey(request)}`, now);
}

/** Forgets the counts (tests). */
export function resetBeaconLimits(): void {
  limiter?.reset();
}
