import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";
import { playAndSeek, watchCsp } from "./video-player";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * Videos end to end: a premium member shares a YouTube video from the side navigation and sees
 * it pending review; an admin publishes it from the moderation queue; a member finds it in the
 * list, opens it, and nothing is requested from YouTube until they press Play, when the
 * no-cookie player loads; they rate it and follow its tag. axe checks the list, the video page
 * and the form; they are photographed at 1280 and 390 px in English and Arabic.
 */

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    localStorage.setItem("premium_popup_last_shown", day);
  });
  return { context, page: await context.newPage() };
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

test("a premium member shares a video, an admin publishes it, a member plays and rates it", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const title = `Moon water ritual ${stamp}`;
  const tag = `moonwater${stamp}`;

  // The premium member shares it from the side navigation.
  const sharer = await newPage(browser);
  const s = sharer.page;
  await signIn(s, ACCOUNTS.premium);
  await waitForHydration(s);
  await s
    .getByRole("complementary", { name: "Main Navigation" })
    .getByRole("link", { name: /^Videos( New)?$/ })
    .click();
  await expect(s.getByRole("heading", { level: 1, name: "Videos" })).toBeVisible();
  await s.getByRole("main").getByRole("link", { name: "Add a video" }).first().click();
  await expect(s.getByRole("heading", { level: 1, name: "Add a video" })).toBeVisible();
  // A hostile address is refused beside its field.
  await s.getByRole("radio", { name: "YouTube or Vimeo" }).check();
  await s.getByLabel("YouTube or Vimeo address").fill("javascript:alert(1)");
  await s.getByLabel("Title").fill(title);
  await s.getByRole("button", { name: "Share video" }).click();
  await expect(s.getByText("Paste the address of a single YouTube or Vimeo video.")).toBeVisible();
  await s.getByLabel("YouTube or Vimeo address").fill("https://youtu.be/dQw4w9WgXcQ");
  await s.getByLabel("Tags").fill(tag);
  await s.getByRole("button", { name: "Share video" }).click();
  await expect(s.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(s.getByRole("status").filter({ hasText: "Pending review" })).toBeVisible();
  const videoPath = new URL(s.url()).pathname;

  // A guest meets a 404 while it waits.
  const guest = await newPage(browser);
  const g = guest.page;
  const response = await g.goto(videoPath);
  expect(response?.status()).toBe(404);

  // The admin publishes it from the moderation queue.
  const admin = await newPage(browser);
  const a = admin.page;
  await signIn(a, ACCOUNTS.admin);
  await a.goto("/admin/moderation");
  await waitForHydration(a);
  const pending = a.getByTestId("pending-video").filter({ hasText: title });
  await expect(pending).toBeVisible();
  await pending.getByRole("button", { name: "Publish" }).click();
  await expect(a.getByText("The video is published.")).toBeVisible();
  await expect(pending).toHaveCount(0);

  // A member finds it by its tag, opens it: nothing from YouTube before Play.
  const viewer = await newPage(browser);
  const v = viewer.page;
  const thirdParty: string[] = [];
  v.on("request", (request) => {
    const host = new URL(request.url()).hostname;
    if (/youtube|ytimg|vimeo|google/.test(host)) thirdParty.push(request.url());
  });
  await signIn(v, ACCOUNTS.member);
  await v.goto(`/videos?tag=${tag}`);
  await waitForHydration(v);
  await v.getByRole("link", { name: new RegExp(title) }).click();
  await expect(v.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(v.locator("iframe")).toHaveCount(0);
  expect(thirdParty).toEqual([]);
  await v.getByRole("button", { name: "Play video" }).click();
  const frame = v.locator("iframe");
  await expect(frame).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
  );
  await expect(frame).toHaveAttribute("title", title);

  // Rate it (keyboard: the stars are radio buttons) and follow its tag.
  await v.getByRole("radio", { name: "4 stars" }).focus();
  await v.keyboard.press("Space");
  await expect(v.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await v.getByRole("button", { name: "Rate this video" }).click();
  await expect(v.getByText("Thank you for your rating.")).toBeVisible();
  await expect(v.getByText("Your rating: 4 of 5")).toBeVisible();
  await v.getByRole("button", { name: `Follow #${tag}` }).click();
  await expect(v.getByText("You will be told about new videos.")).toBeVisible();
  await expect(v.getByRole("button", { name: `Stop following #${tag}` })).toBeVisible();

  // The sharer answers under the player, through the discussions engine's comments; the
  // comment's permalink stays on the video's page.
  await s.goto("/videos");
  await waitForHydration(s);
  await s
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .click();
  await expect(s.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const comments = s.getByRole("region", { name: /Comments/ });
  await expect(comments.getByText(/^No comments yet/)).toBeVisible();
  await comments.getByLabel("Write a comment").fill("Thank you for watching — questions welcome.");
  await comments.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(s).toHaveURL(new RegExp(`${videoPath}\\?comment=`));
  await expect(comments.getByText("Thank you for watching — questions welcome.")).toBeVisible();
  // A guest reads it and is offered to sign in to answer.
  await guest.page.goto(videoPath);
  await expect(guest.page.getByText("Thank you for watching — questions welcome.")).toBeVisible();
  await expect(guest.page.getByRole("link", { name: "Sign in to leave a comment" })).toBeVisible();

  // axe on the list, the video page (with its comment) and the form.
  for (const [page, path] of [
    [v, "/videos"],
    [v, videoPath],
    [s, "/add-video"],
  ] as const) {
    await page.goto(path);
    await waitForHydration(page);
    expect(await seriousViolations(page), path).toEqual([]);
  }

  // The layout in English and Arabic, on a desktop and a phone.
  for (const locale of ["en", "ar"]) {
    await viewer.context.addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const width of [1280, 390]) {
      await v.setViewportSize({ width, height: 900 });
      for (const [name, path] of [
        ["list", "/videos"],
        ["video", videoPath],
      ] as const) {
        await v.goto(path);
        await expect(v.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await expect(v.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoHorizontalOverflow(v);
        await v.screenshot({
          path: testInfo.outputPath(`videos-${name}-${locale}-${width}.png`),
          fullPage: true,
        });
      }
    }
  }
  for (const context of [sharer, guest, admin, viewer]) await context.context.close();
});

test("a free member meets the Premium gate on /add-video", async ({ browser }) => {
  const free = await newPage(browser);
  // A new member: other specs may upgrade the shared free account.
  await signUpNewMember(free.page, "Free Viewer");
  await free.page.goto("/add-video");
  await expect(
    free.page.getByRole("heading", { level: 1, name: "For full members" }),
  ).toBeVisible();
  await free.context.close();
});

test("a premium member uploads a video with the progress bar, an admin approves it, it plays and seeks", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const title = `Uploaded candle rite ${Date.now()}`;
  const sharer = await newPage(browser);
  const s = sharer.page;
  await signIn(s, ACCOUNTS.premium);
  await s.goto("/videos");
  await waitForHydration(s);
  await s.getByRole("main").getByRole("link", { name: "Add a video" }).first().click();
  await expect(s.getByRole("heading", { level: 1, name: "Add a video" })).toBeVisible();
  await s.getByRole("radio", { name: "Upload a file" }).check();
  await s
    .getByLabel("Video file (MP4, WebM, Ogg or QuickTime)")
    .setInputFiles(path.resolve("tests/fixtures/media/twenty-seconds.webm"));
  const progress = s.getByRole("progressbar", { name: "Upload of twenty-seconds.webm" });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", "100");
  await expect(s.getByText("Upload complete")).toBeVisible();
  await s.getByLabel("Title").fill(title);
  await s.getByRole("button", { name: "Share video" }).click();
  await expect(s.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(s.getByRole("status").filter({ hasText: "Pending review" })).toBeVisible();
  const videoPath = new URL(s.url()).pathname;

  const admin = await newPage(browser);
  const a = admin.page;
  await signIn(a, ACCOUNTS.admin);
  await a.goto("/admin/moderation");
  await waitForHydration(a);
  const pending = a.getByTestId("pending-video").filter({ hasText: title });
  await pending.getByRole("button", { name: "Publish" }).click();
  await expect(a.getByText("The video is published.")).toBeVisible();

  // A guest plays it and seeks through the player's own controls: the bytes come from this site
  // with range requests, and the page's CSP lets the player run without a violation.
  const guest = await newPage(browser);
  const g = guest.page;
  const violations = watchCsp(g);
  await g.goto(videoPath);
  await waitForHydration(g);
  await playAndSeek(g);
  expect(violations).toEqual([]);
  expect(await seriousViolations(g), videoPath).toEqual([]);

  // The player in English and Arabic, on a desktop and a phone.
  for (const locale of ["en", "ar"]) {
    await guest.context.addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const width of [1280, 390]) {
      await g.setViewportSize({ width, height: 900 });
      await g.goto(videoPath);
      await waitForHydration(g);
      await expect(g.getByTestId("video-player-controls")).toBeVisible();
      await expectNoHorizontalOverflow(g);
      const name = `video-player-${locale}-${width}.png`;
      await g.screenshot({
        path: process.env.MEDIA_SHOTS
          ? path.join(process.env.MEDIA_SHOTS, name)
          : testInfo.outputPath(name),
      });
    }
  }
  for (const context of [sharer, admin, guest]) await context.context.close();
});
