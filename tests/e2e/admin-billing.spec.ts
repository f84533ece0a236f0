import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember } from "./fixtures";

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** The realtime stream of this page is open (events published from now on reach it). */
async function streamOpen(page: Page) {
  await expect(page.locator("html[data-realtime=open]")).toHaveCount(1);
}

/** The number on the header's Sales link (0 when it shows none). */
async function salesBadge(page: Page): Promise<number> {
  const badge = page.getByTestId("sales-count");
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.textContent())?.replace("+", "") ?? 0);
}

/** The member side of a purchase with the built-in provider: /checkout, then the test card page. */
async function payWithTestCard(page: Page) {
  await page.goto("/checkout");
  await page
    .getByRole("main")
    .getByRole("button", { name: /continue/i })
    .click();
  await expect(page).toHaveURL(/\/checkout\/pay\/[0-9a-f-]{36}$/);
  await page.getByLabel(/card number/i).fill("4242 4242 4242 4242");
  await page.getByLabel(/expir/i).fill("12/34");
  await page.getByLabel(/cvc|security code/i).fill("123");
  await page.getByRole("textbox", { name: /name/i }).fill("Sable Buyer");
  await page.getByRole("main").getByRole("button", { name: /^pay/i }).click();
  await expect(page).toHaveURL(/\/payment-success/);
}

test("a sale raises the admin's Sales badge live; the admin refunds it and grants premium by hand", async ({
  browser,
}) => {
  const admin = await newPage(browser);
  const member = await newPage(browser);
  const a = admin.page;
  await signIn(a, ACCOUNTS.admin);
  await a.goto("/admin/transactions");
  await expect(a.getByRole("heading", { level: 2, name: "Transactions" })).toBeVisible();
  await streamOpen(a);
  await a.evaluate(() => Object.assign(window, { __sameDocument: true }));
  // Opening the screen saw every sale so far.
  expect(await salesBadge(a)).toBe(0);

  const name = `Sable Buyer ${Date.now()}`;
  const buyer = await signUpNewMember(member.page, name);
  await payWithTestCard(member.page);
  await member.page.goto("/dashboard");
  await expect(member.page.getByTestId("membership")).toContainText(
    "Your full membership is active.",
  );

  // Without a reload: a toast and the badge.
  await expect(
    a.getByRole("region", { name: "Notifications" }).getByText(`New sale: ${name} — $30.00`),
  ).toBeVisible();
  await expect.poll(() => salesBadge(a)).toBeGreaterThanOrEqual(1);
  await expect(a.getByTestId("sales-link")).toHaveAccessibleName(/^Sales, \d+ new sales?$/);
  expect(
    await a.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);

  // Showing the new sales reloads the list, which marks them seen.
  await a.getByRole("button", { name: "Show new sales" }).click();
  const row = a.getByRole("row").filter({ hasText: buyer.email });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("payment-status")).toHaveText("Paid");
  await expect(a.getByTestId("sales-count")).toHaveCount(0);

  // Refund, through a confirmation dialog (keyboard: Escape cancels it first).
  await row.getByRole("button", { name: /^Refund R-\d{6} of / }).click();
  const dialog = a.getByRole("dialog", { name: "Refund $30.00?" });
  await expect(dialog).toBeVisible();
  await a.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await row.getByRole("button", { name: /^Refund R-\d{6} of / }).click();
  await dialog.getByRole("button", { name: "Refund $30.00" }).click();
  await expect(
    a.getByText(new RegExp(`R-\\d{6} refunded; ${name} is back on the free membership\\.`)),
  ).toBeVisible();
  await expect(row.getByTestId("payment-status")).toHaveText("Refunded");
  await expect(row.getByRole("button", { name: /^Refund/ })).toHaveCount(0);

  // The member lost premium at once.
  await member.page.goto("/dashboard");
  await expect(member.page.getByTestId("membership")).toContainText("You are on the free plan.");

  // The subscriptions screen shows the ended membership; a grant needs a reason.
  await a.goto(`/admin/subscriptions?q=${encodeURIComponent(buyer.email)}`);
  const subscription = a.getByTestId(`subscription-row-${buyer.email}`);
  await expect(subscription.getByTestId("membership-state")).toHaveText("Canceled");
  await subscription.getByRole("button", { name: `Grant full membership to ${name}` }).click();
  const grant = a.getByRole("dialog", { name: `Grant full membership to ${name}?` });
  await expect(grant.getByLabel("Reason")).toBeFocused();
  await grant.getByLabel("Reason").fill("  ");
  await grant.getByRole("button", { name: "Grant full membership" }).click();
  await expect(grant.getByText("Give a reason of at least 3 characters.")).toBeVisible();
  await expect(grant.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  const reason = `Goodwill after the refund ${Date.now()}`;
  await grant.getByLabel("Reason").fill(reason);
  await grant.getByRole("button", { name: "Grant full membership" }).click();
  await expect(a.getByText(`Full membership granted to ${name}.`)).toBeVisible();
  await expect(grant).toHaveCount(0);
  await expect(subscription.getByTestId("membership-state")).toHaveText("Active");
  await expect(subscription).toContainText("Granted");

  await member.page.goto("/dashboard");
  await expect(member.page.getByTestId("membership")).toContainText(
    "Your full membership is active.",
  );

  await a.goto("/admin/audit");
  await expect(
    a.getByRole("row").filter({ hasText: "membership.grant" }).filter({ hasText: reason }),
  ).toBeVisible();
  await expect(a.getByRole("row").filter({ hasText: "payment.refund" }).first()).toBeVisible();

  // The raw events of that purchase, their payload shown as text.
  await a.goto("/admin/payments");
  const event = a
    .getByTestId("payment-event")
    .filter({ hasText: "invoice.paid" })
    .filter({ hasText: name })
    .first();
  await expect(event).toBeVisible();
  await expect(event.getByTestId("event-payload")).toBeHidden();
  await event.getByText("Show payload").click();
  await expect(event.getByTestId("event-payload")).toBeVisible();
  await expect(event.getByTestId("event-payload")).toContainText('"amount": 3000');

  await admin.context.close();
  await member.context.close();
});

