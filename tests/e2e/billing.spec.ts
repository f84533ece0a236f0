import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signIn, signUpNewMember } from "./fixtures";

// The e2e server has no STRIPE_SECRET_KEY: every checkout uses the built-in test-card provider.

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Bea Buyer");
}

const main = (page: Page) => page.getByRole("main");

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(", ")}`)).toEqual([]);
}

test.describe.serial("memberships and payments (member side)", () => {
  let buyer: { email: string; password: string; name: string };
  let receiptUrl = "";

  test("a guest is asked to sign up first; checkout and billing ask to sign in", async ({
    page,
  }) => {
    await page.goto("/subscription");
    await expect(
      main(page).getByRole("heading", { level: 1, name: "Go deeper with full membership" }),
    ).toBeVisible();
    await expect(page.getByTestId("membership-price")).toHaveText("$30.00 / month");
    await expect(page.getByRole("banner").getByTestId("become-member")).toBeVisible();
    const table = page.getByTestId("comparison-table");
    await expect(table.getByRole("rowheader", { name: "Money-back guarantee" })).toBeVisible();
    // The e2e community is far smaller than the competitors' "< 500": the table does not boast it.
    await expect(table.getByRole("rowheader", { name: "Community size" })).toHaveCount(0);
    // No videos exist yet, so the table claims none.
    await expect(table.getByRole("rowheader", { name: "Video lessons" })).toHaveCount(0);
    await expect(main(page).getByRole("link", { name: "Sign up to join" }).first()).toHaveAttribute(
      "href",
      "/auth?tab=signup&redirectTo=/subscription",
    );
    await expectNoSeriousViolations(page);

    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcheckout$/);
    await page.goto("/billing");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fbilling$/);
  });

  test("a free member meets the Premium gate, is declined, then pays with the test card", async ({
    page,
  }) => {
    // A sign-up, an axe scan and four payment attempts: over 30 s on a busy machine.
    test.slow();
    buyer = await signUpNewMember(page, "Bea Buyer");
    await page.goto("/explore");
    await expect(main(page).getByRole("heading", { name: "For full members" })).toBeVisible();
    await main(page).getByRole("link", { name: "Get full membership" }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await main(page).getByRole("link", { name: "Continue to checkout" }).first().click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId("checkout-total")).toHaveText("$30.00");
    await main(page).getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/\/checkout\/pay\/[0-9a-f-]{36}$/);
    const cardPage = page.url();
    await expect(page.getByTestId("test-cards")).toContainText("No real money is charged");
    await expect(page.getByTestId("test-cards")).toContainText("4242 4242 4242 4242");
    await expectNoSeriousViolations(page);

    // Format errors: 400, the input kept.
    await page.getByLabel("Card number").fill("4242");
    await page.getByLabel("Name on card").fill("Bea Buyer");
    await main(page).getByRole("button", { name: /^Pay/ }).click();
    await expect(main(page).getByText("A card number has 12 to 19 digits.")).toBeVisible();
    await expect(main(page).getByText("Enter the expiry date.")).toBeVisible();
    await expect(page.getByLabel("Name on card")).toHaveValue("Bea Buyer");

    // The decline card: the error, nothing granted, name and expiry kept.
    await fillCard(page, "4000 0000 0000 0002");
    await main(page).getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByTestId("card-error")).toHaveText(
      "Your card was declined. Nothing was charged.",
    );
    await expect(page.getByLabel("Name on card")).toHaveValue("Bea Buyer");
    await expect(page.getByLabel("Expiry date")).toHaveValue("12/34");
    await expect(page.getByLabel("Card number")).toHaveValue("");

    // A number that is no test card.
    await fillCard(page, "5555 5555 5555 4444");
    await main(page).getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByTestId("card-error")).toContainText("This is not a test card");

    await page.goto("/billing");
    await expect(page.getByTestId("billing-status")).toHaveText("Free");
    await expect(page.getByTestId("payment-history")).toHaveCount(0);
    await page.goto("/explore");
    await expect(main(page).getByRole("heading", { name: "For full members" })).toBeVisible();

    // The success card.
    await page.goto(cardPage);
    await fillCard(page, "4242 4242 4242 4242");
    await main(page).getByRole("button", { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/payment-success\?checkout=[0-9a-f-]{36}$/);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(
      "Welcome to full membership, Bea Buyer!",
    );
    await expect(page.getByTestId("membership-summary")).toContainText("Full membership");
    await expect(page.getByTestId("membership-summary")).toContainText("Active");
    await expect(page.getByRole("banner").getByTestId("become-member")).toHaveCount(0);
    await expectNoSeriousViolations(page);

    // The card page of a paid checkout leads back to the success page (nothing is paid twice).
    await page.goto(cardPage);
    await expect(page).toHaveURL(/\/payment-success\?checkout=/);

    await main(page).getByRole("link", { name: "Today's Recommendations" }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(main(page).getByRole("heading", { name: "For full members" })).toHaveCount(0);
    await expect(main(page).getByRole("heading", { level: 1 })).toBeVisible();

    // Paying members are sent from checkout to billing.
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/billing$/);
  });

  test("the member cancels (keeping access), resumes, checks the status and opens the receipt", async ({
    page,
  }) => {
    await signIn(page, buyer, "/billing");
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByTestId("billing-status")).toHaveText("Active");
    await expect(page.getByTestId("membership-panel")).toContainText("Test card •••• 4242");
    const history = page.getByTestId("payment-history");
    await expect(history.getByRole("row")).toHaveCount(2);
    await expect(history).toContainText("$30.00");
    await expectNoSeriousViolations(page);

    // The same screen under its other paths.
    await page.goto("/manage-subscription");
    await expect(page.getByTestId("billing-status")).toHaveText("Active");
    await page.goto("/billing-management");
    await expect(page.getByTestId("billing-status")).toHaveText("Active");
    await page.goto("/billing");

    await main(page).getByRole("link", { name: "Cancel membership" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel your membership?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Yes, cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("billing-status")).toHaveText(
      /^Cancelled, access until .+\d{4}$/,
    );
    await expect(
      page.getByText(
        "Your membership is cancelled. You keep access until the end of the paid period.",
      ),
    ).toBeVisible();
    await page.goto("/explore");
    await expect(main(page).getByRole("heading", { name: "For full members" })).toHaveCount(0);

    await page.goto("/billing");
    await main(page).getByRole("button", { name: "Resume membership" }).click();
    await expect(page.getByTestId("billing-status")).toHaveText("Active");

    await main(page).getByRole("button", { name: "Check subscription status" }).click();
    await expect(page.getByText("Your subscription is up to date.")).toBeVisible();

    const receiptLink = history.getByRole("link", { name: /^R-\d{6}$/ });
    const label = (await receiptLink.textContent())!.trim();
    await receiptLink.click();
    await expect(page).toHaveURL(/\/billing\/receipts\/[0-9a-f-]{36}$/);
    receiptUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId("receipt-number")).toHaveText(label);
    await expect(page.getByTestId("receipt-amount")).toHaveText("$30.00");
    await expect(main(page)).toContainText("Bea Buyer");
    await expect(main(page)).toContainText(buyer.email);
    await expectNoSeriousViolations(page);
  });

  test("another member gets a 404 for that receipt", async ({ browser }) => {
    const other = await newPage(browser);
    await signUpNewMember(other.page, "Nosy Neighbour");
    const response = await other.page.goto(receiptUrl);
    expect(response?.status()).toBe(404);
    await expect(other.page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(other.page.getByText("R-0")).toHaveCount(0);
    // A made-up checkout is not found either.
    expect(
      (
        await other.page.goto("/payment-success?checkout=00000000-0000-4000-8000-000000000000")
      )?.status(),
    ).toBe(404);
    await expect(
      main(other.page).getByRole("heading", { name: "Payment not found" }),
    ).toBeVisible();
    await other.context.close();
  });
});
