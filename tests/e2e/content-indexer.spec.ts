import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration, openAdminScreen } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * The content indexer: an admin opens the tab from the admin navigation, starts a rebuild and
 * watches its progress reach the end; a member is refused the screen.
 */

test("an admin rebuilds the guide's index and watches it finish", async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await openAdminScreen(page, "Content indexer");
  await expect(page.getByRole("heading", { level: 2, name: "Content indexer" })).toBeVisible();
  const sources = page.getByTestId("indexer-sources");
  await expect(sources.getByRole("rowheader", { name: "Pages" })).toBeVisible();
  await expect(sources.getByRole("rowheader", { name: "Discussions" })).toBeVisible();
  await expect(sources.getByRole("rowheader", { name: "Library" })).toBeVisible();
  await waitForHydration(page);

  await page.getByRole("button", { name: "Rebuild the index" }).click();
  await expect(page.getByText("The rebuild has started.")).toBeVisible();
  const run = page.getByTestId("indexer-run");
  // The screen polls: the run goes from waiting to finished without a reload.
  await expect(run).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  const bar = page.getByRole("progressbar", { name: "Rebuild progress" });
  await expect(bar).toBeVisible();
  const max = await bar.getAttribute("aria-valuemax");
  await expect(bar).toHaveAttribute("aria-valuenow", max!);
  await expect(page.getByText("No errors.")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
});

test("SPEC's address leads to the tab, and members are refused", async ({ page }) => {
  await signUpNewMember(page, `Curious ${Date.now()}`);
  const answer = await page.goto("/admin-content-indexer");
  expect(answer?.status()).toBe(403);
  await expect(page.getByRole("button", { name: "Rebuild the index" })).toHaveCount(0);
});