test("the billing screen: figures, charts drawn in the browser, and the pricing form keeps bad input", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  const response = await page.goto("/admin/billing");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 2, name: "Billing" })).toBeVisible();
  await expect(page.getByTestId("kpi-mrr")).toContainText("Monthly recurring revenue");
  await expect(page.getByTestId("kpi-churn")).toContainText("Churn, last 30 days");
  // Both charts are drawn after hydration (the server sends a placeholder and a data table).
  await expect(page.getByTestId("chart-revenue").locator("svg.recharts-surface")).toBeVisible();
  await expect(page.getByTestId("chart-new-members").locator("svg.recharts-surface")).toBeVisible();
  await expect(page.getByRole("table", { name: "New paying members per month" })).toHaveCount(1);

  await page.getByLabel("Monthly price").fill("thirty");
  await page.getByLabel("Currency").fill("US1");
  await page.getByRole("button", { name: "Save pricing" }).click();
  await expect(page.getByText("Enter a three-letter ISO currency code such as USD.")).toBeVisible();
  await expect(page.getByLabel("Monthly price")).toHaveValue("thirty");
  await expect(page.getByLabel("Currency")).toHaveValue("US1");

  // A member is refused the admin screens.
  const context = await page.context().browser()!.newContext();
  const memberPage = await context.newPage();
  await signIn(memberPage, ACCOUNTS.member);
  for (const path of [
    "/admin/billing",
    "/admin/transactions",
    "/admin/subscriptions",
    "/admin/payments",
  ]) {
    expect((await memberPage.goto(path))?.status()).toBe(403);
  }
  await expect(memberPage.getByTestId("sales-link")).toHaveCount(0);
  await context.close();
});
