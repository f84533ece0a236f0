import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { parseMail, type CaughtMail } from "../helpers/mail-catcher";

/** The accounts scripts/e2e-server.mjs creates before the server starts. */
export const ACCOUNTS = {
  admin: { email: "admin@e2e.test", password: "admin-password-1", name: "Ada Admin" },
  premium: { email: "premium@e2e.test", password: "premium-password-1", name: "Perry Premium" },
  member: { email: "member@e2e.test", password: "member-password-1", name: "Mona Member" },
} as const;

export async function signIn(
  page: Page,
  account: { email: string; password: string },
  redirectTo?: string,
) {
  await page.goto(redirectTo ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

export async function signOut(page: Page) {
  const signOutItem = page.getByRole("menuitem", { name: "Sign Out" });
  await openMenu(page.getByTestId("user-menu"), signOutItem);
  await signOutItem.click();
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

/** Every e-mail delivered to `to` so far whose subject matches, oldest first. */
function mailsTo(to: string, subject: RegExp): CaughtMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set (playwright.config.ts sets it)");
  return readdirSync(dir)
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }))
    .map((file) => readFileSync(path.join(dir, file), "utf8"))
    .map((raw) => {
      const firstLine = raw.indexOf("\r\n");
      return parseMail(
        raw.slice(firstLine + 2),
        raw.slice("X-Recipients: ".length, firstLine).split(","),
      );
    })
    .filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
}

/**
 * The `count`-th e-mail (1 = the first) to `to` whose subject matches, from the mailbox folder
 * of the e2e server (it delivers over SMTP to a local server); polls until it has arrived.
 */
export async function nthMail(to: string, subject: RegExp, count: number): Promise<CaughtMail> {
  await expect.poll(() => mailsTo(to, subject).length).toBeGreaterThanOrEqual(count);
  const mail = mailsTo(to, subject)[count - 1];
  if (!mail) throw new Error(`Mail ${count} to ${to} matching ${subject} went away`);
  return mail;
}

/**
 * Waits until React has taken over the page: the router exists and the page's main element
 * carries React's props. A click or a select before that is a plain HTML one (a full page load,
 * or nothing for a control that only works with JavaScript).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return (
      "__reactRouterDataRouter" in window &&
      main !== null &&
      Object.keys(main).some((key) => key.startsWith("__reactProps"))
    );
  });
}

/**
 * Opens a menu by clicking its trigger. A click that lands before the page has hydrated (or
 * before the menu's lazily loaded part is there) does nothing, so it is repeated until the menu
 * shows; a click that came through is never repeated (it would close the menu again).
 */
export async function openMenu(trigger: Locator, opened: Locator): Promise<void> {
  await expect(async () => {
    if (!(await opened.isVisible())) await trigger.click();
    await expect(opened).toBeVisible({ timeout: 1000 });
  }).toPass();
}

/**
 * Opens an admin screen as an admin does: /admin, then the screen's link in the admin navigation
 * (a client navigation). The click waits for hydration: one that lands before it can be lost.
 */
export async function openAdminScreen(page: Page, linkName: string): Promise<void> {
  await page.goto("/admin");
  await waitForHydration(page);
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: linkName })
    .click();
}
