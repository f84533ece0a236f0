/**
 * SPEC §4/§9 premium upsell popup: the rules, in one place and without the browser, so they are
 * unit-tested (popup.test.ts). The component (`components/premium-popup.tsx`) only wires them to
 * timers, the location and localStorage.
 */

/** Shown this long after the page loaded (SPEC §9: 20 s). */
export const POPUP_DELAY_MS = 20_000;
/** Closes itself after this long on screen (SPEC §9: 10 s). */
export const POPUP_AUTO_CLOSE_MS = 10_000;
/** When it is due while the member is typing or another dialog is open, look again this much later. */
export const POPUP_BUSY_RETRY_MS = 2_000;
/** localStorage key holding the local day ("YYYY-MM-DD") it was last shown (SPEC §3). */
export const POPUP_STORAGE_KEY = "premium_popup_last_shown";

/**
 * Paths where an upsell would be in the way: the admin area, signing in, and the membership and
 * payment screens themselves (the member is already deciding there).
 */
const QUIET_PREFIXES = [
  "/admin",
  "/auth",
  "/checkout",
  "/payment-success",
  "/payment-canceled",
  "/subscription",
  "/billing",
  "/manage-subscription",
  "/billing-management",
];

/** The viewer as the root loader sends it (null for a guest). */
export interface PopupViewer {
  isPremium: boolean;
  isAdmin: boolean;
}

/** The local calendar day, "YYYY-MM-DD": "once a day" follows the member's own midnight. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether a path is one of the quiet ones (a prefix match on whole segments: /billing/x, not /billingual). */
export function isQuietPath(pathname: string): boolean {
  return QUIET_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Whether the popup may show now: never for paying members or admins (SPEC §6: premium never sees
 * the upsell), never on a quiet path, and at most once per local day. Guests and free members
 * qualify. A stored value that is not a day (tampered, old format) does not block it for good.
 */
export function shouldShowPremiumPopup(input: {
  now: Date;
  lastShown: string | null;
  viewer: PopupViewer | null;
  pathname: string;
}): boolean {
  if (input.viewer && (input.viewer.isPremium || input.viewer.isAdmin)) return false;
  if (isQuietPath(input.pathname)) return false;
  return input.lastShown !== localDay(input.now);
}

/**
 * How long to wait before showing it: what is left of the delay since the page loaded. A member
 * who sat on a quiet page past the delay gets it as soon as they reach another page.
 */
export function popupWait(loadedAt: number, now: number): number {
  return Math.max(0, loadedAt + POPUP_DELAY_MS - now);
}
