import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember } from "./fixtures";

test("a new member's first post says it waits for a moderator, and the approval reaches the author", async ({ browser }) => {
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
  await expect(member.getByText("Your post is waiting for a moderator; you will be notified when it is approved")).toBeVisible();
  await expect(member.getByText("This category is closed.")).toHaveCount(0);
  await expect(member.getByLabel("Write a comment")).toHaveCount(0);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto(threadPath);
  await expect(admin.getByText("This discussion waits for review. Comments open once it is approved.")).toBeVisible();
  await admin.goto("/admin/moderation");
  await admin.getByTestId("pending-post").filter({ hasText: title }).getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByTestId("pending-post").filter({ hasText: title })).toHaveCount(0);

  // The author is told, with a link to the post, and can now take comments.
  await member.goto("/notifications");
  await expect(member.getByTestId("notification-list").locator(`input[name=redirectTo][value="${threadPath}"]`)).toHaveCount(1);
  await member.goto(threadPath);
  await expect(member.getByLabel("Write a comment")).toBeVisible();
  await Promise.all([memberContext.close(), adminContext.close()]);
});
