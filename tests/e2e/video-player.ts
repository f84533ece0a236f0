import { expect, type Page } from "@playwright/test";

/** Collects the page's Content-Security-Policy violations (console errors and report events). */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content[- ]Security[- ]Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

/**
 * Plays the page's uploaded video through the player's controls (app/components/video-player.tsx)
 * and seeks with them: the Play button, `k` to pause, the right arrow 10 s ahead, the left arrow
 * back, and a click on the time slider. Expects a video of about 20 seconds.
 */
export async function playAndSeek(page: Page): Promise<void> {
  const controls = page.getByTestId("video-player-controls");
  await expect(controls).toBeVisible();
  const video = controls.getByTestId("video-player");
  const time = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  const paused = () => video.evaluate((element: HTMLVideoElement) => element.paused);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
  });
  const play = controls.getByRole("button", { name: "Play", exact: true });
  await expect(play).toBeVisible();
  await play.click();
  await expect.poll(time).toBeGreaterThan(0);
  await expect(controls.getByRole("button", { name: "Pause", exact: true })).toBeVisible();

  // The keyboard: k pauses, the arrows seek by 10 seconds.
  await controls.getByRole("button", { name: "Pause", exact: true }).focus();
  await page.keyboard.press("k");
  await expect.poll(paused).toBe(true);
  const before = await time();
  await page.keyboard.press("ArrowRight");
  await expect.poll(time).toBeGreaterThan(before + 9);
  const ahead = await time();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(time).toBeLessThan(ahead - 9);

  // The time slider: a click three quarters along seeks there.
  const slider = controls.getByRole("slider", { name: "Position in the video" });
  await expect(slider).toBeVisible();
  const box = (await slider.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
  await expect.poll(time).toBeGreaterThan(duration * 0.6);
  expect(await time()).toBeLessThan(duration * 0.9);
}
