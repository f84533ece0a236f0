import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember } from "./fixtures";
import {
  STABLE_PICTURE,
  animationsDone,
  expectNoHorizontalOverflow,
  expectNoOverlap,
  expectWithinViewportWidth,
} from "./layout-facts";

const GATE_TEXT = "Get personalized recommendations with full membership.";
const REASON =
  /^(Because you (read|liked|replied to|wrote|follow|enjoy)|Popular with members who like|Trending in the community|Featured by the moderators|New in )/;

/** The popup, by its title in the page's language ("Go further with full membership" in English). */
function popup(page: Page, title: string | RegExp = "Go further with full membership") {
  return page.getByRole("dialog", { name: title });
}

/**
 * Lets fake time pass in 4 s steps until the popup is due and shows. Playwright's fake clock keeps
 * running across reloads, so after one it may already be due: steps shorter than its 10 s on
 * screen never jump past it.
 */
async function waitForPopup(page: Page, title?: string | RegExp) {
  await expect(async () => {
    await page.clock.fastForward(4_000);
    await expect(popup(page, title)).toBeVisible({ timeout: 300 });
  }).toPass({ intervals: [100], timeout: 20_000 });
}

/** The member's local day, as the popup stores it. */
function localDay(page: Page) {
  return page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  });
}

test.describe("Today's Recommendations", () => {
  // A brand-new member is free for sure (other specs upgrade the shared ACCOUNTS.member).
  test("a free member gets the Premium gate with status 403", async ({ page }) => {
    await signUpNewMember(page, "Gated Gwen");
    // Both entry points are offered to every signed-in member: the gate is the upsell.
    const item = page.getByRole("menuitem", { name: "Today's Recommendations" });
    // The menu opens once the page is hydrated: retry the click until it does.
    await expect(async () => {
      await page.getByTestId("user-menu").click();
      await expect(item).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(item).toHaveAttribute("href", "/explore");
    await page.keyboard.press("Escape");
    const response = await page.goto("/explore");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "For full members" })).toBeVisible();
    await expect(page.getByText(GATE_TEXT)).toBeVisible();
    await expect(page.getByTestId("recommendation")).toHaveCount(0);
  });

  test("guests get the gate too", async ({ page }) => {
    const response = await page.goto("/explore");
    expect(response?.status()).toBe(403);
    await expect(page.getByText(GATE_TEXT)).toBeVisible();
  });

  test("a premium member sees explained picks that leave out what they read", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, ACCOUNTS.premium);
    await page.goto("/discussions?category=beginners-circle");
    const read = page.getByTestId("post-row").first().getByRole("heading").getByRole("link");
    const readTitle = (await read.textContent())!.trim();
    await read.click();
    await expect(page.getByRole("heading", { level: 1, name: readTitle })).toBeVisible();

    await page
      .getByRole("complementary", { name: "Main Navigation" })
      .getByRole("link", { name: /Explore\s*For you/ })
      .click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Today's Recommendations" }),
    ).toBeVisible();
    const picks = page.getByTestId("recommendation");
    await expect(picks.first()).toBeVisible();
    const count = await picks.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(12);
    const reasons = await page.getByTestId("recommendation-reason").allTextContents();
    expect(reasons).toHaveLength(count);
    for (const reason of reasons) expect(reason.trim()).toMatch(REASON);
    // Personal now: the reasons go back to the member's own reading, and what they read is not offered again.
    expect(reasons.some((r) => /^(Because you|Popular with members who like)/.test(r.trim()))).toBe(
      true,
    );
    await expect(picks.getByRole("link", { name: readTitle, exact: true })).toHaveCount(0);

    // The same order on a reload the same day.
    const titles = await picks.getByRole("heading").allTextContents();
    const response = await page.reload();
    expect(response?.status()).toBe(200);
    await expect(picks.getByRole("heading")).toHaveText(titles);
  });
});

