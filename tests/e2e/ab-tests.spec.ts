import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, uniqueEmail, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

// A/B tests (SPEC §2, §4, §9): the variant is in the server's HTML, kept across visits, and a
// guest who signs up is counted as a conversion of that variant on the admin dashboard.

const CTA_VARIANTS: Record<string, string> = {
  "Join free — no credit card": "A",
  "Start your journey": "B",
  "Join free today": "C",
};

async function conversionsOf(
  page: Page,
  variant: string,
  testId = "cta_button_text",
): Promise<number> {
  const row = page.getByTestId(`ab-test-${testId}`).getByTestId(`ab-variant-${variant}`);
  return Number((await row.getByTestId("conversions").innerText()).replace(/\D/g, ""));
}

test("a guest sees a variant rendered by the server, signs up, and the dashboard counts it", async ({
  browser,
}) => {
  // Three browsers (a guest without and with JavaScript, an admin) and a sign-up.
  test.slow();
  // Without JavaScript: what the server sends is the variant (nothing swapped in later).
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const first = await plain.newPage();
  await first.goto("/");
  const served = (await first.getByTestId("hero-join").innerText()).trim();
  const variant = CTA_VARIANTS[served];
  expect(variant, `unexpected call to action "${served}"`).toBeDefined();
  const cookies = await plain.cookies();
  expect(cookies.map((c) => c.name)).toContain("ab_guest");
  await plain.close();

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, ACCOUNTS.admin);
  await adminPage.goto("/admin");
  await waitForHydration(adminPage);
  await adminPage
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "A/B tests" })
    .click();
  await expect(adminPage).toHaveURL(/\/admin\/ab-tests$/);
  const before = await conversionsOf(adminPage, variant!);

  // The same browser (its guest cookie) with JavaScript: the same variant, before and after hydration.
  const guest = await browser.newContext();
  await guest.addCookies(cookies.filter((c) => c.name === "ab_guest"));
  const page = await guest.newPage();
  await page.goto("/");
  await expect(page.getByTestId("hero-join")).toHaveText(served);
  await waitForHydration(page);
  await expect(page.getByTestId("hero-join")).toHaveText(served);
  await page.getByTestId("hero-join").click();
  await expect(page).toHaveURL(/\/auth\?tab=signup/);
  await page.getByLabel("Display name").fill("Variant Seeker");
  await page.getByLabel("E-mail").fill(uniqueEmail("variant-seeker"));
  await page.getByLabel("Password").fill("fresh-member-password");
  await page.getByRole("main").getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await guest.close();

  await adminPage.reload();
  await expect.poll(() => conversionsOf(adminPage, variant!)).toBeGreaterThanOrEqual(before + 1);
  await admin.close();
});

/** Impressions of one variant of one test on the dashboard. */
async function impressionsOf(page: Page, testId: string, variant: string): Promise<number> {
  const row = page.getByTestId(`ab-test-${testId}`).getByTestId(`ab-variant-${variant}`);
  return Number((await row.getByTestId("impressions").innerText()).replace(/\D/g, ""));
}

test("a guest is shown the academy's two tests from the server, the same on every visit, counted once", async ({
  browser,
}, testInfo) => {
  test.slow();
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, ACCOUNTS.admin);
  await adminPage.goto("/admin/ab-tests");
  await expect(adminPage.getByTestId("ab-test-academy_cta_focus")).toBeVisible();
  const before = {
    cta: { A: 0, B: 0 } as Record<string, number>,
    value: { A: 0, B: 0 } as Record<string, number>,
  };
  for (const v of ["A", "B"]) {
    before.cta[v] = await impressionsOf(adminPage, "academy_cta_focus", v);
    before.value[v] = await impressionsOf(adminPage, "academy_value_proposition", v);
  }

  // Without JavaScript: the server's HTML carries the variants.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const first = await plain.newPage();
  await first.goto("/academy");
  const cta = first.getByTestId("academy-cta").getByRole("link").first();
  const mainText = (await cta.innerText()).trim();
  const ctaVariant = { "Browse courses": "A", "Become a full member": "B" }[mainText];
  expect(ctaVariant, `unexpected main button "${mainText}"`).toBeDefined();
  const valueVariant = (await first.getByTestId("academy-value-detailed").count()) > 0 ? "B" : "A";
  // The guest's id and the tests counted this browser session: the same browser carries both.
  const cookies = (await plain.cookies()).filter((c) => ["ab_guest", "ab_seen"].includes(c.name));
  expect(cookies.map((c) => c.name).sort()).toEqual(["ab_guest", "ab_seen"]);
  await plain.close();

  // The same guest with JavaScript, at 390 px: the same variants before and after hydration.
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await guest.addCookies(cookies);
  const page = await guest.newPage();
  await page.goto("/academy");
  await waitForHydration(page);
  const main = page.getByTestId("academy-cta").getByRole("link").first();
  await expect(main).toHaveText(mainText);
  await expect(page.getByTestId("academy-value-detailed")).toHaveCount(
    valueVariant === "B" ? 1 : 0,
  );
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath("academy-390.png"), fullPage: false });
  await main.click();
  await expect(page).toHaveURL(ctaVariant === "B" ? /\/subscription$/ : /#latest-courses$/);
  await guest.close();

  // One impression per test for this guest, under the variant it was shown.
  await adminPage.reload();
  await expect
    .poll(() => impressionsOf(adminPage, "academy_cta_focus", ctaVariant!))
    .toBe(before.cta[ctaVariant!]! + 1);
  await expect
    .poll(() => impressionsOf(adminPage, "academy_value_proposition", valueVariant))
    .toBe(before.value[valueVariant]! + 1);
  await admin.close();
});

