import AxeBuilder from "@axe-core/playwright";
import { devices, expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration, openAdminScreen } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * Analytics for admins: the observatory shows a page view made in another browser without a
 * reload; the analytics screen counts it, offers its ranges and the CSV; both screens pass axe,
 * fit 390 px and read right to left in Arabic; members are refused.
 */

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => v.id),
  ).toEqual([]);
}

test("an admin watches a visitor's page view arrive in the observatory live", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers, a crawler, two axe scans and a download.
  test.slow();
  await signIn(page, ACCOUNTS.admin);
  await openAdminScreen(page, "Observatory");
  await expect(page.getByRole("heading", { level: 2, name: "Observatory" })).toBeVisible();
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("data-realtime", "open");
  const views = page.getByTestId("latest-views");
  const videoRows = views.getByRole("row").filter({ hasText: "/videos" });
  const before = await videoRows.count();

  // A guest in another browser opens a page, then moves to another one in the page.
  // (A browser as people use it: headless Chromium's own user agent is recognised as a bot.)
  const guest = await browser.newContext({ ...devices["Desktop Chrome"], baseURL });
  const visitor = await guest.newPage();
  const served = await visitor.goto("/videos");
  expect(served?.status()).toBe(200);

  await expect(videoRows).toHaveCount(before + 1, { timeout: 15_000 });
  await expect(videoRows.first()).toContainText("Guest");
  await expect(page.getByTestId("online-now")).not.toHaveText("0");
  await guest.close();

  // A crawler's visit is a crawler hit, not a page view.
  const crawlerRows = page
    .getByTestId("latest-crawlers")
    .getByRole("row")
    .filter({ hasText: "/covens" });
  const crawlersBefore = await crawlerRows.count();
  const bot = await page.request.get("/covens", {
    headers: {
      "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    },
  });
  expect(bot.ok()).toBe(true);
  await expect(crawlerRows).toHaveCount(crawlersBefore + 1, { timeout: 15_000 });
  await expect(crawlerRows.first()).toContainText("Googlebot");
  await expect(views.getByRole("row").filter({ hasText: "/covens" })).toHaveCount(0);

  await noSeriousViolations(page);

  // The analytics screen, through the navigation, counts the views of today.
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Analytics" })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Analytics" })).toBeVisible();
  // Today's top pages: whichever the other specs visited most, so any page, not necessarily /videos.
  const pages = page.getByTestId("analytics-pages");
  await expect(pages.getByRole("rowheader").first()).toBeVisible();
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page).toHaveURL(/days=7/);
  await waitForHydration(page);
  await noSeriousViolations(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
});

test("a search that found nothing is listed on the analytics screen, marked in words", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  // Ties are listed alphabetically: a leading digit keeps it in the first 20 among single searches.
  const term = `0zqxv${Date.now()}`;
  await page.goto(`/search?q=${term}`);
  await waitForHydration(page);
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Analytics" })
    .click();
  const row = page
    .getByTestId("analytics-zero-searches")
    .getByRole("row")
    .filter({ hasText: term });
  await expect(row).toContainText("No results");
});

test("both screens fit a phone and read right to left in Arabic", async ({
  page,
  baseURL,
}, testInfo) => {
  await signIn(page, ACCOUNTS.admin);
  for (const locale of ["en", "ar"]) {
    await page.context().addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const screen of ["analytics", "observatory"]) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/admin/${screen}`);
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await expect(page.getByTestId("admin-screen-title")).toBeVisible();
        await waitForHydration(page);
        await expectNoHorizontalOverflow(page);
        await page.screenshot({
          path: testInfo.outputPath(`${screen}-${locale}-${width}.png`),
          fullPage: true,
        });
      }
    }
  }
});

test("members are refused the analytics screens", async ({ page }) => {
  await signUpNewMember(page, `Curious ${Date.now()}`);
  for (const path of ["/admin/analytics", "/admin/observatory"]) {
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(403);
  }
  const csv = await page.request.get("/admin/analytics.csv");
  expect(csv.status()).toBe(403);
});
