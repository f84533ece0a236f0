import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, nthMail, signIn, uniqueEmail } from "./fixtures";

const RESET_SUBJECT = /Reset your Sanctuary password/;

async function askForLink(page: Page, email: string) {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that e-mail");
}

async function choosePassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm new password").fill(password);
  await page.getByRole("button", { name: "Set new password" }).click();
}

test("forgot → reset password from the mailbox; the outbox never shows the link's token", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("forgetful");
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Display name").fill("Forgetful Fern");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("first-password-1");
  await page.getByRole("main").getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().clearCookies();

  // Two links asked for; the e-mails arrive in the member's mailbox.
  await askForLink(page, email);
  const older = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(
    (await nthMail(email, RESET_SUBJECT, 1)).text,
  )?.[0];
  await askForLink(page, email);
  const newer = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(
    (await nthMail(email, RESET_SUBJECT, 2)).text,
  )?.[0];
  expect(older).toBeTruthy();
  expect(newer).toBeTruthy();
  expect(newer).not.toBe(older);

  // Admins see that the e-mails left, never the token that would let them take the account.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto("/admin/outbox");
  await expect(
    admin.getByText(
      "Secrets in messages, such as the token of a password-reset link, are never shown here",
    ),
  ).toBeVisible();
  const messages = admin.getByTestId("outbox-email").filter({ hasText: email });
  await expect(messages).toHaveCount(2);
  await messages.first().locator("summary").click();
  await expect(messages.first().locator("pre")).toContainText("/reset-password?token=•••");
  const outboxText = await admin.content();
  for (const link of [older!, newer!])
    expect(outboxText).not.toContain(new URL(link).searchParams.get("token")!);
  await adminContext.close();

  await choosePassword(page, newer!, "second-password-2");
  await expect(page.getByRole("status")).toHaveText(
    "Your password has been changed. You can sign in with it now.",
  );

  // The newer link works once, and using it ended the older one.
  for (const link of [newer!, older!]) {
    await choosePassword(page, link, "third-password-3");
    await expect(page.getByRole("alert")).toContainText(
      "This reset link is invalid or has expired.",
    );
  }

  await signIn(page, { email, password: "second-password-2" });
  await expect(page).toHaveURL(/\/dashboard$/);
});
