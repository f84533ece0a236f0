import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";

/**
 * What the visible language button covers: every control, heading, paragraph and list item of the
 * page whose box overlaps the button's box (none when the button is not shown).
 */
async function coveredByLanguageButton(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const buttons = [...document.querySelectorAll<HTMLElement>("[data-testid^=language-]")].filter(
      (b) => b.getBoundingClientRect().width > 0,
    );
    const content = document.querySelectorAll<HTMLElement>(
      "main a, main button, main input, main select, main textarea, main label, main h1, main h2, main h3, main p, main li, footer a, footer p, aside a, aside button",
    );
    const covered: string[] = [];
    for (const button of buttons) {
      if (getComputedStyle(button).position !== "fixed") continue;
      const b = button.getBoundingClientRect();
      for (const element of content) {
        const r = element.getBoundingClientRect();
        if (element === button || r.width < 2 || r.height < 2) continue;
        const overlaps =
          r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
        if (overlaps) covered.push(element.outerHTML.slice(0, 100));
      }
    }
    return covered;
  });
}

/** Scrolls the page and the side navigation to their ends, where the last lines sit. */
async function scrollToEnd(page: Page) {
  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    for (const element of document.querySelectorAll("aside *")) {
      if (element.scrollHeight > element.clientHeight + 1) element.scrollTop = element.scrollHeight;
    }
  });
}

/**
 * On desktop the button never covers anything; on a phone it floats over the page while it
 * scrolls, and every line of the page can be scrolled clear of it (the end of the page too).
 */
async function expectLanguageButtonCoversNothing(page: Page, path: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    // The button is on screen (SPEC: every screen has it), docked or floating.
    await expect(page.getByRole("button", { name: /^Current language: English$/ })).toBeVisible();
    await waitForHydration(page);
    // Polled: parts of a page arrive after hydration (the calendar address, lazy sections) and
    // move what sits under the button; the page is judged once it has settled.
    if (width > 600)
      await expect
        .poll(() => coveredByLanguageButton(page), { message: `${path} at ${width} px, top` })
        .toEqual([]);
    await expect
      .poll(
        async () => {
          await scrollToEnd(page);
          return coveredByLanguageButton(page);
        },
        { message: `${path} at ${width} px, end` },
      )
      .toEqual([]);
  }
}

test("on desktop the language button sits at the foot of the side navigation, in the collapsed rail too", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/discussions");
  const aside = page.getByRole("complementary", { name: "Main Navigation" });
  await expect(aside.getByTestId("language-docked")).toBeVisible();
  await expect(aside.getByTestId("language-docked")).toContainText("English");
  await expect(page.getByTestId("language-floating")).toBeHidden();
  // The last links of the navigation can be seen and are not under anything.
  const faq = aside.getByRole("link", { name: "FAQ" });
  await faq.scrollIntoViewIfNeeded();
  await faq.click({ trial: true });

  await page.keyboard.press("Control+b");
  await expect(aside).toHaveAttribute("data-state", "collapsed");
  const rail = await aside.boundingBox();
  const docked = await aside.getByTestId("language-docked").boundingBox();
  expect(
    docked && rail && docked.x >= rail.x && docked.x + docked.width <= rail.x + rail.width,
  ).toBe(true);
  await aside.getByTestId("language-docked").click();
  await expect(page.getByRole("menuitem", { name: "Deutsch" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+b");
  await expect(aside).toHaveAttribute("data-state", "expanded");
});

test("the language button covers no content of the discussions", async ({ page }) => {
  await expectLanguageButtonCoversNothing(page, "/discussions");
});

test("the language button covers no content of the settings", async ({ page }) => {
  await signIn(page, ACCOUNTS.member);
  await expectLanguageButtonCoversNothing(page, "/settings");
});

test("the language button covers no content of the admin area, which has no side navigation", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await expectLanguageButtonCoversNothing(page, "/admin/users");
});

test("on a phone a field reached with Tab is scrolled clear of the floating language button", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.member);
  await page.goto("/settings");
  const sound = page.getByRole("checkbox", { name: /sound/i });
  // Put the checkbox right where the button floats, then reach it from the field before it.
  await page.evaluate(() => {
    const box = document.querySelector<HTMLElement>("input[name=notificationSound]");
    if (box) window.scrollBy(0, box.getBoundingClientRect().top - (window.innerHeight - 40));
  });
  await page.evaluate(() =>
    document.querySelector<HTMLElement>("select[name=language]")?.focus({ preventScroll: true }),
  );
  await page.keyboard.press("Tab");
  await expect(sound).toBeFocused();
  const button = await page.getByTestId("language-floating").boundingBox();
  const field = await sound.boundingBox();
  expect(button && field && field.y + field.height <= button.y).toBe(true);
});

