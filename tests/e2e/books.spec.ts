import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";

// The e2e server has no STRIPE_SECRET_KEY: Buy uses the built-in test-card provider.

const main = (page: Page) => page.getByRole("main");

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

/** From the book page: Buy, the built-in card page with the test card, the success page. */
async function buyWithTestCard(page: Page, name: string) {
  await page.goto(bookUrl);
  await main(page).getByRole("button", { name: "Buy for $7.50" }).click();
  await expect(page).toHaveURL(/\/checkout\/purchase\/[0-9a-f-]{36}$/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill(name);
  await main(page).getByRole("button", { name: /Pay/ }).click();
  await expect(page).toHaveURL(/\/book-purchase-success\?checkout=/);
}

const TITLE = `The Moonlit Forge ${Date.now()}`;
let bookUrl = "";

test.describe.serial("Book Forge", () => {
  test.setTimeout(120_000);
  test("a premium member writes a book of two chapters with autosave and publishes it", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.premium);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Book Forge" }).first().click();
    await expect(page).toHaveURL(/\/book-forge$/);
    await expectNoSeriousViolations(page);
    await main(page).getByLabel("Title of a new book").fill(TITLE);
    await main(page).getByRole("button", { name: "Create book" }).click();
    await expect(page).toHaveURL(/\/book-forge\/edit\/[0-9a-f-]{36}$/);
    await waitForHydration(page);

    const text = main(page).getByLabel("Text of Chapter 1");
    await text.fill("The first night the **forge** was lit, the moon stood still.");
    const state = main(page)
      .getByRole("status")
      .filter({ hasText: /Saved|Unsaved|Saving/ });
    await expect(state).toHaveText("Saved", { timeout: 15_000 });
    await expect(main(page).getByText("11 words").first()).toBeVisible();
    // The preview renders the Markdown.
    await expect(main(page).getByRole("region", { name: "Preview" }).locator("strong")).toHaveText(
      "forge",
    );

    // Toolbar: bold wraps the selection.
    await text.press("End");
    await text.press("Enter");
    await main(page).getByRole("button", { name: "Bold" }).click();
    await expect(text).toHaveValue(/\*\*text\*\*$/);
    await expect(state).toHaveText("Saved", { timeout: 15_000 });

    // A second chapter.
    await main(page).getByLabel("New chapter").fill("The Second Spark");
    await main(page).getByRole("button", { name: "Add chapter" }).click();
    await main(page).getByRole("link", { name: "2. The Second Spark" }).click();
    const second = main(page).getByLabel("Text of The Second Spark");
    await second.fill("Only those who hold the book read this secret chapter.");
    await expect(state).toHaveText("Saved", { timeout: 15_000 });
    await expectNoSeriousViolations(page);

    // History: the saved version is listed with its difference.
    await main(page).getByRole("button", { name: "History" }).click();
    await expect(main(page).getByRole("button", { name: /Restore the version of/ })).toHaveCount(1);

    // Details: a price, published.
    await main(page).getByLabel("Price (USD)").fill("7.50");
    await main(page).getByLabel("Status").selectOption("published");
    await main(page).getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Book details saved.")).toBeVisible();

    await page.goto("/book-forge");
    await expect(main(page).getByText(/^22 words · 0 sold/)).toBeVisible();
    await page.goBack();
    await main(page).getByRole("link", { name: "Preview as a reader" }).click();
    await expect(page).toHaveURL(/\/book\/[^/]+$/);
    await expect(main(page).getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    // Publishing opened the book's thread in the Books category.
    await expect(
      main(page).getByRole("link", { name: "Discuss this book (0 comments)" }),
    ).toBeVisible();
    // Its author does not review it.
    await expect(main(page).getByText("Readers who own this book can review it.")).toBeVisible();
    bookUrl = new URL(page.url()).pathname;
  });

  test("two tabs on one chapter: the stale save is refused and the editor offers a choice", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const one = await context.newPage();
    await signIn(one, ACCOUNTS.premium);
    await one.goto("/book-forge");
    await one.getByRole("link", { name: TITLE, exact: true }).click();
    await expect(one).toHaveURL(/\/book-forge\/edit\//);
    await waitForHydration(one);
    const two = await context.newPage();
    await two.goto(one.url());
    await waitForHydration(two);
    const stateOf = (page: Page) =>
      main(page)
        .getByRole("status")
        .filter({ hasText: /Saved|Unsaved|Saving|changed/ });
    await main(one).getByLabel("Text of Chapter 1").fill("Tab one wrote this.");
    await expect(stateOf(one)).toHaveText("Saved", { timeout: 15_000 });
    await main(two).getByLabel("Text of Chapter 1").fill("Tab two wrote that.");
    await expect(main(two).getByRole("alert")).toContainText(
      "This chapter was changed somewhere else",
      { timeout: 15_000 },
    );
    await main(two).getByRole("button", { name: "Load their text" }).click();
    await expect(main(two).getByLabel("Text of Chapter 1")).toHaveValue("Tab one wrote this.");
    await context.close();
  });

  test("a second member reads the sample, buys with the test card, reads chapter 2 and downloads the EPUB", async ({
    page,
  }) => {
    expect(bookUrl).toMatch(/^\/book\//);
    await signUpNewMember(page, "Rhea Reader");
    await page.goto(bookUrl);
    await expect(main(page).getByText("$7.50").first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await main(page).getByRole("link", { name: "Read the sample" }).click();
    await expect(main(page).getByRole("heading", { level: 1, name: "Chapter 1" })).toBeVisible();
    await expectNoSeriousViolations(page);
    // Chapter 2 is locked: the server answers 403 with Buy.
    const locked = await page.goto(`${bookUrl}/read/2`);
    expect(locked?.status()).toBe(403);
    await expect(main(page).getByText("secret chapter")).toHaveCount(0);
    await buyWithTestCard(page, "Rhea Reader");
    await expect(main(page).getByRole("heading", { name: "The book is yours" })).toBeVisible();
    await main(page).getByRole("link", { name: "Start reading" }).click();
    await waitForHydration(page);
    await main(page).getByRole("link", { name: "The Second Spark" }).click();
    await expect(main(page).getByText("secret chapter")).toBeVisible();
    await main(page).getByRole("button", { name: "Larger text" }).click();
    await main(page).getByRole("button", { name: "Dark reading mode" }).click();
    await expectNoSeriousViolations(page);

    await page.goto(bookUrl);
    const downloading = page.waitForEvent("download");
    await main(page).getByRole("link", { name: "Download EPUB" }).click();
    const download = await downloading;
    const file = readFileSync((await download.path())!);
    expect(file.subarray(30, 58).toString()).toBe("mimetypeapplication/epub+zip");

    // Having bought it, the reader reviews it; the average appears beside the title.
    await waitForHydration(page);
    const reviews = main(page).locator("#reviews");
    await reviews.getByRole("radio", { name: "5 stars", exact: true }).check();
    await reviews.getByLabel("Your review").fill("The secret chapter was worth every coin.");
    await reviews.getByRole("button", { name: "Post review" }).click();
    await expect(page.getByText("Your review was saved.")).toBeVisible();
    await expect(main(page).getByTestId("book-rating").first()).toHaveText(
      /5\.0 out of 5 · 1 review$/,
    );
    await expectNoSeriousViolations(page);
  });

  test("the editor at 390 px in Arabic", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.premium);
    await context.addCookies([{ name: "i18nextLng", value: "ar", url: page.url() }]);
    await page.goto("/book-forge");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // The list passes axe in Arabic too (each sales link's name starts with its visible text).
    await waitForHydration(page);
    await expectNoSeriousViolations(page);
    await main(page).getByRole("link", { name: TITLE, exact: true }).click();
    // Judged once the editor is there, not the list still on screen.
    await expect(page).toHaveURL(/\/book-forge\/edit\/[0-9a-f-]{36}$/);
    await waitForHydration(page);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/books-editor-ar-390.png", fullPage: true });
    await context.close();
  });

  test("the author sees the second sale arrive on the sales page without reloading", async ({
    browser,
  }) => {
    const authorContext = await browser.newContext();
    const author = await authorContext.newPage();
    await signIn(author, ACCOUNTS.premium);
    await author.goto("/book-forge");
    await waitForHydration(author);
    await main(author)
      .getByRole("link", { name: `Sales of ${TITLE}` })
      .click();
    await expect(author).toHaveURL(/\/book-forge\/sales\/[0-9a-f-]{36}$/);
    await expect(main(author).getByTestId("sales-units")).toContainText("1");
    await expect(main(author).getByTestId("sales-buyers")).toContainText("Rhea Reader");
    // The reader's visit counted (the author's own visits do not): a conversion figure is shown.
    await expect(main(author).getByTestId("sales-conversion")).toContainText("%");
    await expect(author.locator('[data-testid="chart-units"] .recharts-surface')).toBeVisible();
    await expectNoSeriousViolations(author);
    await author.screenshot({ path: "test-results/books-sales-1280.png", fullPage: true });
    await author.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await signUpNewMember(buyer, "Thea Second");
    await buyWithTestCard(buyer, "Thea Second");
    await buyerContext.close();

    await expect(main(author).getByTestId("sales-units")).toContainText("2", { timeout: 15_000 });
    await expect(main(author).getByTestId("sales-buyers")).toContainText("Thea Second");
    // The same document: the figures changed in place.
    expect(await author.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    // By month: the table follows.
    await main(author).getByRole("link", { name: "By month" }).click();
    await expect(author).toHaveURL(/period=month/);
    await expect(main(author).getByTestId("sales-table")).toContainText("The last 12 months");
    await authorContext.close();
  });

  test("the sales page at 390 px in Arabic", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.premium);
    await context.addCookies([{ name: "i18nextLng", value: "ar", url: page.url() }]);
    await page.goto("/book-forge");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await waitForHydration(page);
    await main(page)
      .getByRole("link", { name: `المبيعات: ${TITLE}` })
      .click();
    await expect(page).toHaveURL(/\/book-forge\/sales\//);
    await expect(page.locator('[data-testid="chart-units"] .recharts-surface')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/books-sales-ar-390.png", fullPage: true });
    await context.close();
  });

  test("an admin hides the book with a reason and shows it again", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.goto("/admin");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: "Book Forge" })
      .click();
    await expect(page).toHaveURL(/\/admin\/book-forge$/);
    const row = main(page).getByTestId("admin-book").filter({ hasText: TITLE });
    await expect(row).toContainText("2");
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/books-admin-1280.png", fullPage: true });

    // An empty reason is refused on the field.
    await row.getByRole("button", { name: "Hide" }).click();
    await expect(row.getByText("Say why the book is hidden")).toBeVisible();
    await row.getByLabel("Reason for hiding").fill("Under review for a copyright claim");
    await row.getByRole("button", { name: "Hide" }).click();
    await expect(row).toContainText("Hidden: Under review for a copyright claim");

    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    expect((await guestPage.goto(bookUrl))?.status()).toBe(404);
    const sitemap = await (await guestPage.request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain(bookUrl);

    await row.getByRole("button", { name: `Show ${TITLE} again` }).click();
    await expect(row.getByRole("button", { name: "Hide" })).toBeVisible();
    expect((await guestPage.goto(bookUrl))?.status()).toBe(200);
    await guest.close();

    await page.goto("/admin/audit");
    await expect(main(page).getByText("book.hide").first()).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await context.addCookies([{ name: "i18nextLng", value: "ar", url: page.url() }]);
    await page.goto("/admin/book-forge");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/books-admin-ar-390.png", fullPage: true });
    await context.close();
  });
});
