import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_EVENT } from "./coven-event";
import { ACCOUNTS, openMenu, signIn, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * Coven events end to end, on the site-wide event with one seat that the e2e seed writes: a
 * premium member takes the seat from the side navigation's list, a second member is waitlisted,
 * and is promoted (with a notification in the bell) when the first leaves; the event's .ics
 * download; axe on the list and the event page; both photographed at 1280 and 390 px in English
 * and Arabic, the Arabic list at 390 px without sideways scrolling.
 */

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  // The daily premium popup (20 s after the first page) would cover what is being clicked.
  await context.addInitScript(() => {
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    localStorage.setItem("premium_popup_last_shown", day);
  });
  return { context, page: await context.newPage() };
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

/** From the home page through the side navigation's "Coven Events" to the seeded event. */
async function openEvent(page: Page) {
  await page.goto("/");
  await waitForHydration(page);
  const nav = page.getByRole("complementary", { name: "Main Navigation" });
  await nav.getByRole("link", { name: "Coven Events" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Coven Events" })).toBeVisible();
  await page.getByRole("link", { name: E2E_EVENT.title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: E2E_EVENT.title })).toBeVisible();
}

test("one seat: the second member waits and is promoted when the first leaves", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const first = await newPage(browser);
  await signIn(first.page, ACCOUNTS.premium);
  await openEvent(first.page);
  const firstRsvp = first.page.getByRole("region", { name: "Will you come?" });
  await firstRsvp.getByRole("button", { name: "Going", exact: true }).click();
  await expect(firstRsvp.getByText("Your answer: Going")).toBeVisible();
  // Going: the online link is there.
  await expect(first.page.getByRole("link", { name: "Join online" })).toHaveAttribute(
    "href",
    E2E_EVENT.onlineUrl,
  );

  const second = await newPage(browser);
  await signIn(second.page, ACCOUNTS.member);
  await openEvent(second.page);
  const secondRsvp = second.page.getByRole("region", { name: "Will you come?" });
  await secondRsvp.getByRole("button", { name: "Going", exact: true }).click();
  await expect(secondRsvp.getByText("You are number 1 on the waitlist.")).toBeVisible();
  await expect(second.page.getByRole("link", { name: "Join online" })).toHaveCount(0);

  await firstRsvp.getByRole("button", { name: "Not going", exact: true }).click();
  await expect(firstRsvp.getByText("Your answer: Not going")).toBeVisible();

  // The promotion reaches the second member's bell.
  await expect(async () => {
    await second.page.reload();
    await waitForHydration(second.page);
    const popover = second.page.getByRole("dialog", { name: "Notifications" });
    await openMenu(second.page.getByTestId("notification-bell"), popover);
    await expect(popover.getByText("A seat came free for you")).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await second.page.keyboard.press("Escape");
  await expect(secondRsvp.getByText("Your answer: Going")).toBeVisible();
  await first.context.close();
  await second.context.close();
});

test("the event's calendar file is an iCalendar download", async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await openEvent(page);
  const href = await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href");
  expect(href).toMatch(/^\/covens\/events\/[0-9a-f-]{36}\.ics$/);
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/calendar");
  const body = await response.text();
  expect(body.startsWith("BEGIN:VCALENDAR")).toBe(true);
  expect(body).toContain(`SUMMARY:${E2E_EVENT.title}`);
  await context.close();
});

test("axe finds nothing serious on the list and the event page; photographed in en and ar", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  for (const locale of ["en", "ar"]) {
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser);
      await context.addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/covens/events");
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expectNoHorizontalOverflow(page);
      if (locale === "en" && width === 1280) expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({
        path: testInfo.outputPath(`events-list-${locale}-${width}.png`),
        fullPage: true,
      });
      await page.getByRole("link", { name: E2E_EVENT.title, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: E2E_EVENT.title })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      if (locale === "en" && width === 1280) expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({
        path: testInfo.outputPath(`event-page-${locale}-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }
  }
});
