import { describe, expect, it } from "vitest";
import {
  JOIN_BANNER_QUIET_DAYS,
  dismissalDay,
  dismissedRecently,
  joinBannerTrigger,
  joinBannerWait,
  mayOfferJoinBanner,
  scrolledShare,
} from "./join-banner";

describe("join banner rules (SPEC §9 banner timing)", () => {
  it("maps the three variants to 3 s, 5 s and 30 % scroll; an unknown one to the control", () => {
    expect(joinBannerTrigger("A")).toEqual({ kind: "delay", ms: 3_000 });
    expect(joinBannerTrigger("B")).toEqual({ kind: "delay", ms: 5_000 });
    expect(joinBannerTrigger("C")).toEqual({ kind: "scroll", share: 0.3 });
    expect(joinBannerTrigger("Z")).toEqual(joinBannerTrigger("A"));
  });

  it("measures the share scrolled; a page that does not scroll is never 30 % down", () => {
    expect(scrolledShare({ scrollY: 0, scrollHeight: 2000, viewportHeight: 1000 })).toBe(0);
    expect(scrolledShare({ scrollY: 300, scrollHeight: 2000, viewportHeight: 1000 })).toBe(0.3);
    expect(scrolledShare({ scrollY: 5000, scrollHeight: 2000, viewportHeight: 1000 })).toBe(1);
    expect(scrolledShare({ scrollY: -40, scrollHeight: 2000, viewportHeight: 1000 })).toBe(0);
    expect(scrolledShare({ scrollY: 0, scrollHeight: 800, viewportHeight: 1000 })).toBe(0);
  });

  it("waits what is left of the delay since the page loaded", () => {
    expect(joinBannerWait({ ms: 3_000 }, 10_000, 10_500)).toBe(2_500);
    expect(joinBannerWait({ ms: 3_000 }, 10_000, 20_000)).toBe(0);
  });

  it("keeps a dismissal for a week, and ignores values that are not days", () => {
    const now = new Date("2030-03-10T12:00:00Z");
    expect(dismissalDay(now)).toBe("2030-03-10");
    expect(dismissedRecently("2030-03-10", now)).toBe(true);
    expect(dismissedRecently("2030-03-04", now)).toBe(true);
    const weekAgo = new Date(now.getTime() - JOIN_BANNER_QUIET_DAYS * 86_400_000);
    expect(dismissedRecently(dismissalDay(weekAgo), now)).toBe(false);
    expect(dismissedRecently(null, now)).toBe(false);
    expect(dismissedRecently("forever", now)).toBe(false);
    expect(dismissedRecently("2030-13-45", now)).toBe(false);
    expect(dismissedRecently("2099-01-01", now)).toBe(false);
  });

  it("is offered to guests only, and not on the sign-in, membership and payment screens", () => {
    expect(mayOfferJoinBanner({ signedIn: false, pathname: "/discussions" })).toBe(true);
    expect(mayOfferJoinBanner({ signedIn: true, pathname: "/discussions" })).toBe(false);
    expect(mayOfferJoinBanner({ signedIn: false, pathname: "/auth" })).toBe(false);
    expect(mayOfferJoinBanner({ signedIn: false, pathname: "/subscription" })).toBe(false);
  });
});
