import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember } from "./fixtures";

async function memberPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { context, page, dialogs };
}

/** Counts chimes: every oscillator the page's notification sound creates. */
async function countChimes(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __chimes: number; AudioContext: typeof AudioContext };
    w.__chimes = 0;
    const Original = w.AudioContext;
    w.AudioContext = class extends Original {
      createOscillator() {
        w.__chimes += 1;
        return super.createOscillator();
      }
    };
  });
}

/** The realtime stream of this page is open (events published from now on reach it). */
async function streamOpen(page: Page) {
  await expect(page.locator("html[data-realtime=open]")).toHaveCount(1);
}

test("a reply raises the author's bell and shows a toast without a reload; markup in it never runs", async ({
  browser,
}) => {
  const author = await memberPage(browser);
  const replier = await memberPage(browser);
  const a = author.page;
  await countChimes(a);
  await signIn(a, ACCOUNTS.premium);

  const title = `Moonlit <img src=x onerror=alert(1)> circle ${Date.now()}`;
  await a.goto("/discussions/new");
  await a.getByLabel("Title").fill(title);
  await a.getByLabel("Category").selectOption({ label: "General Discussion" });
  await a.getByLabel("Your post").fill("Who joins the full-moon circle tonight?");
  await a.getByRole("button", { name: "Publish" }).click();
  await expect(a.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const threadUrl = a.url();
  await a.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await streamOpen(a);
  const bell = a.getByTestId("notification-bell");
  const before = Number(
    (
      await a
        .getByTestId("notification-count")
        .textContent({ timeout: 1000 })
        .catch(() => "0")
    )?.replace("+", "") ?? 0,
  );

  // The admin is trusted, so the reply is published at once.
  await signIn(replier.page, ACCOUNTS.admin);
  await replier.page.goto(threadUrl);
  await replier.page.getByLabel("Write a comment").fill("I will bring the silver bowl.");
  await replier.page.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(replier.page.getByText("I will bring the silver bowl.")).toBeVisible();

  const toastTitle = `Ada Admin replied to “${title}”`;
  await expect(
    a.getByRole("region", { name: "Notifications" }).getByText(toastTitle),
  ).toBeVisible();
  if (before < 9) await expect(a.getByTestId("notification-count")).toHaveText(String(before + 1));
  expect(
    await a.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
  expect(
    await a.evaluate(() => (window as unknown as { __chimes: number }).__chimes),
  ).toBeGreaterThan(0);

  // The popover lists it; opening it marks it read and goes to the thread.
  await bell.click();
  const popover = a.getByRole("dialog", { name: "Notifications" });
  await expect(
    popover.getByRole("button", { name: new RegExp(`^${escapeRegExp(toastTitle)}`) }),
  ).toBeVisible();
  await popover.getByRole("button", { name: new RegExp(`^${escapeRegExp(toastTitle)}`) }).click();
  // At the reply itself (checking for the bare thread address passed before the click had gone anywhere).
  await expect(a).toHaveURL(
    new RegExp(`^${escapeRegExp(threadUrl)}\\?comment=([0-9a-f-]{36})#comment-\\1$`),
  );
  await expect(a.locator('[data-highlighted="true"]')).toContainText(
    "I will bring the silver bowl.",
  );
  await a.goto("/notifications");
  await expect(a.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(a.getByTestId("notification-list").locator("li").first()).not.toHaveAttribute(
    "data-unread",
    "true",
  );
  await expect(a.locator("main img[onerror], main img[src=x]")).toHaveCount(0);

  // 'Mark all read' empties the count.
  if ((await a.getByRole("button", { name: "Mark all read" }).count()) > 0) {
    await a.getByRole("button", { name: "Mark all read" }).click();
  }
  await expect(a.getByTestId("notification-count")).toHaveCount(0);
  expect(author.dialogs).toEqual([]);
  await Promise.all([author.context.close(), replier.context.close()]);
});

test("an admin hears of a new member live, under the Admin tab; members see no Admin tab", async ({
  browser,
}) => {
  const admin = await memberPage(browser);
  await signIn(admin.page, ACCOUNTS.admin, "/discussions");
  await streamOpen(admin.page);

  const newcomer = await memberPage(browser);
  const { name } = await signUpNewMember(newcomer.page, `Nova ${Date.now()}`);
  // Other specs sign members up too: look for this one's toast.
  await expect(
    admin.page
      .getByRole("region", { name: "Notifications" })
      .getByText(`${name} just joined the community.`),
  ).toBeVisible();

  await admin.page.getByTestId("notification-bell").click();
  const popover = admin.page.getByRole("dialog", { name: "Notifications" });
  await popover.getByRole("button", { name: /^Admin/ }).click();
  await expect(popover.getByText(`${name} just joined the community.`)).toBeVisible();

  await newcomer.page.getByTestId("notification-bell").click();
  const own = newcomer.page.getByRole("dialog", { name: "Notifications" });
  await expect(own.getByRole("button", { name: /^Community/ })).toBeVisible();
  await expect(own.getByRole("button", { name: /^Admin/ })).toHaveCount(0);
  await own.getByRole("button", { name: /^Community/ }).click();
  await expect(own.getByText("No community notifications yet")).toBeVisible();
  await Promise.all([admin.context.close(), newcomer.context.close()]);
});

test("a member can turn the notification sound off", async ({ page }) => {
  await signUpNewMember(page, `Quiet ${Date.now()}`);
  await page.goto("/settings");
  const sound = page.getByLabel(/Play a sound for new notifications/);
  await expect(sound).toBeChecked();
  await sound.uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/Play a sound for new notifications/)).not.toBeChecked();
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
