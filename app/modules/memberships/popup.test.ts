import { describe, expect, it } from "vitest";
import {
  POPUP_AUTO_CLOSE_MS,
  POPUP_DELAY_MS,
  isQuietPath,
  localDay,
  popupWait,
  shouldShowPremiumPopup,
} from "./popup";

const now = new Date(2030, 2, 10, 14, 30); // local time: the popup counts days at the member's midnight
const free = { isPremium: false, isAdmin: false };

describe("premium popup rules (SPEC §4, §9)", () => {
  it("uses the SPEC timings", () => {
    expect(POPUP_DELAY_MS).toBe(20_000);
    expect(POPUP_AUTO_CLOSE_MS).toBe(10_000);
  });

  it("shows to guests and free members who have not seen it today", () => {
    expect(shouldShowPremiumPopup({ now, lastShown: null, viewer: null, pathname: "/" })).toBe(
      true,
    );
    expect(
      shouldShowPremiumPopup({ now, lastShown: null, viewer: free, pathname: "/discussions" }),
    ).toBe(true);
    expect(
      shouldShowPremiumPopup({ now, lastShown: "2030-03-09", viewer: free, pathname: "/explore" }),
    ).toBe(true);
  });

  it("shows at most once per local day", () => {
    expect(
      shouldShowPremiumPopup({ now, lastShown: "2030-03-10", viewer: free, pathname: "/" }),
    ).toBe(false);
    expect(
      shouldShowPremiumPopup({
        now: new Date(2030, 2, 10, 23, 59),
        lastShown: "2030-03-10",
        viewer: null,
        pathname: "/",
      }),
    ).toBe(false);
    expect(
      shouldShowPremiumPopup({
        now: new Date(2030, 2, 11, 0, 1),
        lastShown: "2030-03-10",
        viewer: null,
        pathname: "/",
      }),
    ).toBe(true);
    // A value that is not a day does not block it for good.
    expect(shouldShowPremiumPopup({ now, lastShown: "garbage", viewer: null, pathname: "/" })).toBe(
      true,
    );
  });

  it("never shows to premium members or admins", () => {
    expect(
      shouldShowPremiumPopup({
        now,
        lastShown: null,
        viewer: { isPremium: true, isAdmin: false },
        pathname: "/",
      }),
    ).toBe(false);
    expect(
      shouldShowPremiumPopup({
        now,
        lastShown: null,
        viewer: { isPremium: true, isAdmin: true },
        pathname: "/",
      }),
    ).toBe(false);
    expect(
      shouldShowPremiumPopup({
        now,
        lastShown: null,
        viewer: { isPremium: false, isAdmin: true },
        pathname: "/",
      }),
    ).toBe(false);
  });

  it("stays away from the admin area, sign-in, and the membership and payment screens", () => {
    for (const pathname of [
      "/admin",
      "/admin/users",
      "/auth",
      "/checkout",
      "/checkout/pay",
      "/payment-success",
      "/payment-canceled",
      "/subscription",
      "/billing",
      "/manage-subscription",
      "/billing-management",
    ]) {
      expect(isQuietPath(pathname), pathname).toBe(true);
      expect(
        shouldShowPremiumPopup({ now, lastShown: null, viewer: free, pathname }),
        pathname,
      ).toBe(false);
    }
    for (const pathname of [
      "/",
      "/administrators-guide",
      "/authors",
      "/discussions/billing-question",
      "/forgot-password",
    ]) {
      expect(isQuietPath(pathname), pathname).toBe(false);
    }
  });

  it("counts the day in local time and the wait from the page load", () => {
    expect(localDay(new Date(2030, 0, 5, 0, 0))).toBe("2030-01-05");
    expect(localDay(new Date(2030, 11, 31, 23, 59))).toBe("2030-12-31");
    expect(popupWait(1_000, 1_000)).toBe(20_000);
    expect(popupWait(1_000, 16_000)).toBe(5_000);
    expect(popupWait(1_000, 60_000)).toBe(0);
  });
});
