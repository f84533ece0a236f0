import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn } from "../fixtures";

/* A site-wide setting: runs in the site-wide project after the other files (playwright.config.ts). */

test("the admin configures the comparison table; it shows only rows that are true and favourable", async ({
  browser,
  page,
}) => {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, ACCOUNTS.admin, "/admin/billing");
  const editor = admin.getByTestId("comparison-editor");
  const community = editor.getByTestId("comparison-row-communitySize");
  // The e2e community is far below the competitors' default "< 500".
  await expect(community.getByTestId("comparison-row-status")).toHaveText(
    "Hidden: a competitor claims a better figure",
  );
  await expect(
    editor.getByTestId("comparison-row-grimoireAccess").getByTestId("comparison-row-status"),
  ).toHaveText("Hidden: the product does not have this yet");

  await editor.getByLabel("Competitor 1").fill("Academy X");
  // Each row's fields are labelled with the competitors' names as saved (the defaults until now).
  await community.getByLabel("Typical course sites").fill("< 5");
  await community.getByLabel("Free forums").fill("");
  const support = editor.getByTestId("comparison-row-prioritySupport");
  await support.getByLabel("Ours", { exact: true }).fill("Within a day");
  await editor
    .getByTestId("comparison-row-guarantee")
    .getByRole("checkbox", { name: "Show this row" })
    .uncheck();
  await editor.getByRole("button", { name: "Save comparison" }).click();
  await expect(admin.getByText("Comparison saved.")).toBeVisible();
  await expect(community.getByTestId("comparison-row-status")).toHaveText("Shown");
  await expect(
    editor.getByTestId("comparison-row-guarantee").getByTestId("comparison-row-status"),
  ).toHaveText("Hidden: turned off");

  await page.goto("/subscription");
  const table = page.getByTestId("comparison-table");
  await expect(table.getByRole("columnheader", { name: "Academy X" })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "Community size" })).toBeVisible();
  await expect(table.locator('[data-row="prioritySupport"]')).toContainText("Within a day");
  await expect(table.getByRole("rowheader", { name: "Money-back guarantee" })).toHaveCount(0);
  await expect(table.getByRole("rowheader", { name: "Grimoire access" })).toHaveCount(0);

  // A text too long comes back with its field marked, nothing saved.
  await support.getByLabel("Ours", { exact: true }).fill("x".repeat(81));
  await editor.getByRole("button", { name: "Save comparison" }).click();
  await expect(support.getByText("Keep it to 80 characters or fewer.")).toBeVisible();

  // Back to the defaults for anyone running after this.
  await admin.goto("/admin/billing");
  for (const [row, first, second] of [["communitySize", "< 500", "< 500"]] as const) {
    const fieldset = editor.getByTestId(`comparison-row-${row}`);
    await fieldset.getByLabel("Academy X").fill(first);
    await fieldset.getByLabel("Free forums").fill(second);
  }
  await editor.getByLabel("Competitor 1").fill("");
  await support.getByLabel("Ours", { exact: true }).fill("");
  await editor
    .getByTestId("comparison-row-guarantee")
    .getByRole("checkbox", { name: "Show this row" })
    .check();
  await editor.getByRole("button", { name: "Save comparison" }).click();
  await expect(admin.getByText("Comparison saved.")).toBeVisible();
  await context.close();
});
