import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskStorage } from "./disk.server";
import { S3Storage } from "./s3.server";
import type { MediaStorage } from "./storage.server";

let folder: string;
let s3server: S3rver;
let s3: S3Storage;
const BUCKET = "sanctuary-media";

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "sanctuary-storage-"));
  // A real S3-compatible server on a free local port, keeping its objects in a temporary folder.
  s3server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(folder, "s3"),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = (await s3server.run()) as AddressInfo;
  s3 = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });
});
afterAll(async () => {
  s3?.destroy();
  await s3server?.close();
  await rm(folder, { recursive: true, force: true });
});

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("latin1");
}

/** A local file to store, with known bytes (the alphabet, repeated). */
async function localFile(name: string, size: number): Promise<{ file: string; bytes: string }> {
  const bytes = "abcdefghijklmnopqrstuvwxyz".repeat(Math.ceil(size / 26)).slice(0, size);
  const file = path.join(folder, name);
  await writeFile(file, bytes, "latin1");
  return { file, bytes };
}

const backends: Array<[string, () => MediaStorage]> = [
  ["on disk", () => new DiskStorage(path.join(folder, "disk"))],
  ["on the S3-compatible server", () => s3],
];

describe.each(backends)("the media storage %s", (_name, storageOf) => {
  it("stores a file, reads it whole and by range, tells its size, and deletes it", async () => {
    const storage = storageOf();
    const { file, bytes } = await localFile(`put-${storage.kind}`, 5000);
    const key = `video/0b7e5c1e-1f7d-4a53-8a43-${storage.kind === "s3" ? "000000000001" : "000000000002"}`;
    await storage.putFile(key, file, "video/mp4");
    // The local file moved into the storage.
    expect(existsSync(file)).toBe(false);
    expect(await storage.stat(key)).toEqual({ size: 5000 });
    expect(await text(await storage.read(key))).toBe(bytes);
    expect(await text(await storage.read(key, { start: 0, end: 9 }))).toBe(bytes.slice(0, 10));
    expect(await text(await storage.read(key, { start: 2500, end: 2599 }))).toBe(
      bytes.slice(2500, 2600),
    );
    expect(await text(await storage.read(key, { start: 4990, end: 4999 }))).toBe(bytes.slice(4990));
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    // Deleting what is not there is no error.
    await storage.delete(key);
  });

  it("knows no object under an unknown key, and refuses keys that leave its folder", async () => {
    const storage = storageOf();
    expect(await storage.stat("video/never-stored")).toBeNull();
    for (const key of [
      "../etc/passwd",
      "/etc/passwd",
      "video/../../x",
      "",
      "Video/UPPER",
      "a//b",
    ]) {
      await expect(storage.stat(key), key).rejects.toThrow(/Invalid media storage key/);
    }
  });
});

describe("presigned addresses", () => {
  it("disk storage has none: this server sends the bytes", async () => {
    const disk = new DiskStorage(path.join(folder, "disk"));
    expect(await disk.directUrl()).toBeNull();
  });

  it("an S3 object is fetched directly from the bucket, with the type and a download name", async () => {
    const { file, bytes } = await localFile("presign", 300);
    const key = "lesson-file/0b7e5c1e-1f7d-4a53-8a43-000000000003";
    await s3.putFile(key, file, "application/pdf");
    const url = await s3.directUrl(key, {
      contentType: "application/pdf",
      download: "Notes é.pdf",
    });
    expect(url).toMatch(/X-Amz-Expires=300/);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain("Notes%20%C3%A9.pdf");
    expect(await response.text()).toBe(bytes);
    // A range through the presigned address, as a video player seeks.
    const part = await fetch(await s3.directUrl(key, { contentType: "application/pdf" }), {
      headers: { Range: "bytes=10-19" },
    });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe(bytes.slice(10, 20));
  });
});
