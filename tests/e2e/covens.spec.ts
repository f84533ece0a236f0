import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * Covens end to end: a premium member creates a request-only coven from the side navigation, a
 * second premium member finds it in the list and asks to join with a message, the owner approves
 * from the coven's settings; a free member meets the Premium gate with SPEC's text. axe checks
 * the list and the coven page; both are photographed at 1280 and 390 px in English and Arabic.
 */

const SPEC_FALLBACK =
  "Join our premium community to access exclusive covens and connect with like-minded practitioners.";

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  // The daily premium popup (20 s after the first page) would cover what is being clicked.
  await context.addInitScript(() => {
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    localStorage.setItem("premium_popup_last_shown", day);
  });
  return { context, page: await context.newPage() };
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

/** Follows a link of the side navigation ("Covens & Communities"); Covens may carry its badge. */
async function sideNavLink(page: Page, name: string) {
  const nav = page.getByRole("complementary", { name: "Main Navigation" });
  await nav.getByRole("link", { name: new RegExp(`^${name}( [\\d,.]+)?$`) }).click();
}

test("a premium member creates a request-only coven, another asks to join, the owner approves", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const covenName = `Moonlit Study Circle ${stamp}`;

  // A second premium member: a new account the admin grants full membership to.
  const seeker = await newPage(browser);
  const seekerAccount = await signUpNewMember(seeker.page, `Selene Seeker ${stamp}`);
  const admin = await newPage(browser);
  await signIn(admin.page, ACCOUNTS.admin);
  await admin.page.goto(`/admin/subscriptions?q=${encodeURIComponent(seekerAccount.email)}`);
  const row = admin.page.getByTestId(`subscription-row-${seekerAccount.email}`);
  await row.getByRole("button", { name: `Grant full membership to ${seekerAccount.name}` }).click();
  const grant = admin.page.getByRole("dialog", {
    name: `Grant full membership to ${seekerAccount.name}?`,
  });
  await grant.getByLabel("Reason").fill("Coven end-to-end test");
  await grant.getByRole("button", { name: "Grant full membership" }).click();
  await expect(row.getByTestId("membership-state")).toHaveText("Active");
  await admin.context.close();

  // The owner creates the coven from the side navigation.
  const owner = await newPage(browser);
  const o = owner.page;
  await signIn(o, ACCOUNTS.premium);
  await waitForHydration(o);
  await sideNavLink(o, "Create Coven");
  await expect(o.getByRole("heading", { level: 1, name: "Create a coven" })).toBeVisible();
  const form = o.getByRole("main");
  await form.getByLabel("Name").fill(covenName);
  await form.getByLabel("Description").fill("We read the **moon** together, every week.");
  await form.getByLabel("Traditions and themes").fill("lunar, tarot");
  await form.getByLabel("Language", { exact: true }).selectOption("en");
  await form.getByLabel("By request").check();
  await form.getByRole("button", { name: "Create coven" }).click();
  await expect(o.getByRole("heading", { level: 1, name: covenName })).toBeVisible();
  await expect(o.getByText("You are its Owner")).toBeVisible();
  const covenPath = new URL(o.url()).pathname;

  // The seeker finds it in the list and asks to join, with a message.
  const s = seeker.page;
  await s.goto("/");
  await waitForHydration(s);
  await sideNavLink(s, "Covens");
  await expect(s.getByRole("heading", { level: 1, name: "Covens" })).toBeVisible();
  await s.getByLabel("Search by name").fill(covenName);
  await s.getByRole("button", { name: "Apply" }).click();
  await s.getByRole("link", { name: covenName }).click();
  await expect(s.getByRole("heading", { level: 1, name: covenName })).toBeVisible();
  await s.getByLabel("A message to the leaders (optional)").fill("I keep a lunar diary.");
  await s.getByRole("button", { name: "Ask to join" }).click();
  await expect(s.getByText("Your request is waiting for a leader's approval.")).toBeVisible();

  // The owner approves it from the settings tab.
  await o.reload();
  await waitForHydration(o);
  await o
    .getByRole("navigation", { name: "Coven sections" })
    .getByRole("link", { name: "Settings" })
    .click();
  const request = o.getByRole("group", { name: `Request from ${seekerAccount.name}` });
  await expect(o.getByText("I keep a lunar diary.")).toBeVisible();
  await request.getByRole("button", { name: "Approve" }).click();
  await expect(o.getByText("The request was approved.")).toBeVisible();
  await expect(o.getByText("No requests are waiting.")).toBeVisible();
  await o
    .getByRole("navigation", { name: "Coven sections" })
    .getByRole("link", { name: "Members" })
    .click();
  await expect(o.getByRole("main").getByRole("link", { name: seekerAccount.name })).toBeVisible();

  // The seeker is a member now, and finds it under My Covens.
  await s.reload();
  await expect(s.getByRole("button", { name: "Leave coven" })).toBeVisible();
  await waitForHydration(s);
  await sideNavLink(s, "My Covens");
  await expect(s.getByRole("link", { name: covenName })).toBeVisible();

  // axe on the list and the coven page with its tabs.
  for (const path of [
    "/covens",
    covenPath,
    `${covenPath}?tab=members`,
    `${covenPath}?tab=settings`,
  ]) {
    await o.goto(path);
    await waitForHydration(o);
    expect(await seriousViolations(o), path).toEqual([]);
  }

  // The layout in English and Arabic, on a desktop and a phone.
  for (const locale of ["en", "ar"]) {
    await owner.context.addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const width of [1280, 390]) {
      await o.setViewportSize({ width, height: 900 });
      for (const [name, path] of [
        ["list", "/covens"],
        ["coven", covenPath],
        ["members", `${covenPath}?tab=members`],
        ["settings", `${covenPath}?tab=settings`],
      ] as const) {
        await o.goto(path);
        await expect(o.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await expect(o.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoHorizontalOverflow(o);
        await o.screenshot({
          path: testInfo.outputPath(`covens-${name}-${locale}-${width}.png`),
          fullPage: true,
        });
      }
    }
  }
  await owner.context.close();
  await seeker.context.close();
});

test("a free member meets the Premium gate with SPEC's text", async ({ browser }) => {
  const free = await newPage(browser);
  const page = free.page;
  await signUpNewMember(page, `Free Wanderer ${Date.now()}`);
  await page.goto("/");
  await waitForHydration(page);
  await sideNavLink(page, "Covens");
  await expect(page.getByText(SPEC_FALLBACK)).toBeVisible();
  // The gate's benefits now honestly include covens (the benefits registry).
  await expect(
    page.getByText("Private covens: join or start small circles of practice"),
  ).toBeVisible();
  await sideNavLink(page, "Create Coven");
  await expect(page.getByRole("heading", { level: 1, name: "For full members" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Get full membership" })).toBeVisible();
  await free.context.close();
});
