import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageRejectedError, storeAvatar } from "./avatar.server";

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "sanctuary-avatar-"));
  process.env.DATA_DIR = dataDir;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#8b5cf6" } })
    .png()
    .toBuffer();
}

describe("avatar upload", () => {
  it("crops to a 256 px square WebP under DATA_DIR/uploads", async () => {
    const file = new File([new Uint8Array(await png(800, 500))], "me.png", { type: "image/png" });
    const url = await storeAvatar(file);
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]+\.webp$/);
    const meta = await sharp(path.join(dataDir, url.replace("/uploads/", "uploads/"))).metadata();
    expect(meta).toMatchObject({ width: 256, height: 256, format: "webp" });
  });

  it("refuses what is not an image, whatever it claims to be", async () => {
    const fake = new File(["<script>alert(1)</script>"], "x.png", { type: "image/png" });
    await expect(storeAvatar(fake)).rejects.toEqual(new ImageRejectedError("type"));
    const svg = new File(["<svg/>"], "x.svg", { type: "image/svg+xml" });
    await expect(storeAvatar(svg)).rejects.toEqual(new ImageRejectedError("type"));
  });

  it("refuses files over 5 MB", async () => {
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    await expect(storeAvatar(big)).rejects.toEqual(new ImageRejectedError("size"));
  });
});
