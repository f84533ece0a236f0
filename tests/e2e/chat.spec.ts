import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * The AI guide (SPEC §2, §4, §7, §8): the round button on a page opens the lazily loaded panel
 * (by mouse and by keyboard, focus inside, Escape closes and gives focus back); a question about
 * the seeded FAQ streams an answer that cites its source as a link opening in a new tab; the
 * embedded mode on /help/faq; no widget in the admin area; axe with the panel open; Arabic on a
 * phone without sideways scrolling.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

const GREETING =
  "Welcome! I'm your mystical guide. Ask me anything about our sacred knowledge, rituals, courses, or community.";

test.describe("the AI guide", () => {
  test("opens from a page, answers a question from the FAQ with a source link, and closes with Escape", async ({
    page,
  }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const launcher = page.getByRole("button", { name: "Open the chat" });
    await expect(launcher).toBeVisible();
    // The panel's code is not part of the page until asked for.
    await launcher.click();
    const panel = page.getByRole("dialog", { name: "Mystical Guide" });
    await expect(panel).toBeVisible();
    await expect(panel.getByText("We typically reply instantly")).toBeVisible();
    await expect(panel.getByText("Powered by AI • Your privacy is protected")).toBeVisible();
    await expect(panel.getByRole("log")).toContainText(GREETING);
    const input = panel.getByPlaceholder("Type your message...");
    await expect(input).toBeFocused();
    const send = panel.getByRole("button", { name: "Send message" });
    await expect(send).toBeDisabled();
    await input.fill("   ");
    await expect(send).toBeDisabled();

    await input.fill("Is there a money-back guarantee?");
    await input.press("Enter");
    const log = panel.getByRole("log");
    await expect(log).toHaveAttribute("aria-live", "polite");
    await expect(log.locator("[data-chat-role=user]")).toHaveText(
      "Is there a money-back guarantee?",
    );
    const reply = log.locator("[data-chat-role=assistant]").last();
    await expect(reply).toContainText("Sources", { timeout: 15_000 });
    const source = reply.locator("a").last();
    await expect(source).toHaveAttribute("target", "_blank");
    await expect(source).toHaveAttribute("href", /^\//);
    await expect(input).toBeEnabled();

    // Hostile Markdown is shown as text, never run.
    await input.fill("<img src=x onerror=alert(1)> [x](javascript:alert(1))");
    await input.press("Enter");
    await expect(log.locator("[data-chat-role=user]").last()).toContainText("<img src=x");
    await expect(log.locator("img")).toHaveCount(0);
    await expect(input).toBeFocused({ timeout: 15_000 });

    await input.press("Escape");
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
  });

  test("works from the keyboard, minimises on a desktop, and keeps the conversation", async ({
    page,
  }) => {
    await page.goto("/help");
    await waitForHydration(page);
    const launcher = page.getByRole("button", { name: "Open the chat" });
    await launcher.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Mystical Guide" });
    await expect(panel.getByPlaceholder("Type your message...")).toBeFocused();
    await page.keyboard.type("What does full membership include?");
    await page.keyboard.press("Enter");
    await expect(panel.locator("[data-chat-role=assistant]").last()).toContainText("Sources", {
      timeout: 15_000,
    });
    await panel.getByRole("button", { name: "Minimize the chat" }).click();
    await expect(panel).toBeHidden();
    const minimized = page.getByRole("button", { name: "Chat with us" });
    await expect(minimized).toBeFocused();
    await minimized.click();
    await expect(panel).toBeVisible();
    await expect(panel.locator("[data-chat-role=user]")).toHaveText(
      "What does full membership include?",
    );
    await panel.getByRole("button", { name: "Close the chat" }).click();
    await expect(page.getByRole("button", { name: "Open the chat" })).toBeVisible();
  });

  test("the embedded mode on /help/faq", async ({ page }) => {
    await page.goto("/help/faq");
    await waitForHydration(page);
    const embedded = page.getByTestId("chat-embedded");
    const header = embedded.getByRole("button", { name: /Ask Me Anything/ });
    await expect(header).toHaveAttribute("aria-expanded", "true");
    for (const badge of ["Private & Secure", "Instant Answers", "Saved to FAQ"])
      await expect(embedded.getByText(badge)).toBeVisible();
    const input = embedded.getByPlaceholder("Type your mystical question here...");
    await input.fill("Is Sanctuary free?");
    await input.press("Enter");
    await expect(embedded.locator("[data-chat-role=assistant]").last()).toContainText("Sources", {
      timeout: 15_000,
    });
    await header.click();
    await expect(header).toHaveAttribute("aria-expanded", "false");
    await expect(input).toBeHidden();
  });

  test("a refused message shows the destructive toast", async ({ page }) => {
    await page.route("**/api/chat", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
    );
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open the chat" }).click();
    const input = page.getByPlaceholder("Type your message...");
    await input.fill("Hello");
    await input.press("Enter");
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("Failed to get response");
    await expect(page.locator("[data-chat-role=assistant]")).toHaveCount(1);
  });

  test("no first words within 8 seconds: the busy message with its three quick links", async ({
    page,
  }) => {
    test.slow();
    // A guide endpoint that is slow to start: the request reaches the real server 10 s late.
    let released = false;
    await page.route("**/api/chat", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      released = true;
      await route.continue().catch(() => undefined);
    });
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open the chat" }).click();
    const panel = page.getByRole("dialog", { name: "Mystical Guide" });
    const input = panel.getByPlaceholder("Type your message...");
    await input.fill("Is there a money-back guarantee?");
    await input.press("Enter");
    const reply = panel.locator("[data-chat-role=assistant]").last();
    // Not before 8 s …
    await page.waitForTimeout(6_000);
    await expect(reply).not.toContainText("momentarily busy");
    // … and then, while the endpoint still has not answered.
    await expect(reply).toContainText(
      "Hello! Our assistant is momentarily busy. Here are quick links while we reconnect:",
      { timeout: 5_000 },
    );
    expect(released).toBe(false);
    await expect(reply.getByRole("link", { name: /Search the knowledge base/ })).toHaveAttribute(
      "href",
      "/search",
    );
    await expect(reply.getByRole("link", { name: /Free tarot reading/ })).toBeVisible();
    await expect(reply.getByRole("link", { name: /Community forum/ })).toHaveAttribute(
      "href",
      "/discussions",
    );
    // The visitor can ask again.
    await expect(input).toBeEnabled();
  });

  test("is absent from the admin area", async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto("/admin");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Open the chat" })).toHaveCount(0);
  });

  test("passes axe with the panel open", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open the chat" }).click();
    await expect(page.getByRole("dialog", { name: "Mystical Guide" })).toBeVisible();
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("in Arabic on a phone: mirrored, no sideways scrolling", async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.context().addCookies([{ name: "i18nextLng", value: "ar", url: baseURL! }]);
    await page.goto("/about");
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "افتح المحادثة" }).click();
    const panel = page.getByRole("dialog", { name: "المرشد الروحاني" });
    await expect(panel).toBeVisible();
    await expect(panel.getByPlaceholder("اكتب رسالتك...")).toBeFocused();
    // No minimise on a phone.
    await expect(panel.getByRole("button", { name: "صغّر المحادثة" })).toBeHidden();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Mirrored: the panel sits at the left edge in right-to-left.
    expect(box.x).toBeLessThan(20);
    await expectNoHorizontalOverflow(page);
  });
});
