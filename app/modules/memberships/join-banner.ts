/**
 * The guests' join banner and SPEC §9's "banner timing" A/B test: when the banner appears is the
 * variant (A after 3 s, B after 5 s, C once 30 % of the page is scrolled). The rules live here,
 * without the browser, so they are unit-tested (join-banner.test.ts); the component
 * (`components/join-banner.tsx`) wires them to timers, scrolling and localStorage.
 */
import { isQuietPath } from "./popup";

/** What makes the banner appear, by variant of the banner timing test. */
export type JoinBannerTrigger = { kind: "delay"; ms: number } | { kind: "scroll"; share: number };

export const JOIN_BANNER_TRIGGERS: Record<string, JoinBannerTrigger> = {
  A: { kind: "delay", ms: 3_000 },
  B: { kind: "delay", ms: 5_000 },
  C: { kind: "scroll", share: 0.3 },
};

/** A dismissed banner stays away this many days (it asks, it does not nag). */
export const JOIN_BANNER_QUIET_DAYS = 7;
/** localStorage key holding when ("YYYY-MM-DD", UTC) the guest dismissed the banner. */
export const JOIN_BANNER_STORAGE_KEY = "join_banner_dismissed";

/** The variant's trigger; a variant this code does not know (an admin's edit) behaves as the control. */
export function joinBannerTrigger(variant: string): JoinBannerTrigger {
  return JOIN_BANNER_TRIGGERS[variant] ?? JOIN_BANNER_TRIGGERS.A!;
}

/** How far down the page the reader is, 0–1; a page that does not scroll counts as not scrolled. */
export function scrolledShare(page: {
  scrollY: number;
  scrollHeight: number;
  viewportHeight: number;
}): number {
  const scrollable = page.scrollHeight - page.viewportHeight;
  if (scrollable <= 0) return 0;
  return Math.min(1, Math.max(0, page.scrollY / scrollable));
}

/** The day stored at dismissal, UTC (the quiet period is a week; a local midnight does not matter). */
export function dismissalDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whether a dismissal still holds. A stored value that is not a day (tampered, another format)
 * does not silence the banner for good, and one in the future (a clock put back) is honoured
 * only up to the quiet period.
 */
export function dismissedRecently(stored: string | null, now: Date): boolean {
  if (!stored || !/^\d{4}-\d{2}-\d{2}$/.test(stored)) return false;
  const day = Date.parse(`${stored}T00:00:00Z`);
  if (Number.isNaN(day)) return false;
  const days = (now.getTime() - day) / 86_400_000;
  return days < JOIN_BANNER_QUIET_DAYS && days > -JOIN_BANNER_QUIET_DAYS;
}

/**
 * Whether the banner may be offered on this page at all: to guests only, never on the sign-in,
 * membership and payment screens (the popup's quiet paths) where it would repeat the page.
 */
export function mayOfferJoinBanner(input: { signedIn: boolean; pathname: string }): boolean {
  return !input.signedIn && !isQuietPath(input.pathname);
}

/** How long a delay trigger still waits, counted from the page's load (client navigations keep it). */
export function joinBannerWait(trigger: { ms: number }, loadedAt: number, now: number): number {
  return Math.max(0, loadedAt + trigger.ms - now);
}
