import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn, uniqueEmail } from "./fixtures";

test("forgot → reset password through the outbox", async ({ page, browser }) => {
  const email = uniqueEmail("forgetful");
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Display name").fill("Forgetful Fern");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("first-password-1");
  await page.getByRole("main").getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().clearCookies();

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that e-mail");

  // Without SMTP the message waits in the outbox, which admins can read.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto("/admin/outbox");
  const message = admin.getByTestId("outbox-email").filter({ hasText: email }).first();
  await message.locator("summary").click();
  const body = await message.locator("pre").innerText();
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(body)?.[0];
  expect(link).toBeTruthy();
  await adminContext.close();

  await page.goto(link!);
  await page.getByLabel("New password", { exact: true }).fill("second-password-2");
  await page.getByLabel("Confirm new password").fill("second-password-2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status")).toHaveText("Your password has been changed. You can sign in with it now.");

  // The link works once.
  await page.goto(link!);
  await page.getByLabel("New password", { exact: true }).fill("third-password-3");
  await page.getByLabel("Confirm new password").fill("third-password-3");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText("This reset link is invalid or has expired.");

  await signIn(page, { email, password: "second-password-2" });
  await expect(page).toHaveURL(/\/dashboard$/);
});
