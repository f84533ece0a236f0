import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

// Broadcast (/admin/broadcast): an admin composes an announcement with a translation, previews it
// as a member reading Dutch, sends it to the members who chose Dutch, watches the progress bar
// finish and reads the figures; the member finds it in the bell, the admin in the outbox.

test("an admin composes, previews and sends a broadcast that reaches a member's bell and the outbox", async ({
  browser,
}, testInfo) => {
  // Two browsers, a sign-up, a send job, an axe scan and four full-page pictures.
  test.slow();
  const stamp = Date.now();
  const subject = `Full moon circle ${stamp}`;
  const dutchSubject = `Volle maan cirkel ${stamp}`;

  // A new member who reads Dutch.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const reader = await signUpNewMember(memberPage, "Noor Reader");
  await memberPage.goto("/settings");
  await waitForHydration(memberPage);
  await memberPage.getByLabel("Language", { exact: true }).selectOption("nl");
  await memberPage.getByRole("button", { name: "Save changes" }).click();
  await expect(memberPage.locator("html")).toHaveAttribute("lang", "nl");

  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await signIn(page, ACCOUNTS.admin);
  await page.goto("/admin");
  await waitForHydration(page);
  const adminNav = page.getByRole("navigation", { name: "Administration" });
  await adminNav.getByRole("link", { name: "Broadcast" }).click();
  await expect(page).toHaveURL(/\/admin\/broadcast$/);
  await expect(page.getByRole("heading", { level: 2, name: "Broadcasts" })).toBeVisible();

  // Compose: a bad form first (no subject) is refused beside the field.
  const compose = page.getByRole("region", { name: "New broadcast" });
  await compose.getByLabel("Message (Markdown)").fill("Join us **tonight** under the full moon.");
  await compose.getByRole("button", { name: "Save draft" }).click();
  await expect(compose.getByText("Write a subject.")).toBeVisible();
  await compose.getByLabel("Subject").fill(subject);
  await compose.getByLabel("Audience").selectOption("language");
  await compose.getByLabel("Language").selectOption("nl");
  await compose.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/broadcast\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 2, name: subject })).toBeVisible();
  await expect(page.getByTestId("broadcast-status")).toHaveText("Draft");

  // A Dutch translation, previewed as a Dutch member reads it.
  const translations = page.getByRole("region", { name: "Translations" });
  await translations.getByLabel("Language").selectOption("nl");
  await translations.getByLabel("Subject").fill(dutchSubject);
  await translations.getByLabel("Message (Markdown)").fill("Kom **vanavond** naar de volle maan.");
  await translations.getByRole("button", { name: "Save translation" }).click();
  await expect(translations.getByRole("listitem").getByText("Nederlands")).toBeVisible();
  const preview = page.getByTestId("broadcast-preview");
  await expect(preview).toContainText(subject);
  await expect(preview.locator("strong")).toHaveText("tonight");
  await page.getByLabel("Preview as a member reading").selectOption("nl");
  await page.getByRole("button", { name: "Show preview" }).click();
  await expect(page).toHaveURL(/preview=nl/);
  await expect(preview).toContainText(dutchSubject);
  await expect(preview.locator("strong")).toHaveText("vanavond");

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("broadcast-draft-1280.png"), fullPage: true });

  // Send to the audience; the progress bar fills and the figures show.
  await expect(page.getByTestId("audience-size")).toContainText(/\d/);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("Sent", { timeout: 30_000 });
  const progress = page.getByTestId("broadcast-progress");
  const max = await progress.getAttribute("aria-valuemax");
  await expect(progress).toHaveAttribute("aria-valuenow", max!);
  const figures = page.getByTestId("broadcast-figures");
  const recipients = Number(await figures.locator('[data-figure="recipients"]').innerText());
  expect(recipients).toBeGreaterThanOrEqual(1);
  await expect(figures.locator('[data-figure="delivered"]')).toHaveText(String(recipients));
  await expect(figures.locator('[data-figure="notified"]')).toHaveText(String(recipients));
  const axeSent = await new AxeBuilder({ page }).analyze();
  expect(axeSent.violations).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("broadcast-sent-1280.png"), fullPage: true });

  // The list shows it as sent.
  await page.getByRole("link", { name: "All broadcasts" }).click();
  const row = page.getByTestId("broadcast-row").filter({ hasText: subject });
  await expect(row).toContainText("Sent");

  // The member's bell has it, in Dutch.
  await memberPage.goto("/dashboard");
  await waitForHydration(memberPage);
  await memberPage.getByTestId("notification-bell").click();
  await expect(
    memberPage.getByRole("dialog").getByText(`Aankondiging: ${dutchSubject}`),
  ).toBeVisible();

  // The admin outbox holds the member's Dutch e-mail with its unsubscribe link.
  await adminNav.getByRole("link", { name: "E-mail Outbox" }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  const mail = page.getByTestId("outbox-email").filter({ hasText: reader.email }).filter({
    hasText: dutchSubject,
  });
  await expect(mail).toHaveCount(1);
  await mail.locator("summary").click();
  await expect(mail).toContainText("/email/unsubscribe/");

  // A phone and Arabic.
  await adminNav.getByRole("link", { name: "Broadcast" }).click();
  await expect(page).toHaveURL(/\/admin\/broadcast$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath("broadcast-390.png"), fullPage: true });
  const { hostname } = new URL(page.url());
  await adminContext.addCookies([{ name: "i18nextLng", value: "ar", domain: hostname, path: "/" }]);
  await page.goto("/admin/broadcast");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 2, name: "الرسائل الجماعية" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath("broadcast-ar-390.png"), fullPage: true });
  await memberContext.close();
  await adminContext.close();
});
