import { expect, test, type Page } from "@playwright/test";
import { signUpNewMember } from "./fixtures";

// The e2e server has no STRIPE_SECRET_KEY: checkouts use the built-in test-card page.

async function openCardPage(page: Page) {
  await page.goto("/checkout");
  await page.getByRole("main").getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\/[0-9a-f-]{36}$/);
}

test("the card number is grouped by four and the expiry typed as digits becomes MM/YY", async ({
  page,
}) => {
  const buyer = await signUpNewMember(page, "Tina Typist");
  await openCardPage(page);
  const number = page.getByLabel("Card number");
  const expiry = page.getByLabel("Expiry date");
  await number.pressSequentially("4000000000000002");
  await expect(number).toHaveValue("4000 0000 0000 0002");
  // Deleting and typing a digit in the middle regroups the rest and keeps the caret after it.
  await number.press("Home");
  for (let i = 0; i < 6; i++) await number.press("ArrowRight");
  await number.press("Backspace");
  await expect(number).toHaveValue("4000 0000 0000 002");
  await number.pressSequentially("0");
  await expect(number).toHaveValue("4000 0000 0000 0002");
  await expect(number).toHaveJSProperty("selectionStart", 6);

  await expiry.pressSequentially("1230");
  await expect(expiry).toHaveValue("12/30");
  await expiry.press("Backspace");
  await expiry.press("Backspace");
  await expect(expiry).toHaveValue("12");
  await expiry.pressSequentially("31");
  await expect(expiry).toHaveValue("12/31");

  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill(buyer.name);
  await page.getByRole("main").getByRole("button", { name: /^Pay/ }).click();
  // Declined: the number and CVC start empty again, the expiry and the name stay.
  await expect(page.getByTestId("card-error")).toHaveText(
    "Your card was declined. Nothing was charged.",
  );
  await expect(expiry).toHaveValue("12/31");
  await expect(page.getByLabel("Name on card")).toHaveValue(buyer.name);
  await expect(number).toHaveValue("");
  await expect(page.getByLabel("CVC")).toHaveValue("");
});

test('"Use this card" fills every field, keeping what was typed', async ({ page }) => {
  const buyer = await signUpNewMember(page, "Ulla Usecard");
  await openCardPage(page);
  const cards = page.getByTestId("test-cards");
  await cards
    .getByRole("listitem")
    .filter({ hasText: "Card is declined" })
    .getByRole("button", { name: "Use this card" })
    .click();
  await expect(page.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");
  await expect(page.getByLabel("Card number")).toBeFocused();
  await expect(page.getByLabel("Expiry date")).toHaveValue(/^12\/\d{2}$/);
  await expect(page.getByLabel("CVC")).toHaveValue("123");
  await expect(page.getByLabel("Name on card")).toHaveValue(buyer.name);
  await page.getByRole("main").getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByTestId("card-error")).toHaveText(
    "Your card was declined. Nothing was charged.",
  );

  // Another card after the decline: the kept expiry and name are not overwritten.
  await page.getByLabel("Expiry date").fill("0729");
  await page.getByLabel("Name on card").fill("Ulla U.");
  await cards
    .getByRole("listitem")
    .filter({ hasText: "Payment succeeds" })
    .first()
    .getByRole("button", { name: "Use this card" })
    .click();
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await expect(page.getByLabel("Expiry date")).toHaveValue("07/29");
  await expect(page.getByLabel("Name on card")).toHaveValue("Ulla U.");
  await expect(page.getByLabel("CVC")).toHaveValue("123");
  await page.getByRole("main").getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/payment-success/);
});

test("without JavaScript the server reads an expiry typed as digits", async ({ browser }) => {
  const context = await browser.newContext();
  const setup = await context.newPage();
  await signUpNewMember(setup, "Nils Noscript");
  await openCardPage(setup);
  const cardPage = setup.url();
  await setup.close();
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const page = await noScript.newPage();
  await page.goto(cardPage);
  await page.getByLabel("Card number").fill("4000000000000002");
  await page.getByLabel("Expiry date").fill("1230");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Nils Noscript");
  await page.getByRole("main").getByRole("button", { name: /^Pay/ }).click();
  // The card's outcome, not a format error: "1230" was read as 12/30.
  await expect(page.getByTestId("card-error")).toHaveText(
    "Your card was declined. Nothing was charged.",
  );
  await expect(page.getByText("Use the form MM/YY")).toHaveCount(0);
  await expect(page.getByLabel("Expiry date")).toHaveValue("1230");
  await Promise.all([context.close(), noScript.close()]);
});
