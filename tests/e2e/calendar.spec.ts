import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_EVENT } from "./coven-event";
import { ACCOUNTS, openMenu, signIn, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow, expectWithinViewportWidth } from "./layout-facts";

/*
 * The month calendar of /covens/events and the settings' calendar section, on the e2e seed's
 * site-wide event (five days ahead, so in this month's grid or the next one's): from the list to
 * the month and on to the event by client navigation, with the filters kept and arrow keys moving
 * between days; the Arabic month at 390 px laid out right to left without sideways scrolling;
 * the feed address copied and regenerated (the old one answers 404), a hostile time zone refused
 * and a chosen one used by the server. Photographed at 1280 and 390 px in English and Arabic.
 */

async function newPage(browser: Browser, locale?: string, baseURL?: string) {
  const context = await browser.newContext();
  // The daily premium popup (20 s after the first page) would cover what is being clicked.
  await context.addInitScript(() => {
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    localStorage.setItem("premium_popup_last_shown", day);
  });
  if (locale) await context.addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
  return { context, page: await context.newPage() };
}

/** The seeded event's link in the grid, turning to the next month when it falls there. */
async function eventInMonth(page: Page, nextLabel: string) {
  const link = page.getByRole("table").getByRole("link", { name: E2E_EVENT.title });
  if ((await link.count()) === 0) {
    await page.getByRole("link", { name: nextLabel }).click();
    await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  }
  await expect(link).toBeVisible();
  return link;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

/** Marks the document: a full page load loses the mark, client navigation keeps it. */
async function markDocument(page: Page) {
  await page.evaluate(
    () => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true),
  );
}
async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
}

test("from the list to the month and to an event, filters kept, by client navigation", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await waitForHydration(page);
  await markDocument(page);
  const nav = page.getByRole("complementary", { name: "Main Navigation" });
  await nav.getByRole("link", { name: "Coven Events" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Coven Events" })).toBeVisible();

  // A filter, then the month view: the filter stays.
  await page.getByLabel("Format").selectOption("online");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/format=online/);
  await page.getByRole("link", { name: "Month", exact: true }).click();
  await expect(page).toHaveURL(/view=month/);
  await expect(page).toHaveURL(/format=online/);
  await expect(page.getByLabel("Format")).toHaveValue("online");
  await expect(page.getByRole("table")).toBeVisible();
  await expectSameDocument(page);

  // Seven columns, Sunday first in English.
  await expect(page.getByRole("columnheader")).toHaveCount(7);
  await expect(page.getByRole("columnheader").first()).toHaveText("Sun", { useInnerText: true });

  // Tab reaches one day of the grid (today); arrow keys move between days from there.
  await expect(page.locator("td[data-day][tabindex='0']")).toHaveCount(1);
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-day"));
  const daysBetween = (a: string | null | undefined, b: string | null | undefined) =>
    (new Date(`${b}T00:00:00Z`).getTime() - new Date(`${a}T00:00:00Z`).getTime()) / 86_400_000;
  const firstDay = await page.locator("td[data-day]").first().getAttribute("data-day");
  await page.locator("td[data-day]").first().focus();
  await page.keyboard.press("ArrowRight");
  expect(daysBetween(firstDay, await focused())).toBe(1);
  await page.keyboard.press("ArrowDown");
  expect(daysBetween(firstDay, await focused())).toBe(8);
  await page.keyboard.press("End");
  expect(daysBetween(firstDay, await focused())).toBe(13);
  await page.keyboard.press("ArrowLeft");
  expect(daysBetween(firstDay, await focused())).toBe(12);
  await expect(page.locator("td[data-day][tabindex='0']")).toHaveCount(1);

  // Months move back and forth; "This month" comes back.
  const title = await page.locator("#month-title").textContent();
  await page.getByRole("link", { name: "Previous month" }).click();
  await expect(page.locator("#month-title")).not.toHaveText(title!);
  await page.getByRole("link", { name: "This month" }).click();
  await expect(page.locator("#month-title")).toHaveText(title!);

  const link = await eventInMonth(page, "Next month");
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: E2E_EVENT.title })).toBeVisible();
  await expectSameDocument(page);

  // Back to the month, then to the list: the filter is still there.
  await page.goBack();
  await expect(page.getByRole("table")).toBeVisible();
  await page.getByRole("link", { name: "List", exact: true }).click();
  await expect(page).not.toHaveURL(/view=month/);
  await expect(page).toHaveURL(/format=online/);
  await expect(page.getByRole("link", { name: E2E_EVENT.title, exact: true })).toBeVisible();
  await expectSameDocument(page);
  await context.close();
});

