import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { ACCOUNTS, signIn } from "./fixtures";
import { LONG_THREAD } from "./long-thread";
import {
  expectNoHorizontalOverflow,
  expectNoOverlap,
  expectWithinViewportWidth,
} from "./layout-facts";

// The discussion tests/e2e/seed-long-thread.ts wrote before the server started: 120 top-level
// comments ("Full-moon note 1: …" to "… 120: …"), pages of 50, 50 and 20.
const THREAD = `/discussions/${LONG_THREAD.slug}`;
const topLevel = (page: Page) => page.getByTestId("comment-list").locator(":scope > li");
/** A top-level comment by its number (its replies say "Thank you for note n", not "note n:"). */
const note = (page: Page, n: number) =>
  page.getByTestId("comment").filter({ hasText: `Full-moon note ${n}:` });

async function useLanguage(context: BrowserContext, locale: string, baseURL: string) {
  await context.addCookies([{ name: "i18nextLng", value: locale, url: baseURL }]);
}

test("a long thread shows 50 comments, and 'Load more comments' adds the next ones in place", async ({
  page,
}) => {
  await page.goto(THREAD);
  await expect(topLevel(page)).toHaveCount(50);
  await expect(note(page, 51)).toHaveCount(0);
  // Replies travel with their comment: the last of the first page brings its reply.
  await expect(note(page, 50)).toContainText("Thank you for note 50.");

  await page.getByRole("button", { name: "Load more comments" }).click();
  await expect(topLevel(page)).toHaveCount(100);
  // Focus moves to the first comment that arrived, and the page says how many came.
  await expect(note(page, 51)).toBeFocused();
  await expect(page.getByText("53 more comments loaded.")).toBeAttached();
  await expect(page).toHaveURL(new RegExp(`${THREAD}$`));

  await page.getByRole("button", { name: "Load more comments" }).click();
  await expect(topLevel(page)).toHaveCount(120);
  await expect(note(page, 101)).toBeFocused();
  await expect(page.getByRole("button", { name: "Load more comments" })).toHaveCount(0);
  // Each comment once.
  const texts = await topLevel(page).locator(":scope > article .prose-content").allTextContents();
  expect(new Set(texts).size).toBe(120);
});

test("without JavaScript, plain links page through the thread both ways", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(THREAD);
  await expect(topLevel(page)).toHaveCount(50);
  await expect(page.getByRole("link", { name: "Earlier comments" })).toHaveCount(0);

  await page.getByRole("link", { name: "Later comments" }).click();
  await expect(page).toHaveURL(/\?after=[\w-]{38}$/);
  await expect(topLevel(page)).toHaveCount(50);
  await expect(note(page, 51)).toBeVisible();
  await expect(note(page, 50)).toHaveCount(0);
  // A later page names itself, not the thread, as its address.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", page.url());

  await page.getByRole("link", { name: "Later comments" }).click();
  await expect(topLevel(page)).toHaveCount(20);
  await expect(note(page, 120)).toBeVisible();
  await expect(page.getByRole("link", { name: "Later comments" })).toHaveCount(0);

  await page.getByRole("link", { name: "Earlier comments" }).click();
  await expect(note(page, 51)).toBeVisible();
  await expect(note(page, 100)).toBeVisible();
  await page.getByRole("link", { name: "Earlier comments" }).click();
  await expect(note(page, 1)).toBeVisible();
  await expect(topLevel(page)).toHaveCount(50);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`${THREAD}$`),
  );
  await context.close();
});

