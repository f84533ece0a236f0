import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, openMenu, signIn, signUpNewMember, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * Ritual requests (decision 057): a member files one from the side navigation, hostile input is
 * refused with translated messages; an admin accepts, schedules and reports it from the admin
 * area; the member then sees the timeline, the report and the bell count. Axe on the member's
 * pages, and the form in Arabic at 390 px without sideways scrolling.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

/** A 1×1 PNG: what the media engine's signature check accepts as an image. */
const ALTAR_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function bellCount(page: Page): Promise<number> {
  const count = page.getByTestId("notification-count");
  if ((await count.count()) === 0) return 0;
  return Number(((await count.textContent()) ?? "0").replace("+", ""));
}

test("a member files a ritual request; an admin accepts, schedules and reports it; the member sees the timeline", async ({
  browser,
}, testInfo) => {
  // Three browsers and a dozen steps: longer than the default on a busy machine.
  test.setTimeout(120_000);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const name = `Petitioner ${Date.now().toString(36)}`;
  await signUpNewMember(member, name);
  await waitForHydration(member);
  await member
    .getByRole("navigation", { name: "Main Navigation" })
    .getByRole("link", { name: "Request a ritual" })
    .click();
  await expect(member).toHaveURL(/\/request-ritual$/);
  await expect(member.getByRole("heading", { level: 1, name: "Request a ritual" })).toBeVisible();
  await expect(member.getByText("You have not requested a ritual yet.")).toBeVisible();
  await waitForHydration(member);

  // Nothing chosen, no consent: translated errors, nothing sent.
  const form = member.getByTestId("petition-form");
  await form.getByLabel("Intention").fill("   ");
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(form.getByText("Choose a ritual.")).toBeVisible();
  await expect(form.getByText("Write the intention of the ritual.")).toBeVisible();
  await expect(form.getByText("Please accept the rules to send your request.")).toBeVisible();

  const intention = `Protection for the house on the hill <b>${Date.now()}</b>`;
  await form.getByLabel("Ritual").selectOption({ label: "Protection ritual" });
  await form.getByLabel("Intention").fill(intention);
  await form.getByLabel("Details").fill("Three rooms, an old garden.\nA black cat lives there.");
  await form.getByLabel("Names involved").fill("Miriam, Ezra");
  await form.getByLabel("Preferred date").fill("2027-03-20");
  await form.getByLabel("I have read and accept the rules").check();
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(member.getByText("Your request was sent.")).toBeVisible();
  const mine = member.getByTestId("own-petitions");
  await expect(mine.getByRole("link", { name: /Protection ritual/ })).toContainText("Submitted");
  expect(await seriousViolations(member)).toEqual([]);

  // The same kind again while it is open: refused.
  await form.getByLabel("Ritual").selectOption({ label: "Protection ritual" });
  await form.getByLabel("Intention").fill("A second protection");
  await form.getByLabel("I have read and accept the rules").check();
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(
    member.getByText("You already have an open request for this ritual.", { exact: false }).first(),
  ).toBeVisible();
  await expect(mine.getByRole("listitem")).toHaveCount(1);

  await mine.getByRole("link", { name: /Protection ritual/ }).click();
  await expect(member).toHaveURL(/\/request-ritual\/[0-9a-f-]{36}$/);
  const petitionUrl = member.url();
  await expect(member.getByText(intention)).toBeVisible();
  await expect(member.getByTestId("petition-timeline")).toContainText("Submitted");
  expect(await seriousViolations(member)).toEqual([]);
  const bellBefore = await bellCount(member);

  // The admin, from the admin area's tab.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto("/admin");
  await waitForHydration(admin);
  await admin
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Ritual requests" })
    .click();
  await expect(admin.getByRole("heading", { name: "Ritual requests" })).toBeVisible();
  await admin.getByLabel("Status", { exact: true }).selectOption({ label: "Submitted" });
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin).toHaveURL(/status=submitted/);
  await admin
    .getByRole("link", { name: new RegExp(`Open: Protection ritual \\(${name}\\)`) })
    .click();
  await expect(admin.getByText(intention)).toBeVisible();
  await expect(admin.getByText("Miriam, Ezra")).toBeVisible();
  await waitForHydration(admin);

  await admin
    .getByRole("textbox", { name: "Note", exact: true })
    .fill("Use the iron nails from the north shelf.");
  await admin.getByRole("button", { name: "Add note" }).click();
  await expect(admin.getByTestId("petition-notes")).toContainText("iron nails");
  await expect(admin.getByRole("textbox", { name: "Note", exact: true })).toHaveValue("");

  await admin.getByTestId("command-accept").getByRole("button", { name: "Accept" }).click();
  await expect(admin.getByText("The request's status was changed.")).toBeVisible();
  await expect(admin.getByTestId("command-schedule")).toBeVisible();
  await admin.getByTestId("command-schedule").getByLabel("Date").fill("2027-03-21");
  await admin.getByTestId("command-schedule").getByRole("button", { name: "Schedule" }).click();
  await expect(admin.getByTestId("command-perform")).toBeVisible();
  await admin
    .getByTestId("command-perform")
    .getByLabel("Report for the member")
    .fill("Performed at dusk; the wards were sealed with salt and iron.");
  await admin
    .getByTestId("command-perform")
    .getByRole("button", { name: "Record as performed" })
    .click();
  await expect(admin.getByTestId("command-close")).toBeVisible();
  // A photo of the altar, through the media engine's resumable upload.
  await admin
    .getByTestId("photo-form")
    .getByLabel("Choose a photo")
    .setInputFiles({ name: "altar.png", mimeType: "image/png", buffer: ALTAR_PNG });
  await expect(admin.getByRole("progressbar", { name: "Upload of altar.png" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  await admin.getByRole("button", { name: "Add photo" }).click();
  await expect(admin.getByText("Photo added.")).toBeVisible();
  await expect(admin.getByRole("img", { name: "Photo 1 of the ritual" })).toBeVisible();
  await expect(admin.getByTestId("petition-timeline")).toContainText("Performed");
  await expect(admin.getByTestId("petition-timeline")).toContainText("Ada Admin");

  // The admin screens fit a phone.
  await admin.setViewportSize({ width: 390, height: 900 });
  await expectNoHorizontalOverflow(admin);
  await admin.screenshot({ path: testInfo.outputPath("admin-ritual-390.png"), fullPage: true });
  await admin.goto("/admin/petitions");
  await expect(admin.getByTestId("petition-queue")).toBeVisible();
  await expectNoHorizontalOverflow(admin);
  await admin.screenshot({ path: testInfo.outputPath("admin-petitions-390.png"), fullPage: true });

  // The member: the timeline, the report, and three more notifications in the bell.
  await member.goto(petitionUrl);
  const timeline = member.getByTestId("petition-timeline");
  await expect(timeline).toContainText("Accepted");
  await expect(timeline).toContainText("Scheduled");
  await expect(timeline).toContainText("March 21, 2027");
  await expect(timeline).toContainText("Performed");
  await expect(member.getByText("the wards were sealed with salt and iron")).toBeVisible();
  await expect(member.getByText("iron nails")).toHaveCount(0);
  await expect(timeline).not.toContainText("Ada Admin");
  const photo = member.getByRole("img", { name: "Photo 1 of the ritual" });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const photoUrl = await photo.getAttribute("src");
  await expect
    .poll(async () => {
      await member.reload();
      return bellCount(member);
    })
    .toBeGreaterThanOrEqual(Math.min(bellBefore + 3, 9));
  expect(await seriousViolations(member)).toEqual([]);

  // Someone else's request is not found.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, ACCOUNTS.member);
  const response = await other.goto(petitionUrl);
  expect(response?.status()).toBe(404);
  // Nor are its photos.
  expect((await other.request.get(photoUrl!)).status()).toBe(404);

  await Promise.all([memberContext.close(), adminContext.close(), otherContext.close()]);
});

test("guests are sent to sign in and back; the user menu leads there; the form fits 390 px in Arabic", async ({
  page,
  baseURL,
}, testInfo) => {
  await page.goto("/request-ritual");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Frequest-ritual$/);
  await page.getByLabel("E-mail").fill(ACCOUNTS.premium.email);
  await page.getByLabel("Password").fill(ACCOUNTS.premium.password);
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/request-ritual$/);

  await page.goto("/dashboard");
  await waitForHydration(page);
  await openMenu(page.getByTestId("user-menu"), page.getByRole("menu"));
  await page.getByRole("menuitem", { name: "Request a ritual" }).click();
  await expect(page).toHaveURL(/\/request-ritual$/);

  await page.context().addCookies([{ name: "i18nextLng", value: "ar", url: baseURL! }]);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/request-ritual");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "اطلب طقسًا" })).toBeVisible();
  await expect(page.getByTestId("petition-form")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({
    path: testInfo.outputPath("request-ritual-ar-390.png"),
    fullPage: true,
  });
  expect(await seriousViolations(page)).toEqual([]);
});
