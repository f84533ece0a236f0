import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * The event form end to end, in Berlin's time zone: a premium member starts a coven, follows the
 * side navigation to Coven Events and its "New event", is refused for bad input (kept, with the
 * reason beside the field), picks a full moon from the date helper with the keyboard, creates a
 * weekly circle and finds it in the list; edits it; moves one date of the series. The form is
 * photographed at 1280 and 390 px in English and Arabic, without sideways scrolling.
 */

const ZONE = "Europe/Berlin";

async function newPage(browser: Browser) {
  const context = await browser.newContext({ timezoneId: ZONE });
  // The daily premium popup (20 s after the first page) would cover what is being clicked.
  await context.addInitScript(() => {
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    localStorage.setItem("premium_popup_last_shown", day);
  });
  return { context, page: await context.newPage() };
}

async function sideNavLink(page: Page, name: string) {
  const nav = page.getByRole("complementary", { name: "Main Navigation" });
  await nav.getByRole("link", { name: new RegExp(`^${name}( [\\d,.]+)?$`) }).click();
}

/** "YYYY-MM-DD" of an instant in Berlin. */
function berlinDate(iso: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(iso));
}

test("a coven leader creates a weekly circle on a full moon, edits it and moves one date", async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const covenName = `Full Moon Keepers ${stamp}`;
  const title = `Full moon circle ${stamp}`;
  const { context, page } = await newPage(browser);
  await signIn(page, ACCOUNTS.premium);
  await waitForHydration(page);

  // A coven of their own: its owner leads it.
  await sideNavLink(page, "Create Coven");
  const covenForm = page.getByRole("main");
  await covenForm.getByLabel("Name").fill(covenName);
  await covenForm.getByLabel("Language", { exact: true }).selectOption("en");
  await covenForm.getByRole("button", { name: "Create coven" }).click();
  await expect(page.getByRole("heading", { level: 1, name: covenName })).toBeVisible();

  // From Coven Events to the form.
  await sideNavLink(page, "Coven Events");
  await expect(page.getByRole("heading", { level: 1, name: "Coven Events" })).toBeVisible();
  await page.getByRole("link", { name: "New event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New event" })).toBeVisible();
  await waitForHydration(page);
  const form = page.getByRole("main");
  await expect(form.getByLabel("Host", { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(form.getByLabel("Host", { exact: true }).locator("option:checked")).toHaveText(
    covenName,
  );
  await expect(form.getByLabel("Time zone", { exact: true })).toHaveValue(ZONE);

  // Bad input is refused beside its field, the rest kept.
  await form.getByLabel("Title", { exact: true }).fill(`<b>${title}</b>`);
  await form.getByLabel("Seats", { exact: true }).fill("0");
  await form.getByLabel("Online link", { exact: true }).fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Create event" }).click();
  await expect(form.getByText("Seats must be a whole number from 1 to 10,000.")).toBeVisible();
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue(`<b>${title}</b>`);
  await form.getByLabel("Seats", { exact: true }).fill("12");
  await form.getByRole("button", { name: "Create event" }).click();
  await expect(
    form.getByText("Enter a web address starting with https:// or http://."),
  ).toBeVisible();

  // The next full moon, chosen with the keyboard, fills the start and end dates.
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form
    .getByLabel("Online link", { exact: true })
    .fill("https://meet.example/full-moon-keepers");
  const moons = form.getByRole("group", { name: "Next new and full moons" });
  const fullMoon = moons.getByRole("button", { name: /^Full moon/ }).first();
  const moonAt = await fullMoon.locator("time").getAttribute("datetime");
  await fullMoon.focus();
  await page.keyboard.press("Enter");
  const moonDate = berlinDate(moonAt!);
  await expect(form.getByLabel("Start date", { exact: true })).toHaveValue(moonDate);
  await expect(form.getByLabel("End date", { exact: true })).toHaveValue(moonDate);
  await form.getByLabel("Start time", { exact: true }).fill("20:00");
  await form.getByLabel("End time", { exact: true }).fill("22:00");
  await form.getByLabel("Repeats", { exact: true }).selectOption("weekly");
  await form.getByLabel("Every how many weeks", { exact: true }).fill("1");
  await form.getByLabel("Everyone").check();
  await form.getByRole("button", { name: "Create event" }).click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Other dates" })).toBeVisible();

  // In the list, on the full moon's day.
  await sideNavLink(page, "Coven Events");
  await expect(page.getByRole("link", { name: title, exact: true }).first()).toBeVisible();
  await page.getByRole("link", { name: title, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // Edit: a new title, the series kept.
  const hosts = page.getByRole("region", { name: "For hosts" });
  await hosts.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit event" })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByLabel("Repeats", { exact: true })).toHaveValue("weekly");
  await expect(page.getByLabel("Start date", { exact: true })).toHaveValue(moonDate);
  await page.getByLabel("Title", { exact: true }).fill(`${title} (edited)`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${title} (edited)` })).toBeVisible();

  // Move the second date to 21:15; the first stays at 20:00.
  const dates = page.getByRole("region", { name: "Other dates" });
  // The first date, then the second: the move form follows the date shown.
  const secondDay = (await dates.getByRole("link").nth(1).innerText()).split(",")[0]!;
  await dates.getByRole("link").nth(1).click();
  await expect(dates.getByRole("link").nth(1)).toHaveAttribute("aria-current", "page");
  await waitForHydration(page);
  await page.getByText("Move this date").click();
  const move = page.getByRole("region", { name: "For hosts" });
  await move.getByLabel("Start time", { exact: true }).fill("21:15");
  await move.getByLabel("End time", { exact: true }).fill("23:00");
  await move.getByRole("button", { name: "Move the date" }).click();
  await expect(page.getByText("The date was moved.")).toBeVisible();
  await expect(dates.getByRole("link").nth(1)).toContainText(secondDay);
  await expect(dates.getByRole("link").nth(1)).toContainText("9:15");
  await expect(dates.getByRole("link").nth(0)).toContainText("8:00");
  await expect(dates.getByRole("link").nth(2)).toContainText("8:00");
  await page.getByText("Message attendees").click();
  await expect(move.getByLabel("Your message to the members going")).toBeVisible();
  await page.screenshot({
    path: testInfo.outputPath("event-host-tools-en-1280.png"),
    fullPage: true,
  });
  await context.close();
});

test("the form, photographed in en and ar at 1280 and 390 px; axe finds nothing serious", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  for (const locale of ["en", "ar"]) {
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser);
      await page.setViewportSize({ width, height: 900 });
      // Signed in in English (the sign-in form's labels), then the page in the language shown.
      await signIn(page, ACCOUNTS.admin);
      await context.addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
      await page.goto("/covens/events/new");
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      // The browser's zone, learnt after the first render, is chosen.
      await expect(page.locator('select[name="timeZone"]')).toHaveValue(ZONE);
      await page.locator('select[name="repeat"]').selectOption("weekly");
      await expectNoHorizontalOverflow(page);
      if (locale === "en" && width === 1280) {
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
        expect(serious).toEqual([]);
      }
      await page.screenshot({
        path: testInfo.outputPath(`event-form-${locale}-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }
  }
});
