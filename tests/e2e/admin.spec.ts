import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn } from "./fixtures";

test("guests are sent to sign in and members get 403 under /admin", async ({ page }) => {
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fusers$/);

  await signIn(page, ACCOUNTS.premium);
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Unauthorized access" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Content Management" })).toHaveCount(0);
});

test("an admin changes a member's tier and the member sees it on their dashboard", async ({
  page,
  browser,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  // The side navigation is hidden in the admin area.
  await expect(page.getByRole("complementary", { name: "Main Navigation" })).toHaveCount(0);

  await page.goto("/admin/users");
  await page.getByLabel("Search by name or e-mail").fill("member@e2e.test");
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId(`user-row-${ACCOUNTS.member.email}`);
  await row.getByLabel(/^Tier/).selectOption("full");
  await row.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(`${ACCOUNTS.member.name} was updated.`)).toBeVisible();

  await page.goto("/admin/audit");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: "member.tier" })
      .filter({ hasText: "free → full" })
      .first(),
  ).toBeVisible();

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, ACCOUNTS.member);
  await member.goto("/dashboard");
  await expect(member.getByTestId("membership")).toContainText("Your plan: Full");
  await expect(member.getByTestId("membership")).toContainText("Your full membership is active.");
  await memberContext.close();
});

test("an admin edits the site name and theme colour", async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto("/admin/settings");
  await page.getByLabel("Primary colour").fill("purple");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Enter exactly six hex digits, with or without #.")).toBeVisible();
  await expect(page.getByLabel("Primary colour")).toHaveValue("purple");

  await page.getByLabel("Primary colour").fill("7C3AED");
  await page.getByLabel("Site name").fill("Moonlit Sanctuary");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Moonlit Sanctuary" })).toBeVisible();
  const style = await page.locator("head style").first().innerHTML();
  expect(style).toContain("--primary-hsl:262 83% 58%");

  await page.goto("/admin/settings");
  await page.getByLabel("Site name").fill("Sanctuary");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
});