test("a reply's notification opens the comment, highlighted, on the thread's second page", async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto(THREAD);
  await admin.getByRole("button", { name: "Load more comments" }).click();
  const answered = note(admin, LONG_THREAD.premiumNote);
  await expect(answered).toContainText(ACCOUNTS.premium.name);
  await answered.getByRole("button", { name: "Reply", exact: true }).click();
  const text = `Ada answers note ${LONG_THREAD.premiumNote}, ${Date.now()}`;
  await answered.getByLabel("Write a reply").fill(text);
  await answered.locator("form").getByRole("button", { name: "Reply", exact: true }).click();
  // The new reply's own page, at the reply.
  await expect(admin).toHaveURL(/\?comment=[0-9a-f-]{36}#comment-[0-9a-f-]{36}$/);
  await expect(admin.locator('[data-highlighted="true"]')).toContainText(text);

  const premiumContext = await browser.newContext();
  const premium = await premiumContext.newPage();
  await signIn(premium, ACCOUNTS.premium, "/discussions");
  await expect(premium.getByRole("heading", { level: 1, name: "Discussions" })).toBeVisible();
  await premium.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await premium.getByTestId("notification-bell").click();
  const popover = premium.getByRole("dialog", { name: "Notifications" });
  await popover
    .getByRole("button", {
      name: new RegExp(`^Ada Admin replied to your comment on “${LONG_THREAD.title}”`),
    })
    .first()
    .click();

  await expect(premium).toHaveURL(
    new RegExp(`${THREAD}\\?comment=[0-9a-f-]{36}#comment-[0-9a-f-]{36}$`),
  );
  const highlighted = premium.locator('[data-highlighted="true"]');
  await expect(highlighted).toContainText(text);
  await expect(highlighted).toBeInViewport();
  // Not the first page: the page that holds it, with the way back.
  await expect(note(premium, 1)).toHaveCount(0);
  await expect(note(premium, LONG_THREAD.premiumNote)).toContainText(text);
  await expect(premium.getByRole("button", { name: "Show earlier comments" })).toBeVisible();
  // Clicked, not loaded: the same document navigated.
  expect(
    await premium.evaluate(
      () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
    ),
  ).toBe(true);

  // Every comment offers its link; it is the permalink.
  const link = note(premium, LONG_THREAD.premiumNote).getByTestId("comment-permalink").first();
  await expect(link).toHaveAttribute("href", /\?comment=[0-9a-f-]{36}#comment-[0-9a-f-]{36}$/);
  await expect(link).toHaveAccessibleName("Link to this comment");
  await Promise.all([adminContext.close(), premiumContext.close()]);
});

test("axe finds no serious violation on a paged thread, after 'Load more comments' and on a permalink", async ({
  page,
}) => {
  // Three axe runs over a page of 50+ comments: several seconds each on a busy machine.
  test.slow();
  const serious = async () =>
    (
      await new AxeBuilder({ page })
        .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
        .analyze()
    ).violations
      .filter(
        (v) =>
          v.impact === "serious" ||
          v.impact === "critical" ||
          v.id === "label-content-name-mismatch",
      )
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
  await page.goto(THREAD);
  await page.getByRole("button", { name: "Load more comments" }).click();
  await expect(topLevel(page)).toHaveCount(100);
  expect(await serious()).toEqual([]);
  await page.goto(
    (await note(page, 80).getByTestId("comment-permalink").first().getAttribute("href"))!,
  );
  await expect(page.locator('[data-highlighted="true"]')).toBeVisible();
  expect(await serious()).toEqual([]);
});

for (const locale of ["en", "ar"]) {
  for (const width of [1280, 390]) {
    // Relative dates ("3 minutes ago") change from run to run: layout facts, not a picture.
    test(`the paged thread at ${width} px in ${locale}: no overflow, comments inside the page and apart`, async ({
      browser,
      baseURL,
    }, testInfo) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await useLanguage(context, locale, baseURL!);
      const page = await context.newPage();
      await page.goto(THREAD);
      await expect(topLevel(page)).toHaveCount(50);
      await page.getByTestId("comment-list").locator(":scope > li").last().scrollIntoViewIfNeeded();
      const loadMore = page.locator('[data-testid="comment-list"] + div button');
      await expect(loadMore).toBeInViewport();
      await expectWithinViewportWidth(page, loadMore);
      await page.screenshot({
        path: testInfo.outputPath(`thread-end-of-page-${locale}-${width}.png`),
      });
      await loadMore.click();
      await expect(topLevel(page)).toHaveCount(100);
      await expectNoHorizontalOverflow(page);
      await expectWithinViewportWidth(page, page.getByTestId("comment"));
      await expectNoOverlap(topLevel(page));
      await page.screenshot({ path: testInfo.outputPath(`thread-loaded-${locale}-${width}.png`) });

      const href = await note(page, 60)
        .getByTestId("comment-permalink")
        .first()
        .getAttribute("href");
      await page.goto(href!);
      await expect(page.locator('[data-highlighted="true"]')).toBeInViewport();
      await page.screenshot({
        path: testInfo.outputPath(`thread-permalink-${locale}-${width}.png`),
      });
      await expectNoHorizontalOverflow(page);
      await expectWithinViewportWidth(page, page.locator('[data-highlighted="true"]'));
      await context.close();
    });
  }
}