test("the dashboard passes axe, fits a phone and reads right to left", async ({
  page,
}, testInfo) => {
  // An axe scan and three full-page pictures of nine tables.
  test.slow();
  await signIn(page, ACCOUNTS.admin);
  await page.goto("/admin/ab-tests");
  await expect(page.getByRole("heading", { level: 2, name: "A/B tests" })).toBeVisible();
  await expect(page.getByTestId("ab-test-banner_timing")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("ab-tests-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath("ab-tests-390.png"), fullPage: true });
  const { hostname } = new URL(page.url());
  await page
    .context()
    .addCookies([{ name: "i18nextLng", value: "ar", domain: hostname, path: "/" }]);
  await page.goto("/admin/ab-tests");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 2, name: "اختبارات A/B" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath("ab-tests-ar-390.png"), fullPage: true });
  await page.goto("/test-tracking");
  await expect(
    page.getByRole("heading", { level: 1, name: "تعييناتي في الاختبارات" }),
  ).toBeVisible();
});

/**
 * The guest's banner timing variant, asked before the page loads so that the page's own request
 * carries the same guest cookie (the server draws it once).
 */
async function bannerVariant(guest: BrowserContext): Promise<string> {
  const response = await guest.request.get("/api/ab-tests/banner");
  expect(response.ok()).toBe(true);
  const { variant } = (await response.json()) as { variant: string };
  expect(["A", "B", "C"]).toContain(variant);
  return variant;
}

/** Waits for the join banner the way its variant brings it: a delay, or scrolling 30 % down. */
async function revealBanner(page: Page, variant: string): Promise<Locator> {
  const banner = page.getByTestId("join-banner");
  if (variant === "C") {
    // Past both delays, without scrolling: nothing yet.
    await page.waitForTimeout(6_000);
    await expect(banner).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.5));
  }
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toHaveAttribute("data-variant", variant);
  return banner;
}

test("a guest is invited to join at the moment the banner timing variant says; the sign-up counts for it", async ({
  browser,
}, testInfo) => {
  test.slow();
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const variant = await bannerVariant(guest);

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, ACCOUNTS.admin);
  await adminPage.goto("/admin/ab-tests");
  await expect(adminPage.getByTestId("ab-test-banner_timing")).toBeVisible();
  const before = await conversionsOf(adminPage, variant, "banner_timing");

  const page = await guest.newPage();
  await page.goto("/discussions");
  await waitForHydration(page);
  const banner = await revealBanner(page, variant);
  await expectNoHorizontalOverflow(page);
  // Above the floating language and guide buttons, never under them.
  const box = (await banner.boundingBox())!;
  const launcher = (await page.getByTestId("chat-launcher").boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(launcher.y);
  const axe = await new AxeBuilder({ page }).include('[data-testid="join-banner"]').analyze();
  expect(axe.violations).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`join-banner-390-${variant}.png`) });

  await banner.getByRole("link", { name: "Create a free account" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup/);
  // The sign-in screens are quiet: no banner over the form.
  await expect(page.getByTestId("join-banner")).toHaveCount(0);
  await page.getByLabel("Display name").fill("Banner Seeker");
  await page.getByLabel("E-mail").fill(uniqueEmail("banner-seeker"));
  await page.getByLabel("Password").fill("fresh-member-password");
  await page.getByRole("main").getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await guest.close();

  await adminPage.reload();
  await expect
    .poll(() => conversionsOf(adminPage, variant, "banner_timing"))
    .toBeGreaterThanOrEqual(before + 1);
  await admin.close();
});

test("in Arabic the banner reads right to left, and once dismissed it stays away", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const guest = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await guest.addCookies([{ name: "i18nextLng", value: "ar", url: baseURL! }]);
  const variant = await bannerVariant(guest);
  const page = await guest.newPage();
  await page.goto("/discussions");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await waitForHydration(page);
  const banner = await revealBanner(page, variant);
  await expect(banner).toContainText("أنشئ حسابًا مجانيًا");
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath(`join-banner-ar-1280-${variant}.png`) });

  // Escape from inside the card closes it, as the ✕ does.
  await banner.getByRole("link").focus();
  await page.keyboard.press("Escape");
  await expect(banner).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  if (variant === "C")
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.5));
  await page.waitForTimeout(6_000);
  await expect(page.getByTestId("join-banner")).toHaveCount(0);
  await guest.close();
});

test("members may not open the dashboard or the tracking page", async ({ page }) => {
  await signIn(page, ACCOUNTS.member);
  for (const path of ["/admin/ab-tests", "/test-tracking"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
  }
});
