import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";

/*
 * Book Forge's community: the demo book (seeded on first start) has its thread in the Books
 * category, links back to it, and takes reviews from its owners (any member: it is free) whose
 * average the page shows. Then the book page and the reader at 1280 and 390 px, English and Arabic.
 */

const main = (page: Page) => page.getByRole("main");
const DEMO_TITLE = "Wax, Wick and Intention";

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(", ")}`)).toEqual([]);
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
}

/** From the Books category's thread to the book page, by links. */
async function openDemoBook(page: Page) {
  await page.goto("/discussions?category=books");
  await waitForHydration(page);
  await main(page).getByRole("link", { name: DEMO_TITLE }).first().click();
  await expect(page).toHaveURL(/\/discussions\/[^/?]+$/);
  await main(page).getByRole("link", { name: DEMO_TITLE }).last().click();
  await expect(page).toHaveURL(/\/book\/wax-wick-and-intention$/);
  await expect(main(page).getByRole("heading", { level: 1, name: DEMO_TITLE })).toBeVisible();
  await waitForHydration(page);
}

async function review(page: Page, stars: string, text: string) {
  const form = main(page).locator("#reviews");
  await form.getByRole("radio", { name: stars, exact: true }).check();
  await form.getByLabel("Your review").fill(text);
  await form.getByRole("button", { name: /Post review|Update review/ }).click();
  await expect(page.getByText("Your review was saved.")).toBeVisible();
}

test.describe.serial("Book Forge community", () => {
  test.setTimeout(120_000);

  test("owners of the free demo book review it and the average follows; the book links its thread", async ({
    browser,
  }) => {
    const first = await (await browser.newContext()).newPage();
    await signUpNewMember(first, "Iris Reviewer");
    await openDemoBook(first);
    // The thread's link names its comment count.
    await expect(
      main(first).getByRole("link", { name: /Discuss this book \(\d+ comments?\)/ }),
    ).toBeVisible();
    const rating = main(first).getByTestId("book-rating").first();
    const before = await rating.count();
    expect(before).toBeLessThanOrEqual(1);
    await review(first, "4 stars", "Clear steps and a kind voice: my first candle burned evenly.");
    await expect(main(first).locator("#reviews")).toContainText("Iris Reviewer");
    await expectNoSeriousViolations(first);

    const second = await (await browser.newContext()).newPage();
    await signUpNewMember(second, "Juno Reviewer");
    await openDemoBook(second);
    await review(second, "2 stars", "Lovely prose, but I wanted more about wick sizes.");
    await expect(main(second).getByTestId("book-rating").first()).toHaveText(
      /3\.0 out of 5 · 2 reviews/,
    );

    // The first reviewer edits theirs: the average moves with it.
    await first.reload();
    await waitForHydration(first);
    await expect(main(first).getByRole("button", { name: "Update review" })).toBeVisible();
    await review(first, "5 stars", "Read it again: the notebook idea changed how I practise.");
    await expect(main(first).getByTestId("book-rating").first()).toHaveText(
      /3\.5 out of 5 · 2 reviews/,
    );
    // The thread link leads to the discussion.
    await main(first)
      .getByRole("link", { name: /Discuss this book/ })
      .click();
    await expect(first).toHaveURL(/\/discussions\/[^/?]+$/);
    await expect(main(first).getByRole("heading", { level: 1, name: DEMO_TITLE })).toBeVisible();
  });

  for (const language of ["en", "ar"] as const) {
    for (const width of [1280, 390]) {
      test(`the book page and the reader at ${width} px in ${language}`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        await signUpNewMember(page, `Wide ${language} ${width}`);
        await context.addCookies([{ name: "i18nextLng", value: language, url: page.url() }]);
        await page.goto("/book/wax-wick-and-intention");
        await expect(page.locator("html")).toHaveAttribute(
          "dir",
          language === "ar" ? "rtl" : "ltr",
        );
        await waitForHydration(page);
        await expectNoHorizontalOverflow(page);
        await expectNoSeriousViolations(page);
        await page.screenshot({
          path: `test-results/books-page-${language}-${width}.png`,
          fullPage: true,
        });
        await page.goto("/book/wax-wick-and-intention/read/2");
        await waitForHydration(page);
        await expectNoHorizontalOverflow(page);
        await expectNoSeriousViolations(page);
        await page.screenshot({
          path: `test-results/books-reader-${language}-${width}.png`,
          fullPage: true,
        });
        await context.close();
      });

      test(`the editor at ${width} px in ${language}`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        // An admin edits any book: the demo book's editor, reached from its page.
        await signIn(page, ACCOUNTS.admin);
        await context.addCookies([{ name: "i18nextLng", value: language, url: page.url() }]);
        await page.goto("/book/wax-wick-and-intention");
        await waitForHydration(page);
        await main(page)
          .getByRole("link", { name: language === "ar" ? /تحرير/ : "Edit" })
          .click();
        await expect(page).toHaveURL(/\/book-forge\/edit\/[0-9a-f-]{36}$/);
        await waitForHydration(page);
        await expect(main(page).getByRole("textbox").first()).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await expectNoSeriousViolations(page);
        await page.screenshot({
          path: `test-results/books-editor-${language}-${width}.png`,
          fullPage: true,
        });
        await context.close();
      });
    }
  }
});
