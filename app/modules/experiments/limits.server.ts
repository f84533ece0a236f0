import { consumeRateLimit, type RateRule } from "#app/modules/auth/index.server";
import { addressKey } from "#app/lib/too-many-requests.server";

/** Clicks on tested elements one client address may report a minute; people click a few. */
export const CLICK_LIMIT: RateRule = { limit: 60, windowSeconds: 60 };

/** Counts one POST /api/ab-tests/click of this client address; false past `CLICK_LIMIT`. */
export function allowClick(request: Request, now = new Date()): Promise<boolean> {
  return consumeRateLimit(`ab-click:ip:${addressKey(request)}`, CLICK_LIMIT, now);
}