test("the language button covers nothing of the card form", async ({ page }) => {
  await signUpNewMember(page, "Lena Layout");
  await page.goto("/checkout");
  await page.getByRole("main").getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\/[0-9a-f-]{36}$/);
  await expectLanguageButtonCoversNothing(page, new URL(page.url()).pathname);
});

test("on a phone the discussions' category filter is a select above the list", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/discussions");
  // The select navigates on change, which needs the page hydrated.
  await waitForHydration(page);
  const select = page.getByRole("combobox", { name: "Category" });
  await expect(select).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Category" })).toBeHidden();
  const selectBox = await select.boundingBox();
  const firstPost = await page.getByTestId("post-row").first().boundingBox();
  expect(selectBox && firstPost && selectBox.y + selectBox.height <= firstPost.y).toBe(true);

  await page.getByRole("link", { name: "Trending" }).click();
  await expect(page).toHaveURL(/tab=trending/);
  // The address changes before React renders the new page (a transition): the select reads the
  // tab from the rendered page, so wait until it shows Trending as the chosen view.
  await expect(page.getByRole("link", { name: "Trending" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await select.selectOption({ label: "Beginners' Circle" });
  await expect(page).toHaveURL(/\/discussions\?tab=trending&category=beginners-circle$/);
  await expect(page.getByRole("heading", { level: 1, name: "Beginners' Circle" })).toBeVisible();
  await expect(select).toHaveValue("beginners-circle");
  await select.selectOption({ label: "All categories" });
  await expect(page).toHaveURL(/\/discussions\?tab=trending$/);

  // Desktop keeps the list of category links beside the posts.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(select).toBeHidden();
  await expect(page.getByRole("complementary", { name: "Category" })).toBeVisible();
});

test("without JavaScript the category select is a form with a Show button", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto("/discussions");
  await page
    .getByRole("combobox", { name: "Category" })
    .selectOption({ label: "Beginners' Circle" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/discussions\?category=beginners-circle$/);
  await expect(page.getByRole("heading", { level: 1, name: "Beginners' Circle" })).toBeVisible();
  await context.close();
});

test("on a phone the admin members are cards, and the admin tab bar shows that it scrolls", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.admin);
  // Other tests add members: find this one (the list is paged).
  await page.goto("/admin/users?q=admin%40e2e.test");
  const row = page.getByTestId("user-row-admin@e2e.test");
  // The e-mail reads on one line, not a letter per line; nothing scrolls sideways.
  const email = await row.getByText("admin@e2e.test").boundingBox();
  expect(email && email.height < 30).toBe(true);
  await expect(row.getByRole("combobox", { name: "Role — Ada Admin" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  const tabs = page.getByRole("navigation", { name: "Administration" });
  const visibleInBar = async (name: string) => {
    const bar = await tabs.boundingBox();
    const tab = await tabs.getByRole("link", { name, exact: true }).boundingBox();
    // A pixel of tolerance: scrolling to the end may leave the last tab a fraction past the edge.
    return Boolean(bar && tab && tab.x >= bar.x - 1 && tab.x + tab.width <= bar.x + bar.width + 1);
  };
  // The current tab is scrolled into view; hidden tabs are signalled at the edge they are behind.
  await page.goto("/admin/users");
  await expect.poll(() => visibleInBar("Users")).toBe(true);
  await page.goto("/admin");
  await expect(tabs.getByTestId("scroll-end")).toBeVisible();
  await expect(tabs.getByTestId("scroll-start")).toHaveCount(0);
  await tabs.getByTestId("scroll-end").click();
  await expect(tabs.getByTestId("scroll-start")).toBeVisible();
  await page.goto("/admin/audit");
  await expect.poll(() => visibleInBar("Audit Log")).toBe(true);
  await expect(tabs.getByTestId("scroll-end")).toHaveCount(0);
  await expect(tabs.getByTestId("scroll-start")).toBeVisible();
});

test("in Arabic the admin tab bar scrolls from the right", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: "ar",
    extraHTTPHeaders: { "accept-language": "ar" },
  });
  const page = await context.newPage();
  await page.goto("/auth");
  await page.locator("input[name=email]").fill(ACCOUNTS.admin.email);
  await page.locator("input[name=password]").fill(ACCOUNTS.admin.password);
  await page.locator("main form button[type=submit]").first().click();
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/admin");
  const tabs = page.getByRole("navigation").filter({ has: page.locator('a[href="/admin/audit"]') });
  await expect(tabs.getByTestId("scroll-end")).toBeVisible();
  const bar = await tabs.boundingBox();
  const end = await tabs.getByTestId("scroll-end").boundingBox();
  // The end of a right-to-left row is its left side.
  expect(bar && end && end.x < bar.x + bar.width / 2).toBe(true);
  await page.goto("/admin/audit");
  await expect(tabs.getByTestId("scroll-start")).toBeVisible();
  await expect(tabs.getByTestId("scroll-end")).toHaveCount(0);
  await context.close();
});

