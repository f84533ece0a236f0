import { consumeRateLimit, type RateRule } from "#app/modules/auth/index.server";
import { addressKey } from "#app/lib/too-many-requests.server";
import { memoryRateLimiter, type MemoryRateLimiter } from "#app/lib/memory-rate-limit.server";

/** Clicks on tested elements one client address may report a minute; people click a few. */
export const CLICK_LIMIT: RateRule = { limit: 60, windowSeconds: 60 };

/** Counts one POST /api/ab-tests/click of this client address; false past `CLICK_LIMIT`. */
export function allowClick(request: Request, now = new Date()): Promise<boolean> {
  return consumeRateLimit(`ab-click:ip:${addressKey(request)}`, CLICK_LIMIT, now);
}

/**
 * Banner variant look-ups one client address may make a minute: a guest's tab asks once per page
 * load, so this only stops a script from minting guests (each cookie-less call draws a new one).
 */
export const BANNER_LOOKUP_LIMIT: RateRule = { limit: 30, windowSeconds: 60 };

// In memory: every guest page load asks, and a database counter would cost more than the answer.
let bannerLimiter: MemoryRateLimiter | undefined;

/** Counts one GET /api/ab-tests/banner of this client address; false past `BANNER_LOOKUP_LIMIT`. */
export function allowBannerLookup(request: Request, now = Date.now()): boolean {
  bannerLimiter ??= memoryRateLimiter(BANNER_LOOKUP_LIMIT);
  return bannerLimiter.allow(addressKey(request), now);
}

/** Forgets the banner look-up counts (tests). */
export function resetBannerLookups(): void {
  bannerLimiter?.reset();
}
