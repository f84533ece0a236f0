import { expect, test, type Page } from "@playwright/test";
import { signUpNewMember } from "./fixtures";
import { expectNoHorizontalOverflow, expectWithinViewportWidth } from "./layout-facts";

const TAROT = "Choosing your first tarot deck";

/** A new member upgraded with the built-in provider's test card. */
async function newPremiumMember(page: Page, name: string) {
  const main = page.getByRole("main");
  await signUpNewMember(page, name);
  await page.goto("/subscription");
  await main.getByRole("link", { name: "Continue to checkout" }).first().click();
  await main.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\/[0-9a-f-]{36}$/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill(name);
  await main.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?checkout=/);
}

test("a thread lists related discussions, and /explore suggests lessons from what the member read", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await newPremiumMember(page, "Related Rowan");

  // Through the list, as a reader arrives (client navigation loads the thread's data).
  await page
    .getByRole("complementary", { name: "Main Navigation" })
    .getByRole("link", { name: /^Discussions/ })
    .click();
  await page.getByRole("main").getByRole("link", { name: TAROT, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: TAROT })).toBeVisible();
  const related = page.getByTestId("related-discussions");
  await expect(related.getByRole("heading", { name: "Related discussions" })).toBeVisible();
  const links = related.getByRole("link");
  expect(await links.count()).toBeGreaterThan(0);
  await expect(related.getByRole("link", { name: TAROT, exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("thread-related-1280.png"), fullPage: true });
  const firstTitle = (await links.first().textContent())!.trim();
  await links.first().click();
  await expect(page.getByRole("heading", { level: 1, name: firstTitle })).toBeVisible();

  // The Explore badge says what is true: picked for the member, not by a model.
  await page
    .getByRole("complementary", { name: "Main Navigation" })
    .getByRole("link", { name: /Explore\s*For you/ })
    .click();
  await expect(page).toHaveURL(/\/explore$/);
  const section = page.getByRole("region", { name: "From across the sanctuary" });
  await expect(section).toBeVisible();
  const cards = section.getByTestId("site-suggestion");
  const lesson = cards.filter({ hasText: "Tarot Basics" }).first();
  await expect(lesson).toContainText(`Because you read “${TAROT}”`);
  await expect(lesson).toContainText("Lesson");
  await page.screenshot({
    path: testInfo.outputPath("explore-suggestions-1280.png"),
    fullPage: true,
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await expectWithinViewportWidth(page, cards);
  await page.screenshot({
    path: testInfo.outputPath("explore-suggestions-390.png"),
    fullPage: true,
  });

  const href = await lesson.getByRole("link").getAttribute("href");
  expect(href).toMatch(/^\/academy\/[^/]+\/lessons\/[^/]+$/);
  await lesson.getByRole("link").click();
  await expect(page).toHaveURL(/\/academy\//);
});

test("related discussions and suggestions in Arabic at 390 px", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await newPremiumMember(page, "Related Rania");
  await page.context().addCookies([{ name: "i18nextLng", value: "ar", url: baseURL! }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/discussions/choosing-your-first-tarot-deck");
  const related = page.getByTestId("related-discussions");
  await expect(related.getByRole("heading", { name: "نقاشات ذات صلة" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await related.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("thread-related-ar-390.png"), fullPage: true });
  await page.goto("/explore");
  await expect(page.getByRole("region", { name: "من أرجاء الملاذ" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({
    path: testInfo.outputPath("explore-suggestions-ar-390.png"),
    fullPage: true,
  });
});
