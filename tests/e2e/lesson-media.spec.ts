import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";
import { MEDIA_COURSE } from "./media-course";
import { playAndSeek, watchCsp } from "./video-player";

/*
 * Lesson media end to end (decision 054): an admin opens a premium lesson's media page from the
 * course's edit page, uploads a video and a PDF with the progress bar and puts them on the
 * lesson; a premium member enrolls, plays and seeks the video through the player and downloads
 * the PDF; a free member meets the Premium gate, with no media address in the page and a 404 for
 * the bytes. axe checks both pages; they are photographed at 1280 and 390 px in English and
 * Arabic (into MEDIA_SHOTS when set).
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

const shot = (name: string, outputPath: (name: string) => string) =>
  process.env.MEDIA_SHOTS ? path.join(process.env.MEDIA_SHOTS, name) : outputPath(name);

test("an admin attaches a video and a PDF to a premium lesson; a premium member plays and downloads them; a free member is gated", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const lesson = MEDIA_COURSE.modules[0]!.lessons[testInfo.retry]!;
  const lessonPath = `/academy/${MEDIA_COURSE.slug}/lessons/${lesson.slug}`;

  // The admin, from /admin/academy to the lesson's media page.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto("/admin/academy");
  await admin.getByRole("link", { name: `Edit ${MEDIA_COURSE.title}` }).click();
  await expect(admin.getByRole("heading", { level: 2, name: MEDIA_COURSE.title })).toBeVisible();
  const coursePath = new URL(admin.url()).pathname;
  await admin
    .getByRole("region", { name: "Lessons" })
    .getByRole("link", { name: `Video and downloads of ${lesson.title}` })
    .click();
  await expect(admin.getByText("This lesson has no video yet.")).toBeVisible();
  await waitForHydration(admin);
  const mediaPath = new URL(admin.url()).pathname;

  // The video: uploaded with the progress bar, then put on the lesson.
  await admin
    .getByLabel("Choose a video")
    .setInputFiles(path.resolve("tests/fixtures/media/twenty-seconds.webm"));
  const progress = admin.getByRole("progressbar", { name: "Upload of twenty-seconds.webm" });
  await expect(progress).toHaveAttribute("aria-valuenow", "100");
  await admin.getByRole("button", { name: "Put this video on the lesson" }).click();
  await expect(admin.getByText("The video is on the lesson.")).toBeVisible();
  await expect(admin.getByTestId("video-player-controls")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Replace with this video" })).toBeDisabled();

  // A download: a PDF with its own title.
  await admin
    .getByLabel("Choose a file")
    .setInputFiles(path.resolve("tests/fixtures/media/worksheet.pdf"));
  await expect(admin.getByRole("progressbar", { name: "Upload of worksheet.pdf" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  await admin.getByLabel("Title", { exact: true }).fill("Pouring worksheet");
  await admin.getByRole("button", { name: "Add the download" }).click();
  await expect(admin.getByText("The download was added.")).toBeVisible();
  await expect(admin.getByRole("link", { name: "Pouring worksheet" })).toBeVisible();
  expect(await seriousViolations(admin), mediaPath).toEqual([]);
  // The course's lesson list tells which lessons have media.
  await admin.getByRole("link", { name: "Back to the course" }).click();
  await expect(
    admin.getByRole("region", { name: "Lessons" }).getByText("Video · Downloads: 1"),
  ).toBeVisible();

  // The premium member enrolls, plays and seeks the video, and downloads the worksheet.
  const premiumContext = await browser.newContext();
  const premium = await premiumContext.newPage();
  const violations = watchCsp(premium);
  await signIn(premium, ACCOUNTS.premium);
  await premium.goto(`/academy/${MEDIA_COURSE.slug}`);
  await waitForHydration(premium);
  const enroll = premium.getByRole("button", { name: "Enroll" });
  if (await enroll.isVisible()) {
    await enroll.click();
    await expect(premium.getByText("You are enrolled. Enjoy the course!")).toBeVisible();
  }
  await premium.goto(lessonPath);
  await waitForHydration(premium);
  await expect(premium.getByRole("heading", { level: 1, name: lesson.title })).toBeVisible();
  await playAndSeek(premium);
  const downloads = premium.getByRole("region", { name: "Downloads" });
  const link = downloads.getByRole("link", { name: "Download Pouring worksheet" });
  await expect(link).toBeVisible();
  await expect(downloads.getByText("PDF · 591 byte")).toBeVisible();
  const href = (await link.getAttribute("href"))!;
  const [download] = await Promise.all([premium.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("worksheet.pdf");
  const pdf = await premium.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const videoSrc = (await premium.getByTestId("video-player").getAttribute("src"))!;
  expect(violations).toEqual([]);
  expect(await seriousViolations(premium), lessonPath).toEqual([]);

  // A free member meets the gate: no media in the page, and the bytes are a 404.
  const freeContext = await browser.newContext();
  const free = await freeContext.newPage();
  await signUpNewMember(free, `Free Crafter ${Date.now()}`);
  const gated = await free.goto(lessonPath);
  expect(gated?.status()).toBe(403);
  await expect(free.getByRole("heading", { level: 1, name: "For full members" })).toBeVisible();
  expect(await free.content()).not.toContain("/media/files/");
  await expect(free.getByTestId("video-player")).toHaveCount(0);
  for (const address of [videoSrc, href]) {
    const refused = await free.request.get(address);
    expect(refused.status(), address).toBe(404);
  }

  // The layout in English and Arabic, on a desktop and a phone.
  for (const locale of ["en", "ar"]) {
    for (const context of [adminContext, premiumContext])
      await context.addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const width of [1280, 390]) {
      for (const [name, page, address] of [
        ["admin-course", admin, coursePath],
        ["admin-media", admin, mediaPath],
        ["lesson", premium, lessonPath],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(address);
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        if (name !== "admin-course")
          await expect(page.getByTestId("video-player-controls")).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await page.screenshot({
          path: shot(`lesson-media-${name}-${locale}-${width}.png`, (n) => testInfo.outputPath(n)),
          fullPage: true,
        });
      }
    }
  }
  for (const context of [adminContext, premiumContext, freeContext]) await context.close();
});
