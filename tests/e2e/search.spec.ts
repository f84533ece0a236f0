import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

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
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await box.press("ArrowDown");
  await expect(post).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await post.getAttribute("id"))!);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/discussions\/choosing-your-first-tarot-deck$/);
  await expect(page.getByRole("heading", { level: 1, name: "Choosing your first tarot deck" })).toBeVisible();
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
  await page.route("**/api/search/trending", (route) => route.fulfill({ json: { terms: ["moon water", "grounding"] } }));
  await page.goto("/discussions");
  const box = page.getByRole("combobox", { name: "Search" });
  await box.focus();
  const trending = page.getByRole("listbox", { name: "Search suggestions" }).getByRole("group", { name: "Trending searches" });
  await expect(trending.getByRole("option")).toHaveText(["moon water", "grounding"]);
  await trending.getByRole("option", { name: "grounding" }).click();
  await expect(page).toHaveURL(/\/search\?q=grounding$/);
});

test("a term with no results shows the empty state; one character asks for more", async ({ page }) => {
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
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("search").first().getByLabel("Search").fill("tarot");
  await page.getByRole("search").first().getByLabel("Search").press("Enter");
  await expect(page).toHaveURL(/\/search\?q=tarot$/);
  await expect(page.getByRole("heading", { level: 2, name: "Discussions" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Choosing your first tarot deck/ })).toHaveAttribute("href", "/discussions/choosing-your-first-tarot-deck");
  await context.close();
});
