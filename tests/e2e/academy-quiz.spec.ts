import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration, openAdminScreen } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";
import { QUIZ_COURSE } from "./quiz-course";

/*
 * Academy authoring, second part: an admin builds a lesson's quiz from /admin/academy by
 * clicking (the rules of a question refused beside the options), a new member then fails and
 * passes it; an admin gives a new course a cover that shows on /academy and the course page,
 * then removes it. The quiz editor passes axe and holds its layout in English and Arabic.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

async function openAdminAcademy(page: Page) {
  await openAdminScreen(page, "The Academy");
  await expect(page.getByRole("heading", { level: 1, name: "Academy courses" })).toBeVisible();
}

test("an admin builds a lesson's quiz by clicking from /admin/academy; a member fails, then passes it", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const lesson = QUIZ_COURSE.modules[0]!.lessons[testInfo.retry]!;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await openAdminAcademy(admin);
  await admin.getByRole("link", { name: `Edit ${QUIZ_COURSE.title}` }).click();
  await expect(admin.getByRole("heading", { level: 2, name: QUIZ_COURSE.title })).toBeVisible();
  const lessons = admin.getByRole("region", { name: "Lessons" });
  await lessons.getByRole("link", { name: `Quiz of ${lesson.title}` }).click();
  await expect(admin.getByText("This lesson has no quiz yet.")).toBeVisible();
  await waitForHydration(admin);

  await admin.getByLabel("Pass mark (%)").fill("100");
  await admin.getByRole("button", { name: "Create the quiz" }).click();
  await expect(admin.getByText("The quiz is created. Add its questions.")).toBeVisible();

  // A single-choice question with two correct options is refused beside the options.
  const add = admin.getByRole("region", { name: "Add a question" });
  await add.getByLabel("Question", { exact: true }).fill("Which phase follows the new moon?");
  await add.getByLabel("Option 1", { exact: true }).fill("Waxing crescent");
  await add.getByLabel("Option 2", { exact: true }).fill("Full moon");
  await add.getByLabel("Option 3", { exact: true }).fill("Waning gibbous");
  await add.getByRole("checkbox", { name: "Option 1 is correct" }).check();
  await add.getByRole("checkbox", { name: "Option 2 is correct" }).check();
  await add.getByLabel("Explanation").fill("After the new moon, a thin crescent grows each night.");
  await add.getByRole("button", { name: "Add the question" }).click();
  await expect(
    add.getByText("A single-choice question has exactly one correct option."),
  ).toBeVisible();
  await add.getByRole("checkbox", { name: "Option 2 is correct" }).uncheck();
  await add.getByRole("button", { name: "Add the question" }).click();
  await expect(admin.getByText("The question is saved.")).toBeVisible();
  // The saved question joins the list and the form below starts empty again.
  await expect(admin.getByRole("heading", { level: 4, name: "Question 1" })).toBeVisible();
  await expect(add.getByLabel("Question", { exact: true })).toHaveValue("");

  // A second, multiple-choice question; then moved to the top with the keyboard.
  await add.getByLabel("Question", { exact: true }).fill("Which of these are phases of the moon?");
  await add.getByLabel("Kind of question").selectOption("multiple");
  await add.getByLabel("Option 1", { exact: true }).fill("First quarter");
  await add.getByLabel("Option 2", { exact: true }).fill("Equinox");
  await add.getByLabel("Option 3", { exact: true }).fill("Last quarter");
  await add.getByRole("checkbox", { name: "Option 1 is correct" }).check();
  await add.getByRole("checkbox", { name: "Option 3 is correct" }).check();
  await add.getByLabel("Explanation").fill("The equinox belongs to the sun's year, not the moon.");
  await add.getByRole("button", { name: "Add the question" }).click();
  await expect(admin.getByRole("heading", { level: 4, name: "Question 2" })).toBeVisible();
  await admin.getByRole("button", { name: "Move question 2 up" }).focus();
  await admin.keyboard.press("Enter");
  await expect(admin.getByText("The question is moved.")).toBeVisible();
  const questions = admin.getByRole("region", { name: "Questions" }).getByRole("listitem");
  await expect(questions.first().getByLabel("Question", { exact: true })).toHaveValue(
    "Which of these are phases of the moon?",
  );

  expect(await seriousViolations(admin)).toEqual([]);
  for (const locale of ["en", "ar"]) {
    await admin.context().addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.reload();
      await expect(admin.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expect(admin.locator("#quiz-editor-title")).toBeVisible();
      await expectNoHorizontalOverflow(admin);
      const name = `quiz-editor-${locale}-${width}.png`;
      await admin.screenshot({ path: testInfo.outputPath(name), fullPage: true });
    }
  }
  await admin.context().addCookies([{ name: "i18nextLng", value: "en", url: baseURL! }]);

  // A new member takes the quiz: everything wrong, then everything right.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signUpNewMember(member, `Moon Student ${Date.now()}`);
  await member.goto(`/academy/${QUIZ_COURSE.slug}`);
  await waitForHydration(member);
  await member.getByRole("button", { name: "Enroll" }).click();
  await expect(member.getByText("You are enrolled. Enjoy the course!")).toBeVisible();
  await member.getByRole("link", { name: lesson.title }).first().click();
  await expect(member.getByRole("heading", { level: 1, name: lesson.title })).toBeVisible();
  await waitForHydration(member);
  const quiz = member.getByRole("region", { name: "Quiz" });
  await expect(quiz.getByText("Pass mark: 100%")).toBeVisible();
  await quiz.getByRole("checkbox", { name: "Equinox" }).check();
  await quiz.getByRole("radio", { name: "Full moon" }).check();
  await quiz.getByRole("button", { name: "Submit answers" }).click();
  await expect(quiz.getByRole("status")).toContainText("You scored 0%; 100% is needed to pass.");
  await expect(
    quiz.getByText("After the new moon, a thin crescent grows each night."),
  ).toBeVisible();
  await quiz.getByRole("checkbox", { name: "Equinox" }).uncheck();
  await quiz.getByRole("checkbox", { name: "First quarter" }).check();
  await quiz.getByRole("checkbox", { name: "Last quarter" }).check();
  await quiz.getByRole("radio", { name: "Waxing crescent" }).check();
  await quiz.getByRole("button", { name: "Try again" }).click();
  await expect(quiz.getByRole("status")).toContainText("Passed with 100%.");
  await adminContext.close();
  await memberContext.close();
});

test("an admin gives a new course a cover; it shows on /academy and the course page, then goes", async ({
  browser,
  baseURL,
}, testInfo) => {
  const title = `Herb Lore ${Date.now()}`;
  const cover = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 72, g: 40, b: 120 } },
  })
    .png()
    .toBuffer();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await openAdminAcademy(admin);
  await admin.getByRole("link", { name: "New course" }).click();
  await waitForHydration(admin);
  await admin.getByLabel("Title").fill(title);
  await admin.getByLabel("Summary").fill("Gathering herbs by the moon.");
  await admin.getByLabel("Cover image").setInputFiles({
    name: "not-an-image.png",
    mimeType: "image/png",
    buffer: Buffer.from("these are words, not pixels"),
  });
  await admin.getByRole("button", { name: "Create the draft" }).click();
  await expect(admin.getByText("The cover must be a JPEG, PNG, WebP or GIF image.")).toBeVisible();
  await admin.getByLabel("Cover image").setInputFiles({
    name: "herbs.png",
    mimeType: "image/png",
    buffer: cover,
  });
  await admin.getByRole("button", { name: "Create the draft" }).click();
  await expect(admin.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(admin.getByRole("img", { name: "Current cover" })).toBeVisible();
  await admin.getByRole("link", { name: "Back to the courses" }).click();
  await waitForHydration(admin);
  await admin.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(admin.getByText("The course is published.")).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/academy");
  const card = visitor
    .getByRole("list", { name: "Latest courses" })
    .getByRole("listitem")
    .filter({ hasText: title });
  const image = card.locator("img");
  await expect(image).toHaveAttribute("src", /^\/uploads\/courses\/[0-9a-f-]+\.webp$/);
  await expect(image).toHaveAttribute("alt", "");
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await visitor.screenshot({ path: testInfo.outputPath("academy-cover-en-1280.png") });
  await card.getByRole("link", { name: title }).click();
  const pageCover = visitor.getByRole("img", { name: `Cover of the course ${title}` });
  await expect(pageCover).toBeVisible();
  await visitor.screenshot({ path: testInfo.outputPath("course-cover-en-1280.png") });
  // In Arabic on a phone the cover keeps to the page's width.
  await visitorContext.addCookies([{ name: "i18nextLng", value: "ar", url: baseURL! }]);
  await visitor.setViewportSize({ width: 390, height: 900 });
  for (const [name, path] of [
    ["course", visitor.url()],
    ["academy", "/academy"],
  ]) {
    await visitor.goto(path!);
    await expect(visitor.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNoHorizontalOverflow(visitor);
    await visitor.screenshot({
      path: testInfo.outputPath(`${name}-cover-ar-390.png`),
      fullPage: true,
    });
  }
  await visitorContext.addCookies([{ name: "i18nextLng", value: "en", url: baseURL! }]);
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.goto(new URL(`/academy`, baseURL).toString());
  await card.getByRole("link", { name: title }).click();
  await expect(pageCover).toBeVisible();

  await openAdminAcademy(admin);
  await admin.getByRole("link", { name: `Edit ${title}` }).click();
  await waitForHydration(admin);
  await admin.getByLabel("Remove the cover").check();
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("The course is saved.")).toBeVisible();
  await expect(admin.getByRole("img", { name: "Current cover" })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole("img", { name: `Cover of the course ${title}` })).toHaveCount(0);
  await adminContext.close();
  await visitorContext.close();
});
