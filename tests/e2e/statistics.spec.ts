import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration, openAdminScreen } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * The statistics screen: an admin reaches it through the admin navigation, reads the members,
 * active members and retention figures, switches the range and downloads the CSV; axe; it fits
 * 390 px and reads right to left in Arabic; members are refused.
 */

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => v.id),
  ).toEqual([]);
}

const numberIn = async (page: Page, testId: string, row: string) => {
  const text = await page
    .getByTestId(testId)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: row, exact: true }) })
    .getByRole("cell")
    .first()
    .innerText();
  return Number(text.replace(/[^\d]/g, ""));
};

test("an admin reads the community's figures, switches range and downloads them", async ({
  page,
}) => {
  test.slow();
  await signIn(page, ACCOUNTS.admin);
  await openAdminScreen(page, "Statistics");
  await expect(page.getByRole("heading", { level: 2, name: "Statistics" })).toBeVisible();
  await waitForHydration(page);
  expect(await numberIn(page, "statistics-totals", "Members")).toBeGreaterThan(0);
  // The admin's own page views make them active today, this week and this month.
  await expect(async () => {
    await page.reload();
    expect(await numberIn(page, "statistics-active", "Daily active (today)")).toBeGreaterThan(0);
  }).toPass({ timeout: 15_000 });
  expect(await numberIn(page, "statistics-active", "Monthly active (30 days)")).toBeGreaterThan(0);
  await expect(
    page.getByTestId("statistics-retention").getByRole("columnheader", { name: "Week 0" }),
  ).toBeVisible();
  await expect(
    page.getByTestId("statistics-revenue").getByRole("link", { name: "Billing" }),
  ).toHaveAttribute("href", "/admin/billing");
  // The chart's numbers are in a table beside it.
  const joined = page.getByTestId("statistics-joined");
  await joined.getByText("Show the numbers as a table").click();
  await expect(joined.getByRole("table")).toBeVisible();

  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByTestId("statistics-dau").locator("tbody tr")).toHaveCount(7);
  await waitForHydration(page);
  await noSeriousViolations(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
});

test("the statistics screen fits a phone and reads right to left in Arabic", async ({
  page,
  baseURL,
}, testInfo) => {
  await signIn(page, ACCOUNTS.admin);
  for (const locale of ["en", "ar"]) {
    await page.context().addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/statistics");
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expect(page.getByTestId("admin-screen-title")).toBeVisible();
      await waitForHydration(page);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({
        path: testInfo.outputPath(`statistics-${locale}-${width}.png`),
        fullPage: true,
      });
    }
  }
});

test("members are refused the statistics screen", async ({ page }) => {
  await signUpNewMember(page, `Counting ${Date.now()}`);
  const answer = await page.goto("/admin/statistics");
  expect(answer?.status()).toBe(403);
  const csv = await page.request.get("/admin/statistics.csv");
  expect(csv.status()).toBe(403);
});
