import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * Academy authoring: an admin writes a new course (a draft no member sees), publishes it, and a
 * member then finds it among the latest courses on /academy.
 */

test("an admin creates a draft course, publishes it, and only then a member finds it", async ({
  browser,
}) => {
  const title = `Moon Gardening ${Date.now()}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto("/admin");
  await admin
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "The Academy" })
    .click();
  await admin.getByRole("link", { name: "New course" }).click();
  await expect(admin.getByRole("heading", { level: 2, name: "New course" })).toBeVisible();
  await waitForHydration(admin);

  // An empty title is refused beside the field; nothing is written.
  await admin.getByRole("button", { name: "Create the draft" }).click();
  await expect(admin.getByText("Give the course a title.")).toBeVisible();

  await admin.getByLabel("Title").fill(title);
  await admin.getByLabel("Summary").fill("Planting by the phases of the moon.");
  await admin.getByLabel("Description").fill("Sow when the moon **waxes**.");
  await admin.getByLabel("Level").selectOption("intermediate");
  await admin.getByLabel("Estimated minutes").fill("40");
  await admin.getByRole("button", { name: "Create the draft" }).click();
  await expect(admin.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(admin.getByText("The course is created as a draft.")).toBeVisible();

  // Editing keeps the course a draft.
  await waitForHydration(admin);
  await admin.getByLabel("Summary").fill("Sowing and harvesting by the moon.");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("The course is saved.")).toBeVisible();

  // A member does not see the draft.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signUpNewMember(member, `Gardener ${Date.now()}`);
  const latest = async () => {
    await member.goto("/");
    await member
      .getByRole("contentinfo")
      .getByRole("link", { name: "The Academy" })
      .first()
      .click();
    await expect(member.getByRole("heading", { level: 1, name: "The Academy" })).toBeVisible();
    return member.getByRole("list", { name: "Latest courses" });
  };
  await expect((await latest()).getByRole("link", { name: title })).toHaveCount(0);

  await admin.getByRole("link", { name: "Back to the courses" }).click();
  await waitForHydration(admin);
  await admin.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(admin.getByText("The course is published.")).toBeVisible();

  await (await latest()).getByRole("link", { name: title }).click();
  await expect(member.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(member.getByText("Sowing and harvesting by the moon.")).toBeVisible();
  await adminContext.close();
  await memberContext.close();
});

test("the course form passes axe and holds its layout in English and Arabic, wide and on a phone", async ({
  page,
  baseURL,
}, testInfo) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto("/admin/academy/courses/new");
  await waitForHydration(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => v.id),
  ).toEqual([]);
  for (const locale of ["en", "ar"]) {
    await page.context().addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/academy/courses/new");
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expect(page.locator("#new-course-title")).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({
        path: testInfo.outputPath(`course-form-${locale}-${width}.png`),
        fullPage: true,
      });
    }
  }
});
