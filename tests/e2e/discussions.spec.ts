import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember } from "./fixtures";

async function startDiscussion(page: Page, title: string, category: string, content: string) {
  await page.goto("/discussions/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption({ label: category });
  await page.getByLabel("Your post").fill(content);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

test("a guest browses discussions and is asked to sign in to comment", async ({ page }) => {
  await page.goto("/discussions");
  await expect(page.getByRole("heading", { level: 1, name: "Discussions" })).toBeVisible();
  await page.getByRole("link", { name: "Trending" }).click();
  await expect(page).toHaveURL(/tab=trending/);
  await page.getByTestId("post-row").first().getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("link", { name: "Sign in to leave a comment" })).toBeVisible();
  await expect(page.getByLabel("Write a comment")).toHaveCount(0);
  // The tabs and filters are plain links: the list renders on the server without JavaScript.
  const html = await (await page.request.get("/discussions?category=beginners-circle")).text();
  expect(html).toContain("Choosing your first tarot deck");
});

test("a free member reads a premium category but cannot post there", async ({ page }) => {
  await signUpNewMember(page, "Free Fiona");
  await page.goto("/discussions?category=inner-sanctum");
  await expect(
    page.getByText("Read-only • Full membership required for posting").first(),
  ).toBeVisible();
  await page.getByRole("link", { name: "Study circle: the seven Hermetic principles" }).click();
  await expect(page.getByText("Read-only • Full membership required for posting")).toBeVisible();
  await expect(page.getByLabel("Write a comment")).toHaveCount(0);
  // The category is not offered, and a forged POST is refused by the server.
  await page.goto("/discussions/new");
  await expect(
    page.getByLabel("Category").locator("option", { hasText: "Inner Sanctum" }),
  ).toHaveCount(0);
  const response = await page.request.post("/discussions/new", {
    headers: { origin: new URL(page.url()).origin },
    form: { title: "Sneaking into the sanctum", category: "inner-sanctum", content: "Hello" },
  });
  expect(response.status()).toBe(403);
});

test("a new member's comment waits for moderation until an admin approves it, and the author is notified", async ({
  browser,
}) => {
  const premiumContext = await browser.newContext();
  const premium = await premiumContext.newPage();
  await signIn(premium, ACCOUNTS.premium);
  const title = `Candle colours and their meanings ${Date.now()}`;
  await startDiscussion(premium, title, "Ritual & Ceremony", "Which colours do you use, and why?");
  const threadUrl = premium.url();

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signUpNewMember(member, "Newcomer Nell");
  await member.goto(threadUrl);
  await member.getByLabel("Write a comment").fill("White for cleansing, green for growth.");
  await member.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(member.getByText("Your comment waits for a moderator.")).toBeVisible();
  await expect(
    member.getByTestId("comment").filter({ hasText: "White for cleansing" }),
  ).toContainText("Pending moderation");

  // Nobody else sees it yet.
  await premium.reload();
  await expect(premium.getByText("White for cleansing, green for growth.")).toHaveCount(0);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto("/admin/moderation");
  const pending = admin.getByTestId("pending-comment").filter({ hasText: "White for cleansing" });
  await pending.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Approved.")).toBeVisible();
  await expect(
    admin.getByTestId("pending-comment").filter({ hasText: "White for cleansing" }),
  ).toHaveCount(0);

  await premium.reload();
  await expect(premium.getByText("White for cleansing, green for growth.")).toBeVisible();
  await member.reload();
  await expect(
    member.getByTestId("comment").filter({ hasText: "White for cleansing" }),
  ).not.toContainText("Pending moderation");
  await Promise.all([premiumContext.close(), memberContext.close(), adminContext.close()]);
});

test("stored script in a post, comment and display name never runs", async ({ browser }) => {
  const dialogs: string[] = [];
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, ACCOUNTS.premium);
  await page.goto("/settings");
  await page.getByLabel("Display name").fill(`<img src=x onerror=alert(1)>`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();

  const payload = `<script>alert(2)</script> <img src=x onerror="alert(3)"> [click](javascript:alert(4)) <a href="#" onclick="alert(5)">x</a>`;
  await startDiscussion(page, `Testing odd markup ${Date.now()}`, "General Discussion", payload);
  await page.getByLabel("Write a comment").fill(payload);
  await page.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(page.getByTestId("comment")).toHaveCount(1);
  await page.reload();
  expect(await page.locator("main script").count()).toBe(0);
  expect(await page.locator("[onerror], [onclick]").count()).toBe(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  await page.goto("/discussions");
  await page.goto("/members");
  expect(dialogs).toEqual([]);

  await page.goto("/settings");
  await page.getByLabel("Display name").fill(ACCOUNTS.premium.name);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await context.close();
});

test("a member reacts, edits and the post shows the edited marker", async ({ page }) => {
  await signIn(page, ACCOUNTS.premium);
  const title = `Moon water questions ${Date.now()}`;
  await startDiscussion(page, title, "Beginners' Circle", "How long should moon water sit out?");
  await page.getByRole("button", { name: /^Like/ }).first().click();
  await expect(page.getByRole("button", { name: /^Like/ }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("main").getByRole("link", { name: "Edit", exact: true }).click();
  await page.getByLabel("Your post").fill("How long should moon water sit out? Overnight?");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator(".prose-content").getByText("Overnight?")).toBeVisible();
  await expect(page.getByText("edited", { exact: false }).first()).toBeVisible();
});
