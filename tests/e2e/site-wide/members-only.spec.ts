import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS, signIn } from "../fixtures";

/*
 * Site-wide settings change what every visitor sees, so this file runs in its own Playwright
 * project after the others (playwright.config.ts) and puts the setting back when done.
 */

const THREAD = "Choosing your first tarot deck";
const THREAD_PATH = "/discussions/choosing-your-first-tarot-deck";
const BODY_TEXT = "the one whose art you want to look at every day";
const main = (page: Page) => page.getByRole("main");

async function setMembersOnly(browser: Browser, on: boolean) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, ACCOUNTS.admin, "/admin/settings");
  const box = admin.getByRole("checkbox", { name: "Members-only reading" });
  await box.setChecked(on);
  await admin.getByRole("button", { name: "Save", exact: true }).click();
  await expect(admin.getByText(/Settings saved\.|Nothing changed\./)).toBeVisible();
  await admin.reload();
  await expect(admin.getByRole("checkbox", { name: "Members-only reading" })).toBeChecked({
    checked: on,
  });
  await context.close();
}

test.describe.serial("members-only reading", () => {
  test.afterAll(async ({ browser }) => {
    await setMembersOnly(browser, false);
  });

  test("open by default: a guest reads a thread, a profile and the member list", async ({
    page,
  }) => {
    await page.goto(THREAD_PATH);
    await expect(main(page).getByText(BODY_TEXT)).toBeVisible();
    expect((await page.goto("/members"))?.status()).toBe(200);
    expect((await page.goto("/profile/selene-ashgrove"))?.status()).toBe(200);
  });

  test("the admin turns it on; a guest sees titles and the sign-up screen, not bodies, profiles or the member list", async ({
    browser,
    page,
  }) => {
    await setMembersOnly(browser, true);

    await page.goto("/discussions");
    await expect(page.getByTestId("members-only-notice")).toBeVisible();
    const row = page.getByTestId("post-row").filter({ hasText: THREAD });
    await expect(row).toBeVisible();
    await expect(main(page).getByText(BODY_TEXT)).toHaveCount(0);

    // Following the title (a client-side navigation) leads to the sign-up screen with that title.
    await row.getByRole("link", { name: THREAD }).click();
    await expect(page).toHaveURL(THREAD_PATH);
    const screen = page.getByTestId("members-only");
    await expect(screen.getByRole("heading", { level: 1, name: THREAD })).toBeVisible();
    await expect(screen.getByRole("link", { name: "Join free" })).toHaveAttribute(
      "href",
      `/auth?tab=signup&redirectTo=${encodeURIComponent(THREAD_PATH)}`,
    );
    await expect(main(page).getByText(BODY_TEXT)).toHaveCount(0);

    // The server answers 401 and never sends the body, also to a fresh load without JavaScript's help.
    const response = await page.request.get(THREAD_PATH);
    expect(response.status()).toBe(401);
    expect(await response.text()).not.toContain(BODY_TEXT);

    for (const path of ["/members", "/profile/selene-ashgrove"]) {
      expect((await page.goto(path))?.status(), path).toBe(401);
      await expect(page.getByTestId("members-only")).toBeVisible();
      // Neither the list's entries nor the profile's bio.
      await expect(main(page).getByRole("link", { name: /Selene Ashgrove/ })).toHaveCount(0);
      await expect(main(page).getByText("Tarot reader for twelve years")).toHaveCount(0);
    }

    // The home page keeps its circles but not its member highlights.
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Respected voices" })).toHaveCount(0);
  });

  test("search gives a guest titles only and no members; sitemap.xml and robots.txt leave member pages out", async ({
    page,
  }) => {
    await page.goto("/search?q=tarot");
    await expect(main(page).getByRole("link", { name: THREAD })).toBeVisible();
    await expect(main(page).getByText(BODY_TEXT)).toHaveCount(0);
    const people = await (await page.request.get("/api/search?q=Selene")).json();
    expect(people.results.filter((r: { kind: string }) => r.kind === "member")).toEqual([]);
    // "art you want" is only in the body: a guest finds no discussion by it (spelling correction
    // may turn the words into ones an information page holds, which guests may read).
    const byBody = await (
      await page.request.get(`/api/search?q=${encodeURIComponent("whose art")}`)
    ).json();
    expect(byBody.results.filter((r: { kind: string }) => r.kind !== "page")).toEqual([]);

    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/discussions</loc>");
    expect(sitemap).not.toContain("/members</loc>");
    const robots = await (await page.request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /members");
  });

  test("a signed-in member reads everything as before", async ({ page }) => {
    await signIn(page, ACCOUNTS.member, THREAD_PATH);
    await expect(main(page).getByText(BODY_TEXT)).toBeVisible();
    await page.goto("/members");
    await expect(main(page).getByText("Selene Ashgrove")).toBeVisible();
    const people = await (await page.request.get("/api/search?q=Selene")).json();
    expect(people.results.some((r: { kind: string }) => r.kind === "member")).toBe(true);
  });
});
