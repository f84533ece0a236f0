import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, uniqueEmail } from "./fixtures";

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(", ")}`)).toEqual([]);
}

/** A page in its own browser context (its own cookies: a second member). */
async function memberPage(browser: Browser, options: { width?: number } = {}) {
  const context = await browser.newContext(
    options.width ? { viewport: { width: options.width, height: 844 } } : {},
  );
  return { context, page: await context.newPage() };
}

/** Marks the document, so a later check can tell that the page was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
}

test("guests are sent to sign in", async ({ page }) => {
  await page.goto("/messages");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmessages$/);
  await page.goto("/messages/00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(
    /\/auth\?redirectTo=%2Fmessages%2F00000000-0000-4000-8000-000000000000$/,
  );
  // Guests see no Message button on profiles.
  await page.goto("/profile/mona-member");
  await expect(page.getByRole("heading", { name: "Mona Member" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Message/ })).toHaveCount(0);
});

test("a member messages another from their profile; the other sees it arrive live and replies", async ({
  browser,
}) => {
  const sender = await memberPage(browser);
  const receiver = await memberPage(browser);
  const a = sender.page;
  const b = receiver.page;

  // B waits on /messages (no reload from here on).
  await signIn(b, ACCOUNTS.member, "/messages");
  await expect(b).toHaveURL(/\/messages$/);
  await expect(b.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  await markDocument(b);
  await expect(b.locator("html[data-realtime=open]")).toHaveCount(1);

  await signIn(a, ACCOUNTS.premium);
  await a.goto("/profile/perry-premium");
  await expect(a.getByRole("button", { name: /^Message/ })).toHaveCount(0); // not on your own profile
  await a.goto("/profile/mona-member");
  await a.getByRole("button", { name: "Message Mona Member" }).click();
  await expect(a).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(a.getByRole("heading", { name: "Mona Member" })).toBeVisible();

  const text = `Blessed be, Mona — the moon is full tonight ${Date.now()}`;
  const aBox = a.getByLabel("Message to Mona Member");
  await aBox.fill(text);
  await aBox.press("Enter");
  await expect(a.getByTestId("message-log").getByText(text)).toBeVisible();
  await expect(aBox).toHaveValue("");

  // B's list shows the conversation with one unread message, and the header total rises.
  const row = b.getByTestId("conversation-perry-premium");
  await expect(row).toContainText(text.slice(0, 40));
  await expect(row.getByTestId("conversation-unread")).toContainText("1");
  await expect(
    b
      .getByRole("navigation", { name: "Main Navigation" })
      .getByRole("link", { name: /Messages\s*1/ })
      .first(),
  ).toBeVisible();
  await expectSameDocument(b);

  await row.click();
  await expect(b.getByTestId("message-log").getByText(text)).toBeVisible();
  await expect(
    b.getByTestId("conversation-perry-premium").getByTestId("conversation-unread"),
  ).toHaveCount(0);
  await expect(
    b
      .getByRole("navigation", { name: "Main Navigation" })
      .getByRole("link", { name: /^Messages$/ })
      .first(),
  ).toBeVisible();
  await expectNoSeriousViolations(b);

  // Reply: Shift+Enter makes a new line, Enter sends; A sees it without reloading.
  await markDocument(a);
  await expect(a.locator("html[data-realtime=open]")).toHaveCount(1);
  const bBox = b.getByLabel("Message to Perry Premium");
  await bBox.fill("Blessings returned.");
  await bBox.press("Shift+Enter");
  await bBox.pressSequentially("<b>Not bold</b>");
  await expect(bBox).toHaveValue("Blessings returned.\n<b>Not bold</b>");
  await bBox.press("Enter");
  const reply = a.getByTestId("message-log").getByTestId("message").last();
  await expect(reply).toContainText("Blessings returned.");
  await expect(reply).toContainText("<b>Not bold</b>");
  await expect(reply.locator("b")).toHaveCount(0);
  await expectSameDocument(a);
  // The open thread marked it read at once.
  await expect(
    a.getByTestId("conversation-mona-member").getByTestId("conversation-unread"),
  ).toHaveCount(0);

  // The user menu lists Messages.
  await a.getByTestId("user-menu").click();
  await expect(a.getByRole("menuitem", { name: /Messages/ })).toBeVisible();
  await a.keyboard.press("Escape");

  // Each message once: the live update and the sender's own revalidation do not duplicate.
  await expect(a.getByTestId("message-log").getByTestId("message")).toHaveCount(2);

  await sender.context.close();
  await receiver.context.close();
});

test("on a phone a new message lights an indicator in the header, live", async ({ browser }) => {
  const receiver = await memberPage(browser, { width: 390 });
  const sender = await memberPage(browser);
  const b = receiver.page;
  const a = sender.page;
  const phoebe = await signUpNewMember(b, "Phoebe Phone");
  await b.goto("/settings");
  const slug = await b.getByLabel("Profile address").inputValue();

  // B reads the discussions on a phone: the side navigation is a closed drawer.
  await b.goto("/discussions");
  await expect(b.locator("html[data-realtime=open]")).toHaveCount(1);
  await markDocument(b);
  const banner = b.getByRole("banner");
  await expect(banner.getByTestId("header-messages")).toHaveCount(0);

  await signUpNewMember(a, "Sam Sender");
  await a.goto(`/profile/${slug}`);
  await a.getByRole("button", { name: `Message ${phoebe.name}` }).click();
  const box = a.getByLabel(`Message to ${phoebe.name}`);
  await box.fill("Are you coming to the full moon circle?");
  await box.press("Enter");
  await expect(
    a.getByTestId("message-log").getByText("Are you coming to the full moon circle?"),
  ).toBeVisible();

  // The envelope appears in B's header with the count, without a reload, and leads to the messages.
  const indicator = banner.getByRole("link", { name: "1 unread message" });
  await expect(indicator).toBeVisible();
  await expect(banner.getByTestId("header-messages-count")).toHaveText("1");
  await expectSameDocument(b);
  await box.fill("And bring a candle.");
  await box.press("Enter");
  await expect(banner.getByRole("link", { name: "2 unread messages" })).toBeVisible();
  await expectNoSeriousViolations(b);
  await banner.getByRole("link", { name: "2 unread messages" }).click();
  await expect(b).toHaveURL(/\/messages$/);
  await expect(b.getByTestId("conversation-sam-sender")).toBeVisible();

  await sender.context.close();
  await receiver.context.close();
});

test("a blocked member cannot send", async ({ browser }) => {
  // A fresh member on a phone-sized screen writes to the admin, who blocks them.
  const newcomer = await memberPage(browser, { width: 390 });
  const admin = await memberPage(browser);
  const c = newcomer.page;
  const d = admin.page;
  await c.goto("/auth?tab=signup");
  await c.getByLabel("Display name").fill("Pestering Pip");
  await c.getByLabel("E-mail").fill(uniqueEmail("pip"));
  await c.getByLabel("Password").fill("pip-password-1");
  await c.getByRole("main").getByRole("button", { name: "Create account" }).click();
  await expect(c).toHaveURL(/\/dashboard$/);
  await c.goto("/profile/ada-admin");
  await c.getByRole("button", { name: "Message Ada Admin" }).click();
  await expect(c).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const threadUrl = c.url();
  const cBox = c.getByLabel("Message to Ada Admin");
  await cBox.fill("Hello? Hello? Hello?");
  await c.getByRole("button", { name: "Send" }).click();
  await expect(c.getByTestId("message-log").getByText("Hello? Hello? Hello?")).toBeVisible();
  await expectNoSeriousViolations(c);

  await signIn(d, ACCOUNTS.admin, "/messages");
  // The newest conversation first: a retry of this test leaves the earlier one behind.
  await d
    .getByRole("link", { name: /Pestering Pip/ })
    .first()
    .click();
  await d.getByTestId("thread-menu").click();
  await d.getByRole("menuitem", { name: "Block member" }).click();
  const dialog = d.getByRole("dialog", { name: /Block Pestering Pip/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Block" }).click();
  await expect(dialog).toBeHidden();
  await expect(d.getByTestId("thread-blocked")).toContainText("You blocked Pestering Pip");
  await expect(d.getByLabel("Message to Pestering Pip")).toHaveCount(0);

  // C's page is still open with the message box: the server refuses the message.
  await cBox.fill("Why won't you answer?");
  await cBox.press("Enter");
  await expect(c.getByText("You can't message this member.")).toBeVisible();
  await expect(c.getByTestId("message-log").getByText("Why won't you answer?")).toHaveCount(0);
  await d.reload();
  await expect(d.getByTestId("message-log").getByText("Hello? Hello? Hello?")).toBeVisible();
  await expect(d.getByTestId("message-log").getByText("Why won't you answer?")).toHaveCount(0);

  // A stranger cannot open the conversation at all.
  const stranger = await memberPage(browser);
  await signIn(stranger.page, ACCOUNTS.premium);
  const response = await stranger.page.goto(threadUrl);
  expect(response?.status()).toBe(404);

  await newcomer.context.close();
  await admin.context.close();
  await stranger.context.close();
});
