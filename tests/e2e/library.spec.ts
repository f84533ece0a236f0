import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * The practice library's engine: an admin writes a premium grimoire with chapters on
 * /content-management by clicking, publishes it; a new free member finds it through search and
 * meets its free excerpt and the Premium gate; a premium member reads the second chapter, leaves,
 * comes back at that chapter and keeps a private note. The pages pass axe and hold their layout
 * at 1280 and 390 px in English and Arabic.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

const TITLE = `The Lantern Grimoire ${Date.now().toString(36)}`;
const CLOSED = "The closed working asks for silence and a lit lantern.";

test("an admin writes and publishes a chaptered grimoire; free members meet the gate, premium members read and resume", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const title = `${TITLE}${testInfo.retry ? ` r${testInfo.retry}` : ""}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto("/admin");
  await admin
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Content Management" })
    .click();
  await expect(admin.getByRole("heading", { level: 1, name: "Content management" })).toBeVisible();
  await admin.getByRole("link", { name: "New text" }).click();
  await expect(admin.getByRole("heading", { level: 2, name: "New text" })).toBeVisible();
  await waitForHydration(admin);

  // A bad title keeps everything else that was typed.
  await admin.getByLabel("Type").selectOption("grimoire");
  await admin.getByLabel("Summary").fill("A lantern-lit practice for long nights.");
  await admin
    .getByLabel("Text", { exact: true })
    .fill(`The lantern opens every working.\n\n## The closed working\n\n${CLOSED}`);
  await admin.getByLabel("Premium: full members read it whole").check();
  await admin.getByRole("button", { name: "Create draft" }).click();
  await expect(admin.getByText("Give it a title.")).toBeVisible();
  await expect(admin.getByLabel("Summary")).toHaveValue("A lantern-lit practice for long nights.");
  await admin.getByLabel("Title").fill(title);
  await admin.getByRole("button", { name: "Create draft" }).click();
  await expect(admin.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(admin.getByText("Draft created.")).toBeVisible();

  for (const [chapter, body] of [
    ["Kindling", "Strike the first light."],
    ["The Second Gate", "Walk through the second gate with the lantern raised."],
  ]) {
    const add = admin.locator("details", { hasText: "Add chapter" }).last();
    if (!(await add.evaluate((d) => (d as HTMLDetailsElement).open)))
      await add.locator("summary").click();
    await add.getByLabel("Chapter title").fill(chapter!);
    await add.getByLabel("Chapter text").fill(body!);
    await add.getByRole("button", { name: "Add chapter" }).click();
    await expect(admin.getByText(`Chapter added.`).first()).toBeVisible();
    await expect(admin.getByRole("listitem").filter({ hasText: chapter! }).first()).toBeVisible();
  }
  // Moving the second chapter up, then back down.
  await admin.getByRole("button", { name: "Move The Second Gate up" }).click();
  await expect(
    admin.getByRole("region", { name: "Chapters" }).locator("ol > li").first(),
  ).toContainText("The Second Gate");
  await admin.getByRole("button", { name: "Move The Second Gate down" }).click();
  await expect(
    admin.getByRole("region", { name: "Chapters" }).locator("ol > li").first(),
  ).toContainText("Kindling");

  await admin.getByRole("button", { name: "Publish" }).click();
  await expect(admin.getByText("Published.")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Back to draft" })).toBeVisible();
  // Axe reads colours as shown: not under the pointer's hover.
  await admin.mouse.move(0, 0);
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.getByRole("link", { name: "View as a member" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const articleUrl = new URL(admin.url()).pathname;
  await adminContext.close();

  // A new free member finds it through search: the excerpt, then the gate.
  const freeContext = await browser.newContext();
  const free = await freeContext.newPage();
  await signUpNewMember(free, "Lantern Reader");
  await free.goto(`/search?q=${encodeURIComponent(title)}`);
  await free.getByRole("link", { name: title }).first().click();
  await expect(free.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(free.getByText("The lantern opens every working.")).toBeVisible();
  await expect(free.getByText(CLOSED)).toHaveCount(0);
  await expect(free.getByRole("heading", { name: "For full members" })).toBeVisible();
  await expect(free.getByRole("link", { name: "The Second Gate" })).toHaveCount(0);
  await freeContext.close();

  // A premium member reads the second chapter, leaves and comes back to it.
  const premiumContext = await browser.newContext();
  const premium = await premiumContext.newPage();
  await signIn(premium, ACCOUNTS.premium);
  await premium.goto(articleUrl);
  await expect(premium.getByText(CLOSED)).toBeVisible();
  await waitForHydration(premium);
  const saved = premium.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes(articleUrl),
  );
  await premium
    .getByRole("navigation", { name: "2 chapters" })
    .getByRole("link", { name: "The Second Gate" })
    .click();
  await expect(premium.getByRole("heading", { name: "Chapter 2: The Second Gate" })).toBeVisible();
  await saved;
  await premium.goto("/dashboard");
  await expect(premium.getByRole("heading", { name: "Continue reading" })).toBeVisible();
  await premium
    .getByRole("region", { name: "Continue reading" })
    .getByRole("listitem")
    .filter({ hasText: title })
    .getByRole("link", { name: "Resume reading" })
    .click();
  await expect(premium.getByRole("heading", { name: "Chapter 2: The Second Gate" })).toBeVisible();
  await premium.goto(articleUrl);
  await expect(premium.getByRole("heading", { name: "Chapter 2: The Second Gate" })).toBeVisible();

  await waitForHydration(premium);
  await premium.getByLabel("Add a note").fill("Lantern after moonrise.");
  await premium.getByRole("button", { name: "Save note" }).click();
  await expect(premium.getByText("Note saved.")).toBeVisible();
  await expect(premium.getByRole("region", { name: "Your notes" })).toContainText(
    "Lantern after moonrise.",
  );
  expect(await seriousViolations(premium)).toEqual([]);

  for (const locale of ["en", "ar"]) {
    await premiumContext.addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const width of [1280, 390]) {
      await premium.setViewportSize({ width, height: 900 });
      await premium.goto(articleUrl);
      await expect(premium.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expectNoHorizontalOverflow(premium);
      // The page opens where the reader stopped; the picture starts at the top.
      await premium.evaluate(() => scrollTo(0, 0));
      await premium.screenshot({
        path: testInfo.outputPath(`article-${locale}-${width}.png`),
        fullPage: true,
      });
    }
  }
  await premiumContext.close();
});

test("a free member opens a grimoire from the side navigation, upgrades with the test card, reads it and resumes at the same chapter", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const main = page.getByRole("main");
  await signUpNewMember(page, "Grimoire Reader");
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Grimoires" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Grimoires" })).toBeVisible();
  await expect(page.getByText("Solomonic tradition")).toBeVisible();
  await main.getByRole("link", { name: "Open Ars Goetia" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ars Goetia" })).toBeVisible();
  await expect(main.getByText("Its heart is a catalogue of seventy-two")).toBeVisible();
  await expect(main.getByText("Bael")).toHaveCount(0);
  await expect(main.getByRole("heading", { name: "For full members" })).toBeVisible();

  await main.getByRole("link", { name: "Get full membership" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await main.getByRole("link", { name: "Continue to checkout" }).first().click();
  await main.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\/[0-9a-f-]{36}$/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Grimoire Reader");
  await main.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?checkout=/);

  await page.goto("/grimoires");
  await main.getByRole("link", { name: "Open Ars Goetia" }).click();
  await expect(main.getByRole("heading", { name: "Chapter 1: The Kings" })).toBeVisible();
  await expect(main.getByText("Rules in the East")).toBeVisible();
  await waitForHydration(page);
  // The place saved is the second chapter's (the first chapter's own save may come first).
  const dukes = page
    .getByRole("navigation", { name: "7 chapters" })
    .getByRole("link", { name: "The Dukes" });
  const dukesId = new URL((await dukes.getAttribute("href"))!, baseURL).searchParams.get(
    "chapter",
  )!;
  const saved = page.waitForResponse(
    (r) =>
      r.request().method() === "POST" &&
      r.url().includes("/grimoire/ars-goetia") &&
      (r.request().postData() ?? "").includes(dukesId),
  );
  await dukes.click();
  await expect(main.getByRole("heading", { name: "Chapter 2: The Dukes" })).toBeVisible();
  await saved;
  await page.goto("/grimoire/ars-goetia");
  await expect(main.getByRole("heading", { name: "Chapter 2: The Dukes" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  for (const locale of ["en", "ar"]) {
    await page.context().addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path] of [
        ["grimoires", "/grimoires"],
        ["grimoire-chapter", "/grimoire/ars-goetia"],
      ] as const) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await expectNoHorizontalOverflow(page);
        await page.evaluate(() => scrollTo(0, 0));
        await page.screenshot({
          path: testInfo.outputPath(`${name}-${locale}-${width}.png`),
          fullPage: true,
        });
      }
    }
  }
  expect(await seriousViolations(page)).toEqual([]);
});
