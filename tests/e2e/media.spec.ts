import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn } from "./fixtures";

/*
 * Uploaded media in Chromium against the production build: a premium member uploads a small
 * WebM over the tus protocol from the page (same origin, the session cookie), then a <video>
 * element plays it from /media/files/<id> and seeks, which needs the server's range requests.
 * A guest gets a 404 for the same address.
 */

const webm = readFileSync(path.resolve("tests/fixtures/media/tiny.webm")).toString("base64");

test("a premium member's uploaded video plays and seeks; a guest cannot fetch it", async ({
  page,
  browser,
}) => {
  await signIn(page, ACCOUNTS.premium);
  const id = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const created = await fetch("/api/uploads", {
      method: "POST",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Length": String(bytes.length),
        "Upload-Metadata": `purpose ${btoa("video")},filename ${btoa("tiny.webm")}`,
      },
    });
    if (created.status !== 201) throw new Error(`creation: ${created.status}`);
    const location = created.headers.get("location") ?? "";
    const done = await fetch(location, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: bytes,
    });
    if (done.status !== 204) throw new Error(`upload: ${done.status} ${await done.text()}`);
    return location.split("/").pop() ?? "";
  }, webm);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  const played = await page.evaluate(async (src) => {
    const video = document.createElement("video");
    video.muted = true;
    video.preload = "auto";
    document.body.append(video);
    const event = (name: string) =>
      new Promise<void>((resolve, reject) => {
        video.addEventListener(name, () => resolve(), { once: true });
        video.addEventListener(
          "error",
          () => reject(new Error(`media error ${video.error?.code}`)),
          {
            once: true,
          },
        );
      });
    const loaded = event("loadedmetadata");
    video.src = src;
    await loaded;
    const seeked = event("seeked");
    video.currentTime = 1.5;
    await seeked;
    return { duration: video.duration, time: video.currentTime, ranges: video.seekable.length };
  }, `/media/files/${id}`);
  expect(played.duration).toBeGreaterThan(1.5);
  expect(played.time).toBeCloseTo(1.5, 0);
  expect(played.ranges).toBeGreaterThan(0);

  const poster = await page.request.get(`/media/files/${id}/poster`);
  expect(poster.status()).toBe(200);
  expect(poster.headers()["content-type"]).toBe("image/jpeg");

  const guest = await browser.newContext();
  const refused = await guest.request.get(`/media/files/${id}`);
  expect(refused.status()).toBe(404);
  await guest.close();
});
