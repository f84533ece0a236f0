import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS, nthMail, signIn, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * The personal consultation (SPEC §1, §2 "Oracles block", §4 "Consultation dialog"): a guest's
 * dialog ('No, I am not ready' closes it, 'I trust master {name}' asks them to sign in); an admin
 * publishes a time; a premium member in a coven opens the dialog from the dashboard, books that
 * time with the rules agreed and gets the confirmation with its calendar file; the admin finds the
 * booking and discards it with a reason, which the member then reads. Axe on the booking page,
 * Arabic at 390 px without horizontal overflow.
 */

async function newPage(browser: Browser) {
  const context = await browser.newContext({ timezoneId: "Europe/Berlin" });
  // The daily premium popup (20 s after the first page) would cover what is being clicked.
  await context.addInitScript(() => {
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    localStorage.setItem("premium_popup_last_shown", day);
  });
  return { context, page: await context.newPage() };
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

test("a guest's consultation dialog: not ready closes it, trusting the master asks to sign in", async ({
  browser,
}, testInfo) => {
  const { context, page } = await newPage(browser);
  await page.goto("/");
  await waitForHydration(page);
  const oracles = page.getByTestId("oracles-full");
  await expect(oracles.getByRole("heading", { name: "Oracles" })).toBeVisible();
  await oracles.getByRole("button", { name: "Ask for a consultation" }).click();
  const dialog = page.getByRole("dialog", { name: "A personal consultation" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Master Morgana reads for you in person, once a month.");
  await dialog.getByRole("button", { name: "No, I am not ready" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  await oracles.getByRole("button", { name: "Ask for a consultation" }).click();
  await page.screenshot({ path: testInfo.outputPath("dialog-en-1280.png") });
  await dialog.getByRole("button", { name: "I trust master Morgana" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fconsultation$/);
  await context.close();
});

test("a coven member books the master's time from the dashboard; the admin discards it with a reason", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  // Three days ahead at 10:00 (the admin's browser and the member's are in Berlin).
  const day = new Date(Date.now() + 3 * 86_400_000);
  const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;

  // The admin publishes a time from the admin area.
  const admin = await newPage(browser);
  const a = admin.page;
  await signIn(a, ACCOUNTS.admin);
  // The events pages write the browser's zone into the tz cookie; so does the booking page.
  await a.goto("/consultation");
  await waitForHydration(a);
  await expect
    .poll(async () => (await admin.context.cookies()).find((c) => c.name === "tz")?.value)
    .toBe("Europe%2FBerlin");
  await a.goto("/admin");
  await waitForHydration(a);
  await a
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Consultations" })
    .click();
  await expect(a.getByRole("heading", { level: 1, name: "Consultations" })).toBeVisible();
  await waitForHydration(a);
  await a.locator("summary", { hasText: "Add times" }).click();
  await a.getByLabel("Start (Europe/Berlin)").fill(`${date}T10:00`);
  await a.getByLabel("Length").selectOption("45");
  await a.getByRole("button", { name: "Add", exact: true }).click();
  await expect(a.getByText("Times added: 1")).toBeVisible();
  await expect(a.getByTestId("admin-slots")).toContainText("Free");

  // The member joins a coven of their own making, then goes from the dashboard's oracles block.
  const member = await newPage(browser);
  const m = member.page;
  await signIn(m, ACCOUNTS.premium);
  await m.goto("/covens/create");
  await m.getByRole("main").getByLabel("Name").fill(`Oracle Circle ${stamp}`);
  await m.getByRole("main").getByLabel("Language", { exact: true }).selectOption("en");
  await m.getByRole("main").getByRole("button", { name: "Create coven" }).click();
  await expect(m.getByRole("heading", { level: 1, name: `Oracle Circle ${stamp}` })).toBeVisible();
  await m.goto("/dashboard");
  await waitForHydration(m);
  const block = m.getByTestId("oracles-compact");
  await block.getByRole("button", { name: "Ask for a consultation" }).click();
  const dialog = m.getByRole("dialog", { name: "A personal consultation" });
  await dialog.getByRole("button", { name: "I trust master Morgana" }).click();
  await expect(m).toHaveURL(/\/consultation$/);
  await expect(m.getByRole("heading", { level: 1, name: "Personal consultation" })).toBeVisible();
  await expect(m.getByText("Times are shown in your time zone, Europe/Berlin.")).toBeVisible();
  expect(await seriousViolations(m)).toEqual([]);

  // Hostile: booking without agreeing to the rules is refused, the choice kept.
  const slot = m.getByRole("radio", { name: /10:00/ });
  await slot.check();
  await m.getByRole("button", { name: "Book the consultation" }).click();
  await expect(m.getByText("Please agree to the rules.")).toBeVisible();
  await expect(m.getByRole("radio", { name: /10:00/ })).toBeChecked();
  await m.getByLabel("I have read the rules and will follow them").check();
  await m.getByRole("button", { name: "Book the consultation" }).click();
  await expect(m.getByTestId("booked")).toContainText("Your consultation is booked.");
  const mine = m.getByTestId("my-consultations");
  await expect(mine).toContainText("Upcoming");
  await expect(mine.getByRole("button", { name: /^Cancel: / })).toBeVisible();
  await m.screenshot({ path: testInfo.outputPath("booked-en-1280.png"), fullPage: true });
  // The month is used: no other time of it is offered.
  await expect(m.getByText(/You already have a consultation in/)).toBeVisible();

  const mail = await nthMail(
    ACCOUNTS.premium.email,
    /consultation with master Morgana is booked/,
    1,
  );
  expect(mail.raw).toMatch(/Content-Type: text\/calendar/i);
  expect(mail.raw).toContain("consultation.ics");

  // The admin finds the booking and discards it with a reason.
  await a.getByRole("link", { name: "Consultations" }).first().click();
  await a.goto("/admin/consultations?show=upcoming");
  const bookings = a.getByTestId("admin-bookings");
  const row = bookings.getByRole("listitem").filter({ hasText: ACCOUNTS.premium.name });
  await expect(row).toBeVisible();
  await waitForHydration(a);
  await row.locator("summary", { hasText: "Discard" }).click();
  await row.getByRole("button", { name: "Discard" }).click();
  await expect(row.getByText("Say why (at least 3 characters).")).toBeVisible();
  await row.getByLabel("Reason (the member reads it)").fill(`Shared the reading publicly ${stamp}`);
  await row.getByRole("button", { name: "Discard" }).click();
  await expect(a.getByText("The consultation was discarded and the member told.")).toBeVisible();
  await a.getByRole("link", { name: "Discarded" }).click();
  await expect(a.getByTestId("admin-bookings")).toContainText(
    `Shared the reading publicly ${stamp}`,
  );
  await a.screenshot({ path: testInfo.outputPath("admin-en-1280.png"), fullPage: true });

  // The member reads it, and the month stays used.
  await m.reload();
  await expect(mine).toContainText("Discarded");
  await expect(mine).toContainText(`Reason: Shared the reading publicly ${stamp}`);
  await expect(m.getByText(/You already have a consultation in/)).toBeVisible();

  // Arabic at 390 px: right to left, nothing wider than the screen.
  await member.context.addCookies([{ name: "i18nextLng", value: "ar", url: baseURL! }]);
  await m.setViewportSize({ width: 390, height: 900 });
  await m.goto("/consultation");
  await expect(m.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(m.getByRole("heading", { level: 1, name: "استشارة شخصية" })).toBeVisible();
  await expectNoHorizontalOverflow(m);
  await m.screenshot({ path: testInfo.outputPath("consultation-ar-390.png"), fullPage: true });
  await m.goto("/dashboard");
  await expect(m.getByTestId("oracles-compact")).toBeVisible();
  await expectNoHorizontalOverflow(m);
  await m.getByTestId("oracles-compact").screenshot({
    path: testInfo.outputPath("oracles-compact-ar-390.png"),
  });
  await admin.context.close();
  await member.context.close();
});
