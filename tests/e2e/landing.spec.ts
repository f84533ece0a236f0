import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * The landing pages (decision 047) and testimonials: a guest reaches a landing page from the
 * footer and follows its call to action; a member sends a testimonial, an admin approves it and
 * it shows on /testimonials; an admin edits a landing section and a hostile button path is refused.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

async function asAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.admin);
  return { context, page };
}

test("a guest opens a landing page from the footer, sees our figures and follows its call to action", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Tutorials", exact: true }).click();
  await expect(page).toHaveURL(/\/tutorials-landing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tutorials" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Step by step" })).toBeVisible();
  // The figures are the database's: the members figure is there, a number.
  const members = page.getByTestId("site-figures").locator('[data-figure="members"] dd');
  await expect(members).toHaveText(/^\d[\d,]*$/);
  await expect(page.getByTestId("comparison-table")).toBeVisible();
  await page.getByRole("link", { name: "See all tutorials" }).first().click();
  await expect(page).toHaveURL(/\/tutorials$/);
  await expect(page.getByRole("heading", { level: 1, name: "All tutorials" })).toBeVisible();
});

test("a member sends a testimonial, an admin approves it, and it shows on /testimonials", async ({
  page,
  browser,
}) => {
  const member = await signUpNewMember(page, "Hazel Testimony");
  const text = `Sanctuary gave me a calm place to study, thank you ${Date.now()}.`;
  await page.getByRole("contentinfo").getByRole("link", { name: "Testimonials" }).click();
  await expect(page).toHaveURL(/\/testimonials$/);
  await waitForHydration(page);
  // Too short: the field says so and nothing is sent.
  await page.getByLabel("Your testimonial").fill("Too short");
  await page.getByRole("button", { name: "Send testimonial" }).click();
  await expect(page.getByText("Write at least 20 characters.")).toBeVisible();
  await page.getByLabel("Your testimonial").fill(text);
  await page.getByRole("button", { name: "Send testimonial" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "waiting for our team's review" }),
  ).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);

  const admin = await asAdmin(browser);
  await admin.page.goto("/admin");
  await admin.page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Testimonials" })
    .click();
  await expect(admin.page).toHaveURL(/\/admin\/testimonials$/);
  const item = admin.page.getByTestId("pending-testimonial").filter({ hasText: text });
  await expect(item).toContainText(member.name);
  expect(await seriousViolations(admin.page)).toEqual([]);
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(admin.page.getByText("Testimonial approved.")).toBeVisible();
  await expect(item).toHaveCount(0);
  await admin.context.close();

  await page.reload();
  const shown = page
    .getByTestId("testimonial-list")
    .getByRole("listitem")
    .filter({ hasText: text });
  await expect(shown).toBeVisible();
  await expect(shown.getByRole("link", { name: member.name })).toBeVisible();
  await expect(page.getByText("Your last testimonial is published.")).toBeVisible();
});

test("an admin edits a landing section; a button path to another site is refused", async ({
  browser,
}) => {
  const { context, page } = await asAdmin(browser);
  await page.goto("/admin/pages");
  await waitForHydration(page);
  const row = page.getByRole("listitem").filter({ hasText: "/archangels-landing" });
  await row.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/admin\/pages\/archangels-landing$/);
  expect(await seriousViolations(page)).toEqual([]);
  const heading = `Many traditions, one table ${Date.now()}`;
  await page.getByLabel("Section 1: heading").fill(heading);
  await page.getByLabel("Button 1: path").fill("//evil.test/steal");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByText("Use a path on this site that starts with a single /, such as /subscription."),
  ).toBeVisible();
  await page.getByLabel("Button 1: path").fill("/discussions");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/);
  await page
    .getByRole("listitem")
    .filter({ hasText: "/archangels-landing" })
    .getByRole("link", { name: "View page" })
    .click();
  await expect(page).toHaveURL(/\/archangels-landing$/);
  await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  await context.close();
});

for (const locale of ["en", "ar"]) {
  for (const width of [1280, 390]) {
    test(`the landing and testimonials pages fit ${width} px in ${locale}`, async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      await context.addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/free-courses", "/testimonials"]) {
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await expectNoHorizontalOverflow(page);
        await page.screenshot({
          path: testInfo.outputPath(`${path.slice(1)}-${locale}-${width}.png`),
          fullPage: true,
        });
      }
    });
  }
}

test("the landing editor fits a phone in Arabic", async ({ browser, baseURL }, testInfo) => {
  const { context, page } = await asAdmin(browser);
  await context.addCookies([{ name: "i18nextLng", value: "ar", url: baseURL! }]);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/admin/pages/sacred-oils");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("landing-section").first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath("landing-editor-ar-390.png"), fullPage: true });
  await context.close();
});