test("toasts appear below the header, never over its search", async ({ page }) => {
  await signIn(page, ACCOUNTS.member);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    await page.goto("/settings");
    await page.getByRole("button", { name: "Save changes" }).click();
    const toast = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Profile updated successfully!" });
    await expect(toast).toBeVisible();
    const header = await page.getByRole("banner").boundingBox();
    // Polled: the toast slides in from above before it settles.
    await expect
      .poll(
        async () =>
          ((await toast.boundingBox())?.y ?? 0) >= (header?.y ?? 0) + (header?.height ?? 0),
        { message: `at ${width} px` },
      )
      .toBe(true);
    await toast.getByRole("button", { name: "Dismiss" }).click();
    await expect(toast).toHaveCount(0);
  }
});

test("every heading, in the page and in rendered Markdown, uses one font family", async ({
  page,
}) => {
  for (const path of ["/about", "/help/guidelines", "/discussions"]) {
    await page.goto(path);
    const families = await page.evaluate(() => [
      ...new Set(
        [...document.querySelectorAll("main :is(h1, h2, h3, h4)")].map(
          (h) => getComputedStyle(h).fontFamily,
        ),
      ),
    ]);
    expect(families, path).toHaveLength(1);
    expect(families[0]).toBe(await page.evaluate(() => getComputedStyle(document.body).fontFamily));
  }
});

test("one link of a page is marked as the current page; the chosen tab and category are the current items of their sets", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const currentPages = () => page.locator('a[aria-current="page"]');
  await page.goto("/discussions");
  await expect(currentPages()).toHaveCount(1);
  await expect(currentPages()).toHaveAttribute("href", "/discussions");
  await expect(
    page.getByRole("navigation", { name: "Sort discussions" }).locator('[aria-current="true"]'),
  ).toHaveText("Latest");

  await page.goto("/discussions?category=beginners-circle");
  await expect(currentPages()).toHaveCount(1);
  await expect(currentPages()).toHaveAttribute("href", "/discussions");
  const side = page.getByRole("complementary", { name: "Main Navigation" });
  await expect(side.locator('[aria-current="true"]')).toHaveText("Beginners' Circle");
  await expect(side.getByRole("link", { name: "Tarot & Divination" })).not.toHaveAttribute(
    "aria-current",
    /.*/,
  );

  // A thread: its section is highlighted in the navigation, but no link claims to be this page.
  await page.goto("/discussions/choosing-your-first-tarot-deck");
  await expect(currentPages()).toHaveCount(0);
  await page.goto("/faq");
  await expect(currentPages()).toHaveCount(1);
  await expect(currentPages()).toHaveAttribute("href", "/faq");
});

