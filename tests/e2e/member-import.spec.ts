import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, waitForHydration, openAdminScreen } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * An admin imports members: through the admin navigation to the import screen, a small CSV
 * previewed and mapped, the job run by the server's workers while the progress bar fills, the
 * error report downloaded; axe on both screens; 390 px and Arabic.
 */

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => v.id),
  ).toEqual([]);
}

function memberFile(tag: string): Buffer {
  return Buffer.from(
    [
      "Email,Display name,Tier,Language",
      `ada-${tag}@import.test,Ada Lovelace,full,en`,
      `"hypatia-${tag}@import.test","Hypatia, of Alexandria",premium,ar`,
      `not-an-address,Nobody,free,en`,
      `tycho-${tag}@import.test,Tycho Brahe,platinum,de`,
      `john-${tag}@import.test,John Dee,,`,
    ].join("\n"),
  );
}

test("an admin uploads a CSV, maps its columns, watches the import finish and downloads the errors", async ({
  page,
}) => {
  test.slow();
  await signIn(page, ACCOUNTS.admin);
  await openAdminScreen(page, "Member import");
  await expect(page.getByRole("heading", { level: 2, name: "Import members" })).toBeVisible();
  await waitForHydration(page);

  await page.getByLabel("CSV file").setInputFiles({
    name: "members.csv",
    mimeType: "text/csv",
    buffer: memberFile(`${Date.now()}`),
  });
  const preview = page.getByTestId("import-preview");
  await expect(preview.getByRole("columnheader", { name: "Display name" })).toBeVisible();
  await expect(preview.getByRole("row")).toHaveCount(6);
  await expect(preview).toContainText("Hypatia, of Alexandria");
  await expect(page.getByTestId("import-row-count")).toHaveText("Rows in the file: 5");
  // The header's names chose the columns; the admin can change them.
  await expect(page.getByLabel("E-mail (required)")).toHaveValue("0");
  await expect(page.getByLabel("Display name (required)")).toHaveValue("1");
  await expect(page.getByLabel("Language", { exact: true })).toHaveValue("3");
  await page.getByLabel("Tier", { exact: true }).selectOption({ label: "— Not in the file —" });
  await page.getByLabel("Tier", { exact: true }).selectOption({ label: "Tier" });
  await noSeriousViolations(page);

  await page.getByRole("button", { name: "Start import" }).click();
  await expect(page).toHaveURL(/\/admin\/import\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole("heading", { level: 2, name: "Import of members.csv" }),
  ).toBeVisible();
  const bar = page.getByRole("progressbar");
  await expect(page.getByTestId("import-status")).toHaveText("Complete", { timeout: 30_000 });
  await expect(bar).toHaveAttribute("aria-valuenow", "5");
  await expect(bar).toHaveAttribute("aria-valuetext", "100 %");
  const figure = (label: string) =>
    page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
  await expect(figure("Not imported")).toHaveText("2");
  await expect(figure("New members")).toHaveText("3");
  await waitForHydration(page);
  await noSeriousViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download error report (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^import-errors-[0-9a-f-]{36}\.csv$/);
  const text = readFileSync(await file.path(), "utf8");
  expect(text.trim().split("\n")).toEqual([
    '"Row","E-mail","Reason"',
    '"4","not-an-address","Invalid e-mail address"',
    expect.stringMatching(/^"5","tycho-\d+@import\.test","Unknown tier/),
  ]);

  // The list of imports links to it.
  await page.getByRole("link", { name: "All imports" }).click();
  await expect(
    page.getByTestId("import-jobs").getByRole("link", { name: "members.csv" }).first(),
  ).toBeVisible();
});

test("the import screens fit a phone and read right to left in Arabic", async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  await signIn(page, ACCOUNTS.admin);
  for (const locale of ["en", "ar"]) {
    await page.context().addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/import");
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await waitForHydration(page);
      await page.locator("#import-file").setInputFiles({
        name: "members.csv",
        mimeType: "text/csv",
        buffer: memberFile(`${locale}${width}`),
      });
      await expect(page.getByTestId("import-preview")).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({
        path: testInfo.outputPath(`import-${locale}-${width}.png`),
        fullPage: true,
      });
      const job = page.getByTestId("import-jobs").getByRole("link").first();
      if ((await job.count()) > 0) {
        await job.click();
        await expect(page.getByRole("progressbar")).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await page.screenshot({
          path: testInfo.outputPath(`import-job-${locale}-${width}.png`),
          fullPage: true,
        });
      }
    }
  }
});
