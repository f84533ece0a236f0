import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUpNewMember, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * The Academy on the seeded starter catalogue (academy/seed-content.ts): a new member takes the
 * free "Meditation Foundations" course from enrolling to the certificate and its PDF; a free
 * member meets the Premium gate on a premium lesson; the pages pass axe and hold their layout in
 * Arabic on a phone.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

async function openCourse(page: Page, title: string) {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "The Academy" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "The Academy" })).toBeVisible();
  await page
    .getByRole("list", { name: "Latest courses" })
    .getByRole("link", { name: title })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await waitForHydration(page);
}

test("a member enrolls, completes the lessons and the quiz (fail, then pass) and downloads the certificate", async ({
  page,
}) => {
  const name = `Learner ${Date.now()}`;
  await signUpNewMember(page, name);
  await openCourse(page, "Meditation Foundations");

  await page.getByRole("button", { name: "Enroll" }).click();
  await expect(page.getByText("You are enrolled. Enjoy the course!")).toBeVisible();
  await page.getByRole("link", { name: "Start the first lesson" }).click();

  // The prerequisite chain: each reading lesson is marked complete, then "next".
  for (const title of [
    "What meditation is (and is not)",
    "A posture you can keep",
    "The breath as an anchor",
    "Building a daily practice",
  ]) {
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Mark as complete" }).click();
    await expect(page.getByText("Completed", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: /^Next lesson/ }).click();
  }

  await expect(
    page.getByRole("heading", { level: 1, name: "Check your understanding" }),
  ).toBeVisible();
  await waitForHydration(page);
  const quiz = page.getByRole("region", { name: "Quiz" });
  // Wrong answers first: the marking shows the explanations and the correct options.
  await quiz.getByRole("radio", { name: "Keeping the mind completely empty" }).check();
  await quiz.getByRole("checkbox", { name: "Cross-legged on the floor is required" }).check();
  await quiz.getByRole("radio", { name: "One hour" }).check();
  await quiz.getByRole("button", { name: "Submit answers" }).click();
  await expect(quiz.getByRole("status")).toContainText("You scored 0%; 70% is needed to pass.");
  await expect(quiz.getByText("Wandering is expected")).toBeVisible();

  await quiz
    .getByRole("radio", { name: "Noticing when attention wanders and gently bringing it back" })
    .check();
  await quiz.getByRole("checkbox", { name: "Cross-legged on the floor is required" }).uncheck();
  await quiz.getByRole("checkbox", { name: "Upright and stable" }).check();
  await quiz.getByRole("checkbox", { name: "Relaxed shoulders and jaw" }).check();
  await quiz.getByRole("radio", { name: "Five minutes" }).check();
  await quiz.getByRole("button", { name: "Try again" }).click();
  await expect(quiz.getByRole("status")).toContainText("Passed with 100%.");

  // The dashboard shows the course's progress.
  await page.getByRole("contentinfo").getByRole("link", { name: "Dashboard" }).click();
  const learning = page.getByRole("region", { name: "Continue learning" });
  await expect(learning.getByRole("heading", { name: "Meditation Foundations" })).toBeVisible();
  await expect(learning.getByText("Course completed")).toBeVisible();
  await learning.getByRole("link", { name: "Review the course" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Meditation Foundations" }),
  ).toBeVisible();

  await page.getByRole("link", { name: "View certificate" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Certificate of Completion" }),
  ).toBeVisible();
  await expect(page.getByTestId("certificate-name")).toHaveText(name);
  await expect(page.getByText("Meditation Foundations")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  const file = await (await download).path();
  const { readFile } = await import("node:fs/promises");
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(1000);

  // Anyone can verify it: a guest opens the same address.
  const address = page.url();
  await page.context().clearCookies();
  await page.goto(address);
  await expect(page.getByTestId("certificate-name")).toHaveText(name);
});

test("a free member sees the Premium gate on a premium lesson, but the outline is open", async ({
  page,
}) => {
  await signUpNewMember(page, `Free Reader ${Date.now()}`);
  await page.goto("/academy");
  await page.getByRole("link", { name: "Tarot Spreads in Depth" }).first().click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Tarot Spreads in Depth" }),
  ).toBeVisible();
  await expect(page.getByText("This course is for full members.")).toBeVisible();
  await page.getByRole("link", { name: "The Celtic Cross" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "For full members" })).toBeVisible();
  await expect(page.getByText("This lesson belongs to a premium course.")).toBeVisible();
  await expect(page.getByText("Waite")).toHaveCount(0);
});

test("academy, course and lesson pages pass axe and hold their layout in English and Arabic", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpNewMember(page, `Layout Reader ${Date.now()}`);
  await page.goto("/academy/tarot-basics");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Enroll" }).click();
  await expect(page.getByText("You are enrolled. Enjoy the course!")).toBeVisible();
  const pages = [
    ["landing", "/academy"],
    ["course", "/academy/tarot-basics"],
    ["lesson", "/academy/tarot-basics/lessons/structure-of-the-deck"],
    ["category", "/academy/category/tarot"],
  ] as const;
  for (const [, path] of pages) {
    await page.goto(path);
    await waitForHydration(page);
    expect(await seriousViolations(page), path).toEqual([]);
  }
  for (const locale of ["en", "ar"]) {
    await page.context().addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path] of pages) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await page.screenshot({
          path: testInfo.outputPath(`academy-${name}-${locale}-${width}.png`),
          fullPage: true,
        });
      }
    }
  }
});
