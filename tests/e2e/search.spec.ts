import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import {
  expectNoHorizontalOverflow,
  expectNoOverlap,
  expectWithinViewportWidth,
} from "./layout-facts";

// The header search box shows from the lg breakpoint (1024 px); smaller screens get a link to /search.
test.use({ viewport: { width: 1280, height: 800 } });

test("the header search dropdown works by keyboard", async ({ page }) => {
  await page.goto("/discussions");
  const box = page.getByRole("combobox", { name: "Search" });
  const listbox = page.getByRole("listbox", { name: "Search suggestions" });

  // Focus with the box empty opens no suggestion list (trending terms depend on what other
  // tests searched on this shared server, so they are checked in layout.spec.ts instead).
  await box.focus();
  await expect(box).toHaveAttribute("aria-expanded", "false");

  // Typing a term from the demo content lists the post; ArrowDown makes it active; Enter opens it.
  await box.pressSequentially("first tarot deck");
  const post = listbox.getByRole("option", { name: /Choosing your first tarot deck/ });
  await expect(post).toBeVisible();
  const results = await new AxeBuilder({ page }).include("header").analyze();
  expect(
    results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => v.id),
  ).toEqual([]);
  await box.press("ArrowDown");
  await expect(post).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await post.getAttribute("id"))!);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/discussions\/choosing-your-first-tarot-deck$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Choosing your first tarot deck" }),
  ).toBeVisible();
  await expect(listbox).toBeHidden();

  // Escape closes the popup and keeps the text.
  await box.focus();
  await expect(listbox).toBeVisible();
  await box.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("first tarot deck");

  // The search is remembered: with the box empty, it is the first recent search.
  await box.fill("");
  await box.press("ArrowDown");
  const recent = listbox.getByRole("group", { name: "Recent searches" });
  await expect(recent.getByRole("option").first()).toHaveText("first tarot deck");

  // An outside click closes it.
  await page.mouse.click(1200, 700);
  await expect(listbox).toBeHidden();

  // Enter with no active option goes to the search page, which lists results grouped by kind.
  await box.fill("grounding");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=grounding$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Results for "grounding"');
  await expect(page.getByRole("link", { name: /A five-minute grounding practice/ })).toBeVisible();
});

test("the trending searches the server reports are suggested and searched", async ({ page }) => {
  // What the search log holds is the server's business (trending.test.ts); here, what the box does with it.
  await page.route("**/api/search/trending", (route) =>
    route.fulfill({ json: { terms: ["moon water", "grounding"] } }),
  );
  await page.goto("/discussions");
  const box = page.getByRole("combobox", { name: "Search" });
  await box.focus();
  const trending = page
    .getByRole("listbox", { name: "Search suggestions" })
    .getByRole("group", { name: "Trending searches" });
  await expect(trending.getByRole("option")).toHaveText(["moon water", "grounding"]);
  await trending.getByRole("option", { name: "grounding" }).click();
  await expect(page).toHaveURL(/\/search\?q=grounding$/);
});

test("a term with no results shows the empty state; one character asks for more", async ({
  page,
}) => {
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search" });
  await box.pressSequentially("x");
  await expect(page.getByText("Type at least 2 characters to search.")).toBeVisible();
  await box.pressSequentially("qzvw");
  await expect(page.getByText('No on-site results found for "xqzvw"')).toBeVisible();
  // No partner site is configured, so the hint pointing at them is not shown.
  await expect(page.getByText("Try searching our partner sites above")).toHaveCount(0);
});

test("without JavaScript the header search is a plain form to /search", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("search").first().getByLabel("Search").fill("tarot");
  await page.getByRole("search").first().getByLabel("Search").press("Enter");
  await expect(page).toHaveURL(/\/search\?q=tarot$/);
  await expect(page.getByRole("heading", { level: 2, name: "Discussions" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Choosing your first tarot deck/ })).toHaveAttribute(
    "href",
    "/discussions/choosing-your-first-tarot-deck",
  );
  await context.close();
});

