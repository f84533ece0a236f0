import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * Practices of the library (rituals and attunements): a guest reads the ritual guides from the
 * side navigation; a free member meets the attunement path's gate; a premium member follows an
 * attunement step by step, marks the session done and finds the streak on the dashboard; an admin
 * writes a ritual's steps in the editor. The pages pass axe and hold their layout at 390 px in
 * Arabic.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

test("a guest reads a ritual guide from the side navigation; a free member meets the attunements' gate", async ({
  page,
}) => {
  const main = page.getByRole("main");
  await page.goto("/");
  await waitForHydration(page);
  await nav(page).getByRole("link", { name: "Rituals" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rituals" })).toBeVisible();
  await main.getByRole("link", { name: "Salt and candle protection" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Salt and candle protection" }),
  ).toBeVisible();
  await expect(main.getByRole("heading", { name: "Materials" })).toBeVisible();
  await expect(main.getByText("Coarse salt")).toBeVisible();
  await expect(main.getByRole("heading", { name: "Timing" })).toBeVisible();
  await expect(main.getByText("Lay the salt")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A premium guide: materials and length for everyone, the steps behind the gate.
  await page.goBack();
  await main.getByRole("link", { name: "New moon intention" }).click();
  await expect(main.getByText("Paper and pen")).toBeVisible();
  await expect(main.getByText("4 steps")).toBeVisible();
  await expect(main.getByText("Write the intention")).toHaveCount(0);
  await expect(main.getByRole("heading", { name: "For full members" })).toBeVisible();

  await signUpNewMember(page, "Path Walker");
  await nav(page).getByRole("link", { name: "Attunements" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Demonic attunements" })).toBeVisible();
  await expect(main.getByText("Attunement to the spirit of the day")).toBeVisible();
  await expect(main.getByRole("heading", { name: "For full members" })).toBeVisible();
  await expect(main.getByText(/day streak/)).toHaveCount(0);
});

test("a premium member follows an attunement step by step, marks it done and sees the streak on the dashboard", async ({
  page,
  baseURL,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const main = page.getByRole("main");
  await signIn(page, ACCOUNTS.premium);
  await nav(page).getByRole("link", { name: "Attunements" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Demonic attunements" })).toBeVisible();
  await main.getByRole("link", { name: "Elenthos attunements" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Elenthos attunements" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByRole("link", { name: "Begin “Breath of light”" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Breath of light" })).toBeVisible();
  await waitForHydration(page);

  await main.getByRole("button", { name: "Begin the practice" }).click();
  await expect(main.getByText("Step 1 of 4")).toBeVisible();
  await expect(main.getByRole("heading", { name: "Settle" })).toBeFocused();
  await expect(main.getByRole("timer")).toHaveText(/^[01]:\d\d$/);
  await main.getByRole("button", { name: "Pause" }).click();
  const paused = await main.getByRole("timer").textContent();
  await page.waitForTimeout(1_500);
  await expect(main.getByRole("timer")).toHaveText(paused!);
  await main.getByRole("button", { name: "Resume" }).click();
  for (const next of ["Breathe light in", "Greet", "Seal"]) {
    await main.getByRole("button", { name: /^(Next step|Finish)$/ }).click();
    await expect(main.getByRole("heading", { name: next })).toBeVisible();
  }
  await main.getByRole("button", { name: "Finish" }).click();
  await expect(main.getByText("The practice is complete.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByRole("button", { name: "Mark today's session done" }).click();
  await expect(page.getByText("Session recorded. Well done.")).toBeVisible();
  await expect(main.getByText("Done today").first()).toBeVisible();
  await expect(main.getByText(/\d+-day streak/)).toBeVisible();

  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Dashboard" }).click();
  const card = main.getByRole("region", { name: "Attunement practice" });
  await expect(card.getByText(/\d+-day streak/)).toBeVisible();
  await expect(card.getByRole("link", { name: "Breath of light" })).toBeVisible();

  // Arabic at phone width: the path and the practice hold their layout.
  await context.addCookies([{ name: "i18nextLng", value: "ar", url: baseURL! }]);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [name, url] of [
    ["path", "/elentho-attunements"],
    ["rituals", "/rituals"],
  ] as const) {
    await page.goto(url);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-ar-390.png`), fullPage: true });
  }
  await page.goto("/demon-attunements");
  await main
    .getByRole("link")
    .filter({ hasText: "Attunement to the spirit of the day" })
    .first()
    .click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath(`practice-ar-390.png`), fullPage: true });
});

test("an admin writes a ritual's materials and steps in the editor", async ({ page }) => {
  test.setTimeout(120_000);
  const main = page.getByRole("main");
  const title = `Threshold blessing ${Date.now().toString(36)}`;
  await signIn(page, ACCOUNTS.admin);
  await page.goto("/content-management/new");
  await waitForHydration(page);
  await main.getByLabel("Type").selectOption("ritual");
  await main.getByLabel("Title").fill(title);
  await main.getByText("Practice: materials, timing and steps").click();
  await main.getByLabel("Materials").fill("Rosewater\nA bell");
  await main.getByLabel("Timing", { exact: true }).fill("At sunrise");
  await main.getByLabel("Step 1", { exact: true }).fill("Ring the bell");
  await main.getByLabel("Minutes").first().fill("1");
  await main.getByRole("button", { name: "Add step" }).click();
  await main.getByLabel("Step 2", { exact: true }).fill("Sprinkle the rosewater");
  await main.getByRole("button", { name: "Move step 2 up" }).click();
  await expect(main.getByLabel("Step 1", { exact: true })).toHaveValue("Sprinkle the rosewater");
  await main.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  // Saved in the new order, with an empty row offered for the next step.
  await expect(main.getByLabel("Step 1", { exact: true })).toHaveValue("Sprinkle the rosewater");
  await expect(main.getByLabel("Step 2", { exact: true })).toHaveValue("Ring the bell");
  await expect(main.getByLabel("Step 3", { exact: true })).toHaveValue("");

  // A step without a title is refused with the rest kept.
  await main.getByLabel("Step 3", { exact: true }).fill("");
  await main.getByLabel("What to do").nth(2).fill("Untitled instruction");
  await main.getByRole("button", { name: "Save", exact: true }).click();
  await expect(main.getByText("Give every step a title")).toBeVisible();
  await expect(main.getByLabel("Materials")).toHaveValue("Rosewater\nA bell");

  await main.getByRole("link", { name: "View as a member" }).click();
  await expect(main.getByText("Rosewater")).toBeVisible();
  await expect(main.getByText("Sprinkle the rosewater")).toBeVisible();
});
