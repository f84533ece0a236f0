import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * Academy authoring, third part (docs/decisions/053-academy-outline.md): from /admin/academy an
 * admin adds a category and moves it with the keyboard, writes a draft course in it, builds its
 * outline (modules, lessons, a reorder, a move to another module), writes a lesson, previews it
 * as a member would see it, and publishes; a member meets a 404 for the draft, then reads the
 * lesson once it is published. The new pages pass axe and hold their layout in English and
 * Arabic, wide and on a phone.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  // A toast fading in or out is half transparent, which axe reads as low contrast: wait it out.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

/** The page in English and Arabic at 1280 and 390 px: no sideways scrolling, a screenshot each. */
async function lookAt(
  page: Page,
  baseURL: string,
  testInfo: TestInfo,
  name: string,
  ready: (page: Page) => Promise<void>,
) {
  for (const locale of ["en", "ar"]) {
    await page.context().addCookies([{ name: "i18nextLng", value: locale, url: baseURL }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await ready(page);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({
        path: testInfo.outputPath(`${name}-${locale}-${width}.png`),
        fullPage: true,
      });
    }
  }
  await page.context().addCookies([{ name: "i18nextLng", value: "en", url: baseURL }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await waitForHydration(page);
}

test("an admin builds a course's outline by clicking from /admin/academy, previews it as a member, publishes; a member reads it", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const category = `Tide Lore ${stamp}`;
  const title = `Reading the Sea ${stamp}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto("/admin");
  await admin
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "The Academy" })
    .click();
  await expect(admin.getByRole("heading", { level: 1, name: "Academy courses" })).toBeVisible();

  // Categories: one added (its slug made from the title), then moved up with the keyboard.
  await admin.getByRole("link", { name: "Academy categories" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Academy categories" })).toBeVisible();
  await waitForHydration(admin);
  const add = admin.getByRole("region", { name: "Add a category" });
  await add.getByRole("button", { name: "Add the category" }).click();
  await expect(add.getByText("Give the category a title.")).toBeVisible();
  await add.getByLabel("Title").fill(category);
  await add.getByRole("button", { name: "Add the category" }).click();
  await expect(admin.getByText("The category is added.")).toBeVisible();
  const rows = admin
    .getByRole("list")
    .filter({ hasText: "/academy/category/" })
    .getByRole("listitem");
  await expect(rows.last()).toContainText(category);
  await expect(rows.last()).toContainText(`/academy/category/tide-lore-${stamp}`);
  await admin.getByRole("button", { name: `Move ${category} up` }).focus();
  await admin.keyboard.press("Enter");
  await expect(admin.getByText("The category is moved.")).toBeVisible();
  await expect(rows.nth((await rows.count()) - 2)).toContainText(category);
  expect(await seriousViolations(admin)).toEqual([]);
  await lookAt(admin, baseURL!, testInfo, "academy-categories", async (page) => {
    await expect(page.locator("#academy-categories-title")).toBeVisible();
  });

  // A draft course in that category.
  await admin.getByRole("link", { name: "Back to the courses" }).click();
  await admin.getByRole("link", { name: "New course" }).click();
  await waitForHydration(admin);
  await admin.getByLabel("Title").fill(title);
  await admin.getByLabel("Summary").fill("Tides, currents and the moon that moves them.");
  await admin.getByLabel("Category").selectOption({ label: category });
  await admin.getByRole("button", { name: "Create the draft" }).click();
  await expect(admin.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(admin.getByRole("definition").first()).toHaveText("0");

  // The outline: two modules, two lessons, one moved up by keyboard, one to the other module.
  await admin.getByRole("link", { name: "Edit the outline" }).click();
  await expect(admin.getByText("This course has no modules yet.")).toBeVisible();
  await waitForHydration(admin);
  const newModule = admin.getByRole("region", { name: "Add a module" });
  for (const [index, name] of ["Foundations", "Practice"].entries()) {
    await newModule.getByLabel("Module title").fill(name);
    await newModule.getByRole("button", { name: "Add a module" }).click();
    await expect(
      admin.getByRole("heading", { level: 3, name: `Module ${index + 1}: ${name}` }),
    ).toBeVisible();
  }
  for (const lesson of ["Reading the tides", "Tide tables"]) {
    await admin.getByLabel("New lesson in module 1").fill(lesson);
    await admin.getByRole("button", { name: "Add the lesson" }).first().click();
    await expect(admin.getByRole("link", { name: lesson, exact: true })).toBeVisible();
  }
  await admin.getByRole("button", { name: "Move Tide tables up" }).focus();
  await admin.keyboard.press("Enter");
  await expect(admin.getByText("The lesson is moved.")).toBeVisible();
  const lessonLinks = admin.getByRole("link", { name: /^(Reading the tides|Tide tables)$/ });
  await expect(lessonLinks).toHaveText(["Tide tables", "Reading the tides"]);
  const moveTo = admin.getByLabel("Module to move Reading the tides to");
  await moveTo.selectOption({ label: "Module 2: Practice" });
  await admin.locator("form", { has: moveTo }).getByRole("button", { name: "Move" }).click();
  await expect(
    admin.locator("li", { has: admin.getByRole("heading", { name: "Module 2: Practice" }) }),
  ).toContainText("Reading the tides");
  expect(await seriousViolations(admin)).toEqual([]);
  await lookAt(admin, baseURL!, testInfo, "academy-outline", async (page) => {
    await expect(page.locator("#outline-title")).toBeVisible();
  });

  // The lesson editor: its text in Markdown, minutes, and the prerequisite.
  await admin.getByRole("link", { name: "Tide tables", exact: true }).click();
  await expect(admin.getByRole("heading", { level: 2, name: "Lesson: Tide tables" })).toBeVisible();
  await waitForHydration(admin);
  await admin.getByLabel("Lesson text").fill("High water comes **twice** a day.");
  await admin.getByLabel("Estimated minutes").fill("8");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("The lesson is saved.")).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await lookAt(admin, baseURL!, testInfo, "academy-lesson-editor", async (page) => {
    await expect(page.locator("#lesson-editor-title")).toBeVisible();
  });

  // Preview as a member: the draft lesson and course, with the banner; nothing can be submitted.
  await admin.getByRole("link", { name: "Preview as a member" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Tide tables" })).toBeVisible();
  await expect(admin.getByText("Preview — members don't see this draft")).toBeVisible();
  await expect(admin.getByText("twice", { exact: true })).toBeVisible();
  await expect(admin.getByRole("button", { name: "Mark as complete" })).toBeDisabled();
  const lessonUrl = new URL(admin.url());
  expect(lessonUrl.searchParams.get("preview")).toBe("member");
  await lookAt(admin, baseURL!, testInfo, "academy-preview-lesson", async (page) => {
    await expect(page.getByRole("note").first()).toBeVisible();
  });
  await admin.getByRole("link", { name: title, exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(admin.getByText("Preview — members don't see this draft")).toBeVisible();
  const slug = new URL(admin.url()).pathname.split("/")[2]!;
  await lookAt(admin, baseURL!, testInfo, "academy-preview-course", async (page) => {
    await expect(page.getByRole("note").first()).toBeVisible();
  });

  // A member meets nothing of the draft, whatever the address asks.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signUpNewMember(member, `Tide Watcher ${stamp}`);
  expect((await member.goto(`/academy/${slug}`))?.status()).toBe(404);
  expect((await member.goto(`${lessonUrl.pathname}?preview=member`))?.status()).toBe(404);

  // Published, the member enrolls and reads the lesson.
  await admin.goto("/admin/academy");
  await waitForHydration(admin);
  await admin.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(admin.getByText("The course is published.")).toBeVisible();
  await member.goto(`/academy/${slug}?preview=member`);
  await expect(member.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(member.getByText("Preview as a member")).toHaveCount(0);
  await waitForHydration(member);
  await member.getByRole("button", { name: "Enroll" }).click();
  await expect(member.getByText("You are enrolled. Enjoy the course!")).toBeVisible();
  await member.getByRole("link", { name: "Tide tables", exact: true }).first().click();
  await expect(member.getByRole("heading", { level: 1, name: "Tide tables" })).toBeVisible();
  await expect(member.getByText("twice", { exact: true })).toBeVisible();
  await adminContext.close();
  await memberContext.close();
});