test("after following a link, focus is on the new page's heading; not on the first load, nor for a tab of the same page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/discussions");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  // A tab is the same page: focus stays on it.
  await page
    .getByRole("navigation", { name: "Sort discussions" })
    .getByRole("link", { name: "Trending" })
    .click();
  await expect(page).toHaveURL(/tab=trending/);
  await expect(
    page
      .getByRole("navigation", { name: "Sort discussions" })
      .getByRole("link", { name: "Trending" }),
  ).toBeFocused();

  const aside = page.getByRole("complementary", { name: "Main Navigation" });
  await aside.getByRole("link", { name: "Members", exact: true }).click();
  await expect(page).toHaveURL(/\/members$/);
  const heading = page.getByRole("main").getByRole("heading", { level: 1 });
  await expect(heading).toBeFocused();
  // The next Tab continues in the page, not in the navigation.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/tab=trending/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeFocused();
});

test("on a phone, a link of the drawer also leaves focus on the new page's heading", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Toggle sidebar (Ctrl+B)" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Members", exact: true }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeFocused();
});

test("a slow page shows a thin progress bar at the top until it arrives", async ({ page }) => {
  await page.goto("/discussions");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Only a client navigation fetches `.data` (and shows the bar); before hydration a link loads a document.
  await waitForHydration(page);
  // A slow connection: the next page's data takes a second and a half to come.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/members.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page
    .getByRole("complementary", { name: "Main Navigation" })
    .getByRole("link", { name: "Members", exact: true })
    .click();
  const bar = page.getByRole("progressbar", { name: "Loading..." });
  await expect(bar).toBeVisible();
  const box = await bar.boundingBox();
  expect(box && box.y === 0 && box.height <= 3).toBe(true);
  release();
  await expect(page).toHaveURL(/\/members$/);
  await expect(bar).toHaveCount(0);
});

test("axe: the header's counts are part of their controls' names, and each search landmark has its own name", async ({
  browser,
}) => {
  // Ten mentions give a fresh member more unread notifications than the bell's badge shows ("9+").
  const readerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const reader = await readerContext.newPage();
  await signUpNewMember(reader, "Counted Cora");
  await reader.goto("/settings");
  const slug = await reader.getByLabel("Profile address").inputValue();
  const writerContext = await browser.newContext();
  const writer = await writerContext.newPage();
  await signIn(writer, ACCOUNTS.premium, "/discussions/choosing-your-first-tarot-deck");
  const origin = new URL(writer.url()).origin;
  for (let i = 1; i <= 10; i++) {
    const response = await writer.request.post("/discussions/choosing-your-first-tarot-deck", {
      headers: { origin },
      form: { intent: "comment", content: `Note ${i} for @${slug}` },
    });
    expect(response.ok()).toBe(true);
  }

  await reader.goto("/search?q=tarot");
  await expect(reader.getByTestId("notification-count")).toHaveText("9+");
  await expect(reader.getByRole("button", { name: "Notifications: 10 unread" })).toBeVisible();
  const results = await new AxeBuilder({ page: reader })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withRules(["label-content-name-mismatch", "landmark-unique", "button-name", "link-name"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(", ")}`),
  ).toEqual([]);
  await expect(reader.getByRole("search", { name: "Site search" })).toHaveCount(1);
  await Promise.all([readerContext.close(), writerContext.close()]);
});
