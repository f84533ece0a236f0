import { expect, type Page } from "@playwright/test";

/** The accounts scripts/e2e-server.mjs creates before the server starts. */
export const ACCOUNTS = {
  admin: { email: "admin@e2e.test", password: "admin-password-1", name: "Ada Admin" },
  premium: { email: "premium@e2e.test", password: "premium-password-1", name: "Perry Premium" },
  member: { email: "member@e2e.test", password: "member-password-1", name: "Mona Member" },
} as const;

export async function signIn(page: Page, account: { email: string; password: string }, redirectTo?: string) {
  await page.goto(redirectTo ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

export async function signOut(page: Page) {
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
}

let unique = 0;
export function uniqueEmail(prefix: string) {
  unique += 1;
  return `${prefix}-${Date.now()}-${unique}@e2e.test`;
}

/** Signs up a brand-new free member (other specs may upgrade the shared accounts). */
export async function signUpNewMember(page: Page, name: string) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"));
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Display name").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("fresh-member-password");
  await page.getByRole("main").getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password: "fresh-member-password", name };
}
