import { mkdtemp, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "../../../tests/helpers/app";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { S3Storage, deleteMediaFile, getMediaFile, useMediaStorage } from "./index.server";

let app: Awaited<ReturnType<typeof startTestApp>>;
let folder: string;
let s3server: S3rver;
let storage: S3Storage;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "sanctuary-s3-"));
  s3server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: "media", configs: [] }],
  });
  const { port } = (await s3server.run()) as AddressInfo;
  app = await startTestApp();
  storage = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: "media",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });
  useMediaStorage(storage);
});
afterAll(async () => {
  useMediaStorage(undefined);
  storage?.destroy();
  await app?.cleanup();
  await s3server?.close();
  await rm(folder, { recursive: true, force: true });
});

describe("uploads stored in an S3-compatible bucket", () => {
  it("land in the bucket, and /media/files redirects to a short-lived presigned address", async () => {
    const member = await signedInRequest({ tier: "full" });
    const other = await signedInRequest({ tier: "full" });
    const bytes = await readFile(path.resolve("tests/fixtures/media/tiny.mp4"));
    const created = await app.fetch("/api/uploads", {
      method: "POST",
      headers: {
        "Tus-Resumable": "1.0.0",
        cookie: member.cookie,
        "Upload-Length": String(bytes.length),
        "Upload-Metadata": `purpose ${Buffer.from("video").toString("base64")}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    const done = await app.fetch(location, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        cookie: member.cookie,
        "Content-Type": "application/offset+octet-stream",
        "Upload-Offset": "0",
      },
      body: new Uint8Array(bytes),
    });
    expect(done.status).toBe(204);
    const id = location.split("/").pop() ?? "";
    const file = await getMediaFile(id);
    expect(file).toMatchObject({ status: "ready", contentType: "video/mp4" });
    expect(await storage.stat(file?.storageKey ?? "")).toEqual({ size: bytes.length });

    const served = await app.fetch(`/media/files/${id}`, { headers: { cookie: member.cookie } });
    expect(served.status).toBe(302);
    expect(served.headers.get("cache-control")).toContain("no-store");
    const target = served.headers.get("location") ?? "";
    expect(target).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/video\//);
    expect(target).toContain("X-Amz-Expires=300");
    const fromBucket = await fetch(target, { headers: { Range: "bytes=0-99" } });
    expect(fromBucket.status).toBe(206);
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
    // Another member gets no address at all.
    const refused = await app.fetch(`/media/files/${id}`, { headers: { cookie: other.cookie } });
    expect(refused.status).toBe(404);
    expect(refused.headers.get("location")).toBeNull();

    await deleteMediaFile(id);
    expect(await storage.stat(file?.storageKey ?? "")).toBeNull();
    if (file?.posterKey) expect(await storage.stat(file.posterKey)).toBeNull();
  });
});