test("a misspelt word finds the corrected results, each row with its author, category and date", async ({
  page,
}) => {
  await page.goto("/discussions");
  const box = page.getByRole("combobox", { name: "Search" });
  await box.pressSequentially("meditaton");
  // The dropdown says whose results these are, and shows the post that speaks of meditation.
  const listbox = page.getByRole("listbox", { name: "Search suggestions" });
  const corrected = listbox.getByRole("group", { name: /Showing results for.*meditation/ });
  const osaka = corrected.getByRole("option", { name: /Hello from Osaka!/ });
  await expect(osaka).toBeVisible();
  await expect(osaka.getByTestId("result-details")).toHaveText(
    /^by Kenji Morita · in General Discussion · Posted \w{3} \d{1,2}, \d{4}$/,
  );
  await expect(
    corrected.getByRole("option", { name: "Search instead for meditaton" }),
  ).toHaveAttribute("href", "/search?q=meditaton&exact=1");

  // The search page: the correction, a link to search what was typed, and the row's details.
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=meditaton$/);
  const notice = page.getByTestId("spelling-notice");
  await expect(notice).toContainText("Showing results for meditation");
  const row = page.getByRole("link", { name: /Hello from Osaka!/ });
  await expect(row.getByTestId("result-details")).toHaveText(
    /^by Kenji Morita · in General Discussion · Posted \w{3} \d{1,2}, \d{4}$/,
  );
  await expect(row.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(row.locator("mark").first()).toHaveText(/meditation/i);
  const axe = await new AxeBuilder({ page }).include("main").analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => v.id),
  ).toEqual([]);

  // Exactly what was typed: nothing, and no correction.
  await notice.getByRole("link", { name: "meditaton" }).click();
  await expect(page).toHaveURL(/\/search\?q=meditaton&exact=1$/);
  await expect(page.getByText('No on-site results found for "meditaton"')).toBeVisible();
  await expect(page.getByTestId("spelling-notice")).toHaveCount(0);

  // A word spelt right is not corrected.
  await page.goto("/search?q=meditation");
  await expect(page.getByRole("link", { name: /Hello from Osaka!/ })).toBeVisible();
  await expect(page.getByTestId("spelling-notice")).toHaveCount(0);
});

test.describe("screenshots of a corrected search", () => {
  for (const locale of ["en", "ar"]) {
    test(`/search for a misspelt word at 1280 and 390 px (${locale})`, async ({
      browser,
      baseURL,
    }, testInfo) => {
      const context = await browser.newContext();
      await context.addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
      const page = await context.newPage();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/search?q=meditaton");
        await expect(page.getByTestId("spelling-notice")).toBeVisible();
        const details = page.getByTestId("result-details").first();
        await expect(details).toBeVisible();
        // Labels in the reader's language, the member's name isolated from the sentence around it.
        await expect(details.locator("bdi").first()).toHaveText(/\S/);
        if (locale === "ar") await expect(details).toContainText("بقلم");
        // Results and their dates depend on the data: layout facts rather than a picture.
        await expectNoHorizontalOverflow(page);
        const rows = page.getByTestId("result-details");
        await expectWithinViewportWidth(page, rows);
        await expectWithinViewportWidth(page, page.getByTestId("spelling-notice"));
        await expectNoOverlap(rows);
        await page.screenshot({
          path: testInfo.outputPath(`search-corrected-${locale}-${width}.png`),
          fullPage: true,
        });
        if (width === 1280) {
          const box = page
            .getByRole("combobox", { name: locale === "en" ? "Search" : /.+/ })
            .first();
          await box.fill("");
          await box.pressSequentially("meditaton");
          const listbox = page.getByRole("listbox");
          await expect(listbox.getByRole("option").first()).toBeVisible();
          // The dropdown opens under its box, inside the page, its options one below the other.
          const [boxRect, listRect] = [await box.boundingBox(), await listbox.boundingBox()];
          expect(listRect!.y).toBeGreaterThanOrEqual(boxRect!.y + boxRect!.height - 1);
          await expectWithinViewportWidth(page, listbox);
          await expectNoOverlap(listbox.getByRole("option"));
          await page.screenshot({
            path: testInfo.outputPath(`search-dropdown-${locale}-${width}.png`),
          });
        }
      }
      await context.close();
    });
  }
});