test.describe("premium popup", () => {
  test("shows a free member the upsell after 20 s, closes on 'Maybe later' and stays away for the day", async ({
    page,
  }) => {
    await page.clock.install();
    await signUpNewMember(page, "Popup Pia");
    await page.goto("/discussions");
    await expect(page.getByRole("heading", { level: 1, name: "Discussions" })).toBeVisible();
    await page.clock.fastForward(20_000);
    const dialog = popup(page);
    await expect(dialog).toBeVisible();
    // Only benefits the product has: from the registry (covens and video sharing now), never
    // grimoires or rituals.
    await expect(dialog.getByText("Personal recommendations every day")).toBeVisible();
    await expect(dialog.getByText(/^Private covens/)).toBeVisible();
    await expect(dialog.getByText("Share your own videos with the community")).toBeVisible();
    await expect(dialog.getByText(/grimoire|ritual/i)).toHaveCount(0);
    await expect(dialog.getByRole("link", { name: "Get full membership" })).toHaveAttribute(
      "href",
      "/subscription",
    );
    expect(await page.evaluate(() => localStorage.getItem("premium_popup_last_shown"))).toBe(
      await localDay(page),
    );

    await dialog.getByRole("button", { name: "Maybe later" }).click();
    await expect(popup(page)).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Discussions" })).toBeVisible();
    await page.clock.fastForward(30_000);
    await expect(popup(page)).toHaveCount(0);
  });

  test("waits 20 s, closes by itself after 10 s and on an outside click, and never shows on /auth", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/about");
    await page.clock.fastForward(10_000);
    await expect(popup(page)).toHaveCount(0);
    await page.goto("/auth");
    await page.clock.fastForward(25_000);
    await expect(popup(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("premium_popup_last_shown"))).toBeNull();

    // Reaching another page after the delay shows it there at once; it then closes itself.
    await page
      .getByRole("complementary", { name: "Main Navigation" })
      .getByRole("link", { name: /^Discussions/ })
      .click();
    await expect(page).toHaveURL(/\/discussions$/);
    await expect(popup(page)).toBeVisible();
    await page.clock.fastForward(10_500);
    await expect(popup(page)).toHaveCount(0);

    // A new day: shown again, and an outside click closes it.
    await page.evaluate(() => localStorage.setItem("premium_popup_last_shown", "2000-01-01"));
    await page.reload();
    await waitForPopup(page);
    await page.mouse.click(5, 5);
    await expect(popup(page)).toHaveCount(0);
  });

  test("never shows for a premium member", async ({ page }) => {
    await page.clock.install();
    await signIn(page, ACCOUNTS.premium);
    await page.goto("/discussions");
    await page.clock.fastForward(25_000);
    await page.clock.fastForward(25_000);
    await expect(popup(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("premium_popup_last_shown"))).toBeNull();
  });
});

test.describe("screenshots", () => {
  for (const locale of ["en", "ar"]) {
    test(`/explore and the popup at 1280 and 390 px (${locale})`, async ({
      browser,
      baseURL,
    }, testInfo) => {
      test.slow();
      const context = await browser.newContext();
      const premium = await context.newPage();
      await signIn(premium, ACCOUNTS.premium);
      await context.addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
      for (const width of [1280, 390]) {
        await premium.setViewportSize({ width, height: 900 });
        await premium.goto("/explore");
        await expect(premium.getByTestId("recommendation").first()).toBeVisible();
        // Which recommendations show depends on what other specs did: facts, not pixels.
        await expectNoHorizontalOverflow(premium);
        await expectWithinViewportWidth(premium, premium.getByTestId("recommendation"));
        await expectNoOverlap(premium.getByTestId("recommendation"));
        await premium.screenshot({
          path: testInfo.outputPath(`explore-${locale}-${width}.png`),
          fullPage: true,
        });
      }
      await context.close();

      // A fresh guest per width: its own storage and its own fake clock.
      for (const width of [1280, 390]) {
        const guestContext = await browser.newContext({ viewport: { width, height: 900 } });
        await guestContext.addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
        const guest = await guestContext.newPage();
        await guest.clock.install();
        await guest.goto("/discussions");
        // Any title: in Arabic it is translated.
        await waitForPopup(guest, locale === "en" ? undefined : /.+/);
        const dialog = popup(guest, locale === "en" ? undefined : /.+/);
        await animationsDone(dialog);
        // The popup holds only translated texts: its picture is the same every run.
        await expect(dialog).toHaveScreenshot(`popup-${locale}-${width}.png`, STABLE_PICTURE);
        await expectWithinViewportWidth(guest, dialog);
        if (width === 390) {
          await guest.goto("/explore");
          const gate = guest.getByRole("main");
          await expect(gate.getByRole("link").first()).toBeVisible();
          await expect(gate).toHaveScreenshot(`explore-gate-${locale}-390.png`, STABLE_PICTURE);
          await expectNoHorizontalOverflow(guest);
        }
        await guestContext.close();
      }
    });
  }
});
