import { expect, test } from "@playwright/test";
import { signOut, uniqueEmail } from "./fixtures";

test("a visitor signs up, signs in again, edits settings and signs out", async ({ page }) => {
  const email = uniqueEmail("seeker");
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Display name").fill("Willow Seeker");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("main").getByRole("button", { name: "Create account" }).click();
  // Bad input: an inline error, and what was typed is still there.
  await expect(page.getByText("The password must have at least 8 characters.")).toBeVisible();
  await expect(page.getByLabel("Display name")).toHaveValue("Willow Seeker");
  await expect(page.getByLabel("E-mail")).toHaveValue(email);

  await page.getByLabel("Password").fill("willow-password-1");
  await page.getByRole("main").getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Your dashboard" })).toBeVisible();
  // The first visit is greeted as one; "Welcome back" is for later visits.
  await expect(page.getByText("Welcome to the community, Willow Seeker")).toBeVisible();
  await expect(page.getByText("Welcome back")).toHaveCount(0);

  await signOut(page);

  // A wrong password and the right one.
  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("not-my-password");
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect e-mail or password.");
  await page.getByLabel("Password").fill("willow-password-1");
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/settings");
  await page.getByLabel("Display name").fill("Willow of the Grove");
  await page.getByLabel("About you").fill("Hedge witch in training.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();

  await page.goto("/profile");
  await expect(page.getByRole("main").getByText("Willow of the Grove")).toBeVisible();
  await expect(page.getByRole("main").getByText("Hedge witch in training.")).toBeVisible();

  await signOut(page);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings$/);
});

test("sign-in returns to the page the visitor came from", async ({ page }) => {
  const email = uniqueEmail("returner");
  await page.goto("/auth?tab=signup&redirectTo=%2Fprofile");
  await page.getByLabel("Display name").fill("Returning Raven");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("raven-password-1");
  await page.getByRole("main").getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "Your profile", exact: true })).toBeVisible();
});