test("malformed month parameters show the current month", async ({ browser }) => {
  const { context, page } = await newPage(browser);
  for (const bad of ["2026-13", "%3Cscript%3E", "99999-01", "-1", "1969-12", "2026-1%27"]) {
    const response = await page.goto(`/covens/events?view=month&month=${bad}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByRole("link", { name: "This month" })).toHaveCount(0);
  }
  // A NUL in the address is refused before any page reads it (docs/ARCHITECTURE.md "HTTP rules").
  expect((await page.goto("/covens/events?view=month&month=%00"))?.status()).toBe(400);
  await context.close();
});

test("the month in Arabic at 390 px reads right to left without sideways scrolling", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  for (const locale of ["ar", "en"]) {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, locale, baseURL);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/covens/events?view=month");
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("table")).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectWithinViewportWidth(page, page.locator("td[data-day]"));
      if (width === 1280) expect(await seriousViolations(page)).toEqual([]);
      const headers = page.getByRole("columnheader");
      const first = (await headers.first().boundingBox())!;
      const last = (await headers.last().boundingBox())!;
      if (locale === "ar") {
        // The week starts on Saturday in Arabic, in the rightmost column.
        expect(first.x).toBeGreaterThan(last.x);
        await expect(headers.first().locator("abbr")).toHaveAttribute("title", "السبت");
      } else {
        expect(first.x).toBeLessThan(last.x);
      }
      await page.screenshot({
        path: testInfo.outputPath(`month-${locale}-${width}.png`),
        fullPage: true,
      });
      if (width === 390) {
        // A phone: the day with the event leads to its entry in the day list.
        const nextLabel = locale === "ar" ? "الشهر التالي" : "Next month";
        const day = page.locator("td[data-day] a[href^='#day-']");
        if ((await day.count()) === 0) await page.getByRole("link", { name: nextLabel }).click();
        await expect(day.first()).toBeVisible();
        await day.first().click();
        await expect(page).toHaveURL(/#day-\d{4}-\d{2}-\d{2}$/);
        const list = page.locator("ol li[id^='day-']").first();
        await expect(list.getByRole("link", { name: E2E_EVENT.title })).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await page.screenshot({
          path: testInfo.outputPath(`month-days-${locale}-${width}.png`),
          fullPage: true,
        });
      }
      await context.close();
    }
  }
});

test("settings: copy and regenerate the feed address, choose a time zone", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const { context, page } = await newPage(browser);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await signIn(page, ACCOUNTS.premium);
  await page.goto("/");
  await waitForHydration(page);
  await openMenu(page.getByTestId("user-menu"), page.getByRole("menuitem", { name: "Settings" }));
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Calendar" })).toBeVisible();

  const feed = page.getByLabel("Personal calendar address");
  const oldUrl = await feed.inputValue();
  expect(oldUrl).toMatch(/\/calendar\/[\w-]{20,}\.ics$/);
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("The address was copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);
  const oldPath = new URL(oldUrl).pathname;
  const feedResponse = await page.request.get(oldPath);
  expect(feedResponse.status()).toBe(200);
  expect(await feedResponse.text()).toContain("BEGIN:VCALENDAR");

  // Regenerating asks first.
  await expect(page.getByRole("button", { name: "Yes, make a new address" })).toBeHidden();
  await page.getByText("Make a new address", { exact: true }).click();
  await page.getByRole("button", { name: "Yes, make a new address" }).click();
  await expect(
    page.getByText("A new calendar address was made; the old one no longer works."),
  ).toBeVisible();
  await expect(feed).not.toHaveValue(oldUrl);
  const newPath = new URL(await feed.inputValue()).pathname;
  expect((await page.request.get(oldPath)).status()).toBe(404);
  expect((await page.request.get(newPath)).status()).toBe(200);

  // A zone not in the list is refused beside the field; a listed one is kept for the server.
  const zone = page.getByLabel("Time zone");
  await zone.fill("Mars/Olympus<script>");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Choose a time zone from the list." }),
  ).toBeVisible();
  await zone.fill("Pacific/Chatham");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByText("Times are now shown in Pacific/Chatham.")).toBeVisible();
  await expect(page.getByText(/Chosen by you/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("settings-en-1280.png"), fullPage: true });

  // Reminders off and on again.
  const reminders = page.getByRole("checkbox", { name: /Event reminders/ });
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expect(page.getByText("Event reminders are off.")).toBeVisible();
  await expect(reminders).not.toBeChecked();
  await reminders.check();
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expect(page.getByText("Event reminders are on.")).toBeVisible();

  // The server renders the list in the chosen zone, and the browser's zone does not replace it.
  const response = await page.goto("/covens/events");
  expect(await response?.text()).toContain("Times are shown in Pacific/Chatham.");
  await waitForHydration(page);
  await expect(page.getByText("Times are shown in Pacific/Chatham.")).toBeVisible();

  await page.goto("/settings");
  await page.getByRole("button", { name: "Use my browser's time zone again" }).click();
  await expect(page.getByText("Your browser's time zone is used again.")).toBeVisible();
  await expect(page.getByText(/Detected by your browser/)).toBeVisible();

  // The section in Arabic at 390 px.
  await context.addCookies([{ name: "i18nextLng", value: "ar", url: baseURL! }]);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/settings");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "التقويم" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole("heading", { level: 2, name: "التقويم" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("settings-ar-390.png"), fullPage: true });
  await context.close();
});
