import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember } from "./fixtures";

test("a new member's first post says it waits for a moderator, and the approval reaches the author", async ({
  browser,
}) => {
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signUpNewMember(member, "Patient Pia");
  const title = `My first question about moon water ${Date.now()}`;
  await member.goto("/discussions/new");
  await member.getByLabel("Title").fill(title);
  await member.getByLabel("Category").selectOption({ label: "General Discussion" });
  await member.getByLabel("Your post").fill("How long do you leave the water out?");
  await member.getByRole("button", { name: "Publish" }).click();
  await expect(member.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const threadPath = new URL(member.url()).pathname;

  // Under the comment box: what happens next, not "This category is closed."
  await expect(
    member.getByText(
      "Your post is waiting for a moderator; you will be notified when it is approved",
    ),
  ).toBeVisible();
  await expect(member.getByText("This category is closed.")).toHaveCount(0);
  await expect(member.getByLabel("Write a comment")).toHaveCount(0);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto(threadPath);
  await expect(
    admin.getByText("This discussion waits for review. Comments open once it is approved."),
  ).toBeVisible();
  await admin.goto("/admin/moderation");
  await admin
    .getByTestId("pending-post")
    .filter({ hasText: title })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(admin.getByTestId("pending-post").filter({ hasText: title })).toHaveCount(0);

  // The author is told, with a link to the post, and can now take comments.
  await member.goto("/notifications");
  await expect(
    member
      .getByTestId("notification-list")
      .locator(`input[name=redirectTo][value="${threadPath}"]`),
  ).toHaveCount(1);
  await member.goto(threadPath);
  await expect(member.getByLabel("Write a comment")).toBeVisible();
  await Promise.all([memberContext.close(), adminContext.close()]);
});

test("a field's error clears once the field is fixed, and returns if the server says so again", async ({
  page,
}) => {
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Display name").fill("Fixing Fern");
  await page.getByLabel("E-mail").fill(`fern-${Date.now()}@e2e.test`);
  const password = page.getByLabel("Password");
  await password.fill("short");
  await page.getByRole("main").getByRole("button", { name: "Create account" }).click();
  const tooShort = page.getByText("The password must have at least 8 characters.");
  await expect(tooShort).toBeVisible();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  // Still too short: the error stays; long enough: it goes, and the field is no longer invalid.
  await password.pressSequentially("er");
  await expect(tooShort).toBeVisible();
  await password.pressSequentially("-now");
  await expect(tooShort).toHaveCount(0);
  await expect(password).not.toHaveAttribute("aria-invalid", "true");
  // The same mistake submitted again gets the same message again.
  await password.fill("tiny");
  await page.getByRole("main").getByRole("button", { name: "Create account" }).click();
  await expect(tooShort).toBeVisible();
});

test("the card form's errors clear as the fields are filled", async ({ page }) => {
  await signUpNewMember(page, "Erin Errors");
  await page.goto("/checkout");
  await page.getByRole("main").getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("main").getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByText("Enter the expiry date.")).toBeVisible();
  await page.getByLabel("Expiry date").pressSequentially("1230");
  await expect(page.getByText("Enter the expiry date.")).toHaveCount(0);
  // "Use this card" fills the rest, and their errors go with it.
  await page
    .getByTestId("test-cards")
    .getByRole("button", { name: "Use this card" })
    .first()
    .click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
});

test("your own empty profile invites you to write about yourself; others see a plain line", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bio = await signUpNewMember(page, "Quiet Quinn");
  await page.goto("/profile");
  const invite = page.getByTestId("bio-invite");
  await expect(invite).toContainText("Tell other members about yourself");
  await invite.getByRole("link", { name: "Write your bio" }).click();
  await expect(page).toHaveURL(/\/settings#bio$/);
  await expect(page.getByLabel("About you")).toBeInViewport();
  const slug = await page.getByLabel("Profile address").inputValue();

  const guest = await browser.newPage();
  await guest.goto(`/profile/${slug}`);
  await expect(guest.getByRole("heading", { level: 1, name: bio.name })).toBeVisible();
  await expect(guest.getByText("This member has not written about themselves yet.")).toBeVisible();
  await expect(guest.getByTestId("bio-invite")).toHaveCount(0);
  await Promise.all([context.close(), guest.close()]);
});

test("an @mention links to the member's profile and notifies them", async ({ browser }) => {
  const writerContext = await browser.newContext();
  const writer = await writerContext.newPage();
  await signIn(writer, ACCOUNTS.premium);
  const title = `Thank you for the moon water tip ${Date.now()}`;
  await writer.goto("/discussions/new");
  await writer.getByLabel("Title").fill(title);
  await writer.getByLabel("Category").selectOption({ label: "General Discussion" });
  await writer
    .getByLabel("Your post")
    .fill("It worked, @mona-member! (And hello to @no-such-member.)");
  await writer.getByRole("button", { name: "Publish" }).click();
  await expect(writer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const threadPath = new URL(writer.url()).pathname;

  const body = writer.locator("article .prose-content");
  await expect(body.getByRole("link", { name: "@no-such-member" })).toHaveCount(0);
  await body.getByRole("link", { name: "@mona-member" }).click();
  await expect(writer).toHaveURL(/\/profile\/mona-member$/);
  await expect(writer.getByRole("heading", { level: 1, name: "Mona Member" })).toBeVisible();

  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await signIn(reader, ACCOUNTS.member, "/notifications");
  await expect(
    reader
      .getByTestId("notification-list")
      .locator(`input[name=redirectTo][value="${threadPath}"]`),
  ).toHaveCount(1);
  await Promise.all([writerContext.close(), readerContext.close()]);
});

test("the Report box shows its question in full, closes with Escape and still sends a report", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.member);
  await page.goto("/discussions/choosing-your-first-tarot-deck");
  const report = page.getByRole("article").getByRole("button", { name: "Report" }).first();
  await report.click();
  const box = page.getByTestId("report-box");
  const reason = box.getByLabel("Why should a moderator look at this?");
  await expect(reason).toBeFocused();
  // The question is a label on its own line, inside the screen: nothing of it is cut.
  const label = box.getByText("Why should a moderator look at this?");
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const labelBox = await label.boundingBox();
  expect(labelBox && labelBox.x >= 0 && labelBox.x + labelBox.width <= 390).toBe(true);

  await reason.press("Escape");
  await expect(box).toHaveCount(0);
  await expect(report).toBeFocused();

  await report.click();
  await box
    .getByLabel("Why should a moderator look at this?")
    .fill("This looks like an advertisement.");
  await box.getByRole("button", { name: "Report" }).click();
  await expect(page.getByText("Thank you. A moderator will take a look.")).toBeVisible();
});
