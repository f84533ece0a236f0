import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, waitForHydration } from "./fixtures";

/*
 * axe finds no serious or critical violation on the pages the link walk (walk.spec.ts) reaches:
 * the shell's own pages for a guest, and a member's pages signed in. The walk proves the links
 * lead there; this opens each page directly and checks what it renders once hydrated.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

/** Opens `path` and waits until the page has hydrated (the router is there) and rendered. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("main")).toBeVisible();
  await waitForHydration(page);
}

const GUEST_PAGES = [
  "/",
  "/discussions",
  "/members",
  "/help",
  "/help/guidelines",
  "/faq",
  "/about",
  "/privacy",
  "/terms",
  "/refunds",
  "/sitemap",
  "/auth",
  "/subscription",
  "/free-courses",
  "/tutorials-landing",
  "/sacred-oils",
  "/testimonials",
];
const MEMBER_PAGES = [
  "/dashboard",
  "/settings",
  "/profile",
  "/notifications",
  "/messages",
  "/explore",
  "/discussions/new",
  "/testimonials",
];

test.describe("axe finds no serious violation", () => {
  for (const path of GUEST_PAGES) {
    test(`for a guest on ${path}`, async ({ page }) => {
      await open(page, path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
  for (const path of MEMBER_PAGES) {
    test(`for a member on ${path}`, async ({ page }) => {
      await signIn(page, ACCOUNTS.member);
      await open(page, path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
