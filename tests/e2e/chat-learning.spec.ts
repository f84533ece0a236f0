import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * FAQ learning with a human in the loop: a guest asks the guide something the site does not
 * answer and rates the reply down; an admin reads the conversations, finds the question among
 * the candidates, writes the answer and approves it; the next guest who asks gets the new FAQ
 * article as the first source. The conversation list filters by thumbs down and shows the
 * transcript. Axe on both admin screens; Arabic on a phone without sideways scrolling.
 */

test.describe.configure({ mode: "serial", timeout: 90_000 });

const QUESTION = `Which crystal cleanses a tarot deck ${Date.now().toString(36)}?`;

async function seriousViolations(page: Page): Promise<string[]> {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

/** A guest on a fresh browser asks the guide; the reply's element. */
async function guestAsks(browser: Browser, question: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/about");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open the chat" }).click();
  const panel = page.getByRole("dialog", { name: "Mystical Guide" });
  const input = panel.getByPlaceholder("Type your message...");
  await input.fill(question);
  await input.press("Enter");
  const reply = panel.getByRole("log").locator("[data-chat-role=assistant]").last();
  await expect(input).toBeEnabled({ timeout: 15_000 });
  return { context, page, panel, reply };
}

test("an approved candidate answers the next visitor", async ({ browser, page }) => {
  // 1. A guest asks; the site has nothing on it yet; the guest rates the reply down.
  const first = await guestAsks(browser, QUESTION);
  await expect(first.reply.getByRole("link").first()).toBeVisible();
  const down = first.reply.getByRole("button", { name: "Not helpful" });
  await down.click();
  await expect(down).toHaveAttribute("aria-pressed", "true");
  // Pressing again takes it back; once more sets it (the server stores the last one).
  await down.click();
  await expect(down).toHaveAttribute("aria-pressed", "false");
  await down.click();
  await expect(down).toHaveAttribute("aria-pressed", "true");
  await first.context.close();

  // 2. The admin reads the conversations and approves the question with a written answer.
  await signIn(page, ACCOUNTS.admin);
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Chat learning" })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Chat learning" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Read new conversations now" }).click();
  await expect(page.getByText("The conversations have been read.")).toBeVisible();
  const entry = page
    .getByTestId("faq-entries")
    .getByRole("listitem")
    .filter({ has: page.locator(`input[value="${QUESTION}"]`) });
  await expect(entry).toBeVisible();
  await expect(entry.getByText("Asked 1 time")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Hostile input: an empty answer is refused beside the field, nothing is published.
  await entry.getByLabel("Answer").fill("");
  await entry.getByRole("button", { name: "Approve and publish" }).click();
  await expect(entry.getByRole("alert")).toHaveText("Write the answer.");

  await entry
    .getByLabel("Answer")
    .fill(
      "Rest the deck on a **clear quartz** cluster overnight. <script>alert(1)</script> Then shuffle it once.",
    );
  await entry.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByText("Approved: the entry is now a public FAQ article.")).toBeVisible();
  await page.getByTestId("faq-tab-approved").click();
  const approved = page
    .getByTestId("faq-entries")
    .getByRole("listitem")
    .filter({ has: page.locator(`input[value="${QUESTION}"]`) });
  await approved.getByRole("link", { name: "View the FAQ article" }).click();
  await expect(page).toHaveURL(/\/faq\/which-crystal-cleanses-a-tarot-deck-/);
  const faqPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: QUESTION })).toBeVisible();
  await expect(page.locator("article strong")).toHaveText("clear quartz");
  await expect(page.locator("article script")).toHaveCount(0);

  // Listed on the FAQ page.
  await page.goto("/help/faq");
  await expect(
    page.getByTestId("learned-faq").getByRole("link", { name: QUESTION }),
  ).toHaveAttribute("href", faqPath);

  // 3. The next guest asking gets the FAQ article as the first source.
  const next = await guestAsks(browser, QUESTION);
  await expect(next.reply).toContainText("clear quartz");
  await expect(next.reply.getByRole("link").first()).toHaveAttribute("href", faqPath);
  await next.context.close();
});

test("the conversation list filters by thumbs down and shows the transcript", async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Chat conversations" })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Chat conversations" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Show").selectOption("thumbsDown");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/show=thumbsDown/);
  // The filtered list's links carry the filter (the unfiltered one may still be on screen).
  const item = page
    .getByTestId("conversation-list")
    .locator('a[href*="show=thumbsDown"]', { hasText: QUESTION });
  await expect(item).toBeVisible();
  await expect(item).toContainText("1 not helpful");
  await item.click();
  const transcript = page.getByTestId("transcript");
  await expect(transcript).toContainText(QUESTION);
  await expect(transcript).toContainText("rated not helpful");
  expect(await seriousViolations(page)).toEqual([]);

  // A range in the future finds nothing, and says so.
  await page.getByLabel("From").fill("2999-01-01");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No conversation matches these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\/chat-conversations$/);

  // SPEC's second address is the same screen.
  await page.goto("/admin/all-chat-conversations?show=thumbsDown");
  await expect(page.getByTestId("conversation-list")).toContainText(QUESTION);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/chat-conversations-en-1280.png", fullPage: true });
});

test("both screens in Arabic on a phone", async ({ page, baseURL }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.context().addCookies([{ name: "i18nextLng", value: "ar", url: baseURL! }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/chat-learning?status=approved");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 2, name: "تعلّم الدردشة" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: "test-results/chat-learning-ar-390.png", fullPage: true });
  await page.goto("/admin/chat-conversations?show=thumbsDown");
  await page.getByTestId("conversation-list").getByRole("link").first().click();
  await expect(page.getByTestId("transcript")).toContainText(QUESTION);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: "test-results/chat-conversations-ar-390.png", fullPage: true });
  await page.context().addCookies([{ name: "i18nextLng", value: "en", url: baseURL! }]);
});
