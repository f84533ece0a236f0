import { once } from "node:events";
import { readFile, readdir } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { config } from "#app/lib/config.server";
import { startTestApp } from "../../../tests/helpers/app";
import { signedInRequest } from "../../../tests/helpers/accounts";
import {
  MediaAttachError,
  attachMediaFile,
  deleteMediaFile,
  ffmpegBinary,
  getMediaFile,
  mediaStorage,
  registerMediaAccess,
  sweepUnattachedMedia,
  removeStagedUpload,
} from "./index.server";
import { mediaFiles } from "./schema";

type Account = Awaited<ReturnType<typeof signedInRequest>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
let premium: Account;
let free: Account;
let otherPremium: Account;
let admin: Account;
const fixture = (name: string) => readFile(path.resolve("tests/fixtures/media", name));

beforeAll(async () => {
  app = await startTestApp();
  premium = await signedInRequest({ tier: "full" });
  otherPremium = await signedInRequest({ tier: "full" });
  free = await signedInRequest();
  admin = await signedInRequest({ role: "admin" });
});
afterAll(() => app.cleanup());

const b64 = (text: string) => Buffer.from(text).toString("base64");
const TUS = { "Tus-Resumable": "1.0.0" };

/** Starts an upload (tus creation): the response, and the upload's address when created. */
async function create(
  who: Account | null,
  size: number,
  metadata: Record<string, string> = { purpose: "video", filename: "clip.webm" },
  extra: Record<string, string> = {},
) {
  const response = await app.fetch("/api/uploads", {
    method: "POST",
    headers: {
      ...TUS,
      ...(who ? { cookie: who.cookie } : {}),
      "Upload-Length": String(size),
      "Upload-Metadata": Object.entries(metadata)
        .map(([key, value]) => `${key} ${b64(value)}`)
        .join(","),
      ...extra,
    },
  });
  const location = response.headers.get("location");
  return { response, location, id: location?.split("/").pop() ?? "" };
}

async function patch(who: Account, location: string, offset: number, bytes: Uint8Array) {
  return app.fetch(location, {
    method: "PATCH",
    headers: {
      ...TUS,
      cookie: who.cookie,
      "Content-Type": "application/offset+octet-stream",
      "Upload-Offset": String(offset),
    },
    body: new Uint8Array(bytes),
  });
}

/** A whole upload in one request; the created id. */
async function uploadWhole(who: Account, bytes: Buffer, metadata?: Record<string, string>) {
  const { response, location, id } = await create(who, bytes.length, metadata);
  expect(response.status).toBe(201);
  const done = await patch(who, location ?? "", 0, bytes);
  return { id, done };
}

const stagingFiles = () =>
  readdir(path.resolve(config().DATA_DIR, "media-uploads")).catch(() => [] as string[]);

describe("starting an upload", () => {
  it("is for signed-in members only, with a translated answer", async () => {
    const { response } = await create(null, 100);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe(
      "Sign in to upload files.",
    );
    const german = await app.fetch("/api/uploads", {
      method: "POST",
      headers: { ...TUS, "Accept-Language": "de", "Upload-Length": "100" },
    });
    expect(((await german.json()) as { message: string }).message).toBe(
      "Melde dich an, um Dateien hochzuladen.",
    );
  });

  it("checks the purpose, who may upload it and the size", async () => {
    expect((await create(free, 100)).response.status).toBe(403);
    const unknown = await create(premium, 100, { purpose: "../../etc", filename: "x" });
    expect(unknown.response.status).toBe(400);
    expect(await unknown.response.text()).toBe("This upload is not accepted here.");
    expect((await create(premium, 100, { filename: "x" })).response.status).toBe(400);
    // Lesson videos are for admins.
    expect(
      (await create(premium, 100, { purpose: "lesson-video", filename: "x" })).response.status,
    ).toBe(403);
    expect(
      (await create(admin, 100, { purpose: "lesson-video", filename: "x" })).response.status,
    ).toBe(201);
    // Larger than the limit (2 GB by default): refused before a byte is sent.
    const huge = await create(premium, config().UPLOAD_MAX_BYTES + 1);
    expect(huge.response.status).toBe(413);
    const poster = await create(premium, 11 * 1024 * 1024, {
      purpose: "video-poster",
      filename: "p.png",
    });
    expect(poster.response.status).toBe(413);
    expect(await poster.response.text()).toBe("The file is larger than 10 MB.");
    // A length announced later could not be checked.
    const deferred = await create(premium, 0, undefined, { "Upload-Defer-Length": "1" });
    expect(deferred.response.status).toBe(400);
    for (const bad of ["-5", "abc", "1e9", ""]) {
      const response = await app.fetch("/api/uploads", {
        method: "POST",
        headers: {
          ...TUS,
          cookie: premium.cookie,
          "Upload-Length": bad,
          "Upload-Metadata": `purpose ${b64("video")}`,
        },
      });
      expect(response.status, bad).toBeGreaterThanOrEqual(400);
      expect(response.status, bad).toBeLessThan(500);
    }
  });

  it("keeps the same-origin rule: a write from another site is refused", async () => {
    const response = await app.fetch("/api/uploads", {
      method: "POST",
      headers: {
        ...TUS,
        cookie: premium.cookie,
        Origin: "https://evil.example",
        "Upload-Length": "10",
        "Upload-Metadata": `purpose ${b64("video")}`,
      },
    });
    expect(response.status).toBe(403);
  });
});

describe("a finished upload", () => {
  it("becomes a ready media file with its type, duration and poster", async () => {
    const bytes = await fixture("tiny.webm");
    const { id, done } = await uploadWhole(premium, bytes);
    expect(done.status).toBe(204);
    expect(done.headers.get("media-file-id")).toBe(id);
    const file = await getMediaFile(id);
    expect(file).toMatchObject({
      ownerId: premium.userId,
      purpose: "video",
      status: "ready",
      contentType: "video/webm",
      size: bytes.length,
      originalName: "clip.webm",
      attachedAt: null,
    });
    const stored = await mediaStorage().read(file?.storageKey ?? "");
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    if (await ffmpegBinary()) {
      expect(file?.durationSeconds).toBe(2);
      expect(file?.posterKey).toBe(`video/${id}.poster.jpg`);
      const poster = await app.fetch(`/media/files/${id}/poster`, {
        headers: { cookie: premium.cookie },
      });
      expect(poster.status).toBe(200);
      expect(poster.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await poster.arrayBuffer()).subarray(0, 3)).toEqual(
        Buffer.from([0xff, 0xd8, 0xff]),
      );
    }
    // Nothing is left in the staging folder.
    expect((await stagingFiles()).filter((name) => name.startsWith(id))).toEqual([]);
  });

  it("refuses bytes that are not a video with a clear message, and deletes them", async () => {
    const fake = Buffer.from("This is not a video at all, whatever its name says. ".repeat(40));
    const { id, done } = await uploadWhole(premium, fake, {
      purpose: "video",
      filename: "movie.mp4",
    });
    expect(done.status).toBe(415);
    expect(await done.text()).toBe(
      "This file is not a video. Upload an MP4, WebM, Ogg or MOV video.",
    );
    expect(await getMediaFile(id)).toBeNull();
    expect((await stagingFiles()).filter((name) => name.startsWith(id))).toEqual([]);
    // An image is not a video either; in Arabic, the message is Arabic.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);
    const created = await create(premium, png.length);
    const refused = await app.fetch(created.location ?? "", {
      method: "PATCH",
      headers: {
        ...TUS,
        cookie: premium.cookie,
        "Accept-Language": "ar",
        "Content-Type": "application/offset+octet-stream",
        "Upload-Offset": "0",
      },
      body: png,
    });
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain("هذا الملف ليس فيديو");
  });

  it("is reachable during the upload by its uploader only", async () => {
    const { location, id } = await create(premium, 1000);
    const head = (who: Account) =>
      app.fetch(location ?? "", { method: "HEAD", headers: { ...TUS, cookie: who.cookie } });
    const own = await head(premium);
    expect(own.status).toBe(200);
    expect(own.headers.get("upload-offset")).toBe("0");
    expect((await head(otherPremium)).status).toBe(404);
    expect((await head(admin)).status).toBe(404);
    expect((await patch(otherPremium, location ?? "", 0, new Uint8Array(10))).status).toBe(404);
    for (const bad of [
      "/api/uploads/not-an-id",
      "/api/uploads/..%2F..%2Fetc",
      `/api/uploads/${id}/x`,
    ]) {
      const response = await app.fetch(bad, {
        method: "HEAD",
        headers: { ...TUS, cookie: premium.cookie },
      });
      expect(response.status, bad).toBe(404);
    }
    // Its uploader may abandon it.
    const gone = await app.fetch(location ?? "", {
      method: "DELETE",
      headers: { ...TUS, cookie: premium.cookie },
    });
    expect(gone.status).toBe(204);
    expect(await getMediaFile(id)).toBeNull();
  });
});

describe("a resumed upload after a dropped connection", () => {
  it("continues from the server's offset, and the bytes are identical", async () => {
    const bytes = await fixture("tiny.mp4");
    const server = serve({ fetch: app.app.fetch, port: 0, hostname: "127.0.0.1" });
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      const { location, id } = await create(premium, bytes.length, {
        purpose: "video",
        filename: "tiny.mp4",
      });
      const half = Math.floor(bytes.length / 2);
      // A PATCH announcing the whole file, cut off after half of it.
      await new Promise<void>((resolve) => {
        const request = httpRequest({
          host: "127.0.0.1",
          port,
          method: "PATCH",
          path: location ?? "",
          headers: {
            ...TUS,
            cookie: premium.cookie,
            "Content-Type": "application/offset+octet-stream",
            "Upload-Offset": "0",
            "Content-Length": String(bytes.length),
          },
        });
        request.on("error", () => resolve());
        request.on("response", () => resolve());
        request.write(bytes.subarray(0, half), () => {
          // Once the first half left, the connection drops.
          setImmediate(() => {
            request.destroy();
            resolve();
          });
        });
      });
      // The server keeps what arrived: ask it how much, as a client resuming does.
      let offset = -1;
      const until = Date.now() + 10_000;
      while (offset !== half && Date.now() < until) {
        const head = await app.fetch(location ?? "", {
          method: "HEAD",
          headers: { ...TUS, cookie: premium.cookie },
        });
        offset = Number(head.headers.get("upload-offset"));
        if (offset !== half) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(offset).toBe(half);
      expect((await getMediaFile(id))?.status).toBe("uploading");
      const rest = await patch(premium, location ?? "", offset, bytes.subarray(offset));
      expect(rest.status).toBe(204);
      const file = await getMediaFile(id);
      expect(file).toMatchObject({ status: "ready", contentType: "video/mp4", size: bytes.length });
      const served = await app.fetch(`/media/files/${id}`, { headers: { cookie: premium.cookie } });
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      server.close();
    }
  });
});

describe("serving a file", () => {
  let id = "";
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = await fixture("tiny.webm");
    ({ id } = await uploadWhole(premium, bytes));
  });
  const get = (
    headers: Record<string, string> = {},
    who: Account | null = premium,
    method = "GET",
  ) =>
    app.fetch(`/media/files/${id}`, {
      method,
      headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
    });

  it("sends the whole file with Accept-Ranges", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-type")).toBe("video/webm");
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("answers ranges: the first, middle and last bytes", async () => {
    const cases: Array<[string, number, number]> = [
      ["bytes=0-15", 0, 15],
      ["bytes=1000-1999", 1000, 1999],
      [`bytes=${bytes.length - 10}-`, bytes.length - 10, bytes.length - 1],
      ["bytes=-25", bytes.length - 25, bytes.length - 1],
      // An end past the file is the file's end.
      [`bytes=5-${bytes.length + 500}`, 5, bytes.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await get({ Range: range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get("content-range"), range).toBe(
        `bytes ${start}-${end}/${bytes.length}`,
      );
      expect(response.headers.get("content-length"), range).toBe(String(end - start + 1));
      expect(
        Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(start, end + 1)),
        range,
      ).toBe(true);
    }
  });

  it("refuses ranges it cannot satisfy with 416", async () => {
    for (const range of [
      `bytes=${bytes.length}-`,
      `bytes=${bytes.length + 10}-${bytes.length + 20}`,
      "bytes=20-10",
      "bytes=-0",
      "bytes=-",
      "bytes=abc",
      "bytes=0-1,5-9",
      `bytes=${"9".repeat(40)}-`,
    ]) {
      const response = await get({ Range: range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get("content-range"), range).toBe(`bytes */${bytes.length}`);
    }
    // Another unit is not a range of bytes: the whole file.
    expect((await get({ Range: "items=0-5" })).status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const whole = await get({}, premium, "HEAD");
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(bytes.length));
    expect((await whole.arrayBuffer()).byteLength).toBe(0);
    const part = await get({ Range: "bytes=0-99" }, premium, "HEAD");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${bytes.length}`);
  });

  it("goes to its owner and admins; to others only as the purpose's rule says", async () => {
    expect((await get({}, premium)).status).toBe(200);
    expect((await get({}, admin)).status).toBe(200);
    expect((await get({}, otherPremium)).status).toBe(404);
    expect((await get({}, free)).status).toBe(404);
    const guest = await get({}, null);
    expect(guest.status).toBe(404);
    expect(await guest.text()).toBe("This file does not exist or is not available to you.");
    // A rule of the purpose: here, premium members receive videos (as a premium-only lesson would).
    registerMediaAccess("video", async (viewer) => viewer?.isPremium ?? false);
    try {
      expect((await get({}, otherPremium)).status).toBe(200);
      expect((await get({}, free)).status).toBe(404);
      expect((await get({}, null)).status).toBe(404);
    } finally {
      registerMediaAccess("video", async () => false);
    }
    for (const bad of [
      "/media/files/nope",
      "/media/files/00000000-0000-0000-0000-000000000000",
      `/media/files/${id}/poster/x`,
    ]) {
      const response = await app.fetch(bad, { headers: { cookie: admin.cookie } });
      expect(response.status, bad).toBe(404);
    }
  });

  it("never serves an unfinished upload", async () => {
    const { id: pending } = await create(premium, 500);
    const response = await app.fetch(`/media/files/${pending}`, {
      headers: { cookie: premium.cookie },
    });
    expect(response.status).toBe(404);
  });
});

describe("features adopting files", () => {
  it("attaches a ready file of the owner and purpose once, with typed refusals", async () => {
    const { id } = await uploadWhole(premium, await fixture("tiny.webm"));
    const attach = (input: { id: string; ownerId: string; purpose: string }) =>
      db().transaction((tx) => attachMediaFile(tx, input));
    const problem = (input: { id: string; ownerId: string; purpose: string }) =>
      attach(input).then(
        () => null,
        (error: unknown) => (error instanceof MediaAttachError ? error.problem : error),
      );
    expect(await problem({ id, ownerId: otherPremium.userId, purpose: "video" })).toBe("notOwner");
    expect(await problem({ id, ownerId: premium.userId, purpose: "lesson-video" })).toBe(
      "wrongPurpose",
    );
    expect(await problem({ id: "not-a-uuid", ownerId: premium.userId, purpose: "video" })).toBe(
      "missing",
    );
    const { id: pending } = await create(premium, 500);
    expect(await problem({ id: pending, ownerId: premium.userId, purpose: "video" })).toBe(
      "notReady",
    );
    const attached = await attach({ id, ownerId: premium.userId, purpose: "video" });
    expect(attached.attachedAt).toBeInstanceOf(Date);
    expect(await problem({ id, ownerId: premium.userId, purpose: "video" })).toBe("attached");
  });

  it("deletes a file with its bytes and poster", async () => {
    const { id } = await uploadWhole(premium, await fixture("tiny.webm"));
    const file = await getMediaFile(id);
    await deleteMediaFile(id);
    expect(await getMediaFile(id)).toBeNull();
    expect(await mediaStorage().stat(file?.storageKey ?? "")).toBeNull();
    if (file?.posterKey) expect(await mediaStorage().stat(file.posterKey)).toBeNull();
  });

  it("sweeps files nobody adopted within a day, finished or not, and keeps the rest", async () => {
    const { id: old } = await uploadWhole(premium, await fixture("tiny.webm"));
    const { id: oldUnfinished } = await create(premium, 500);
    const { id: adopted } = await uploadWhole(premium, await fixture("tiny.webm"));
    await db().transaction((tx) =>
      attachMediaFile(tx, { id: adopted, ownerId: premium.userId, purpose: "video" }),
    );
    const { id: fresh } = await uploadWhole(premium, await fixture("tiny.webm"));
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const id of [old, oldUnfinished, adopted])
      await db().update(mediaFiles).set({ createdAt: twoDaysAgo }).where(eq(mediaFiles.id, id));
    const oldKey = (await getMediaFile(old))?.storageKey ?? "";
    expect(await sweepUnattachedMedia(new Date(), removeStagedUpload)).toBe(2);
    expect(await getMediaFile(old)).toBeNull();
    expect(await getMediaFile(oldUnfinished)).toBeNull();
    expect(await mediaStorage().stat(oldKey)).toBeNull();
    expect((await stagingFiles()).filter((name) => name.startsWith(oldUnfinished))).toEqual([]);
    expect(await getMediaFile(adopted)).not.toBeNull();
    expect(await getMediaFile(fresh)).not.toBeNull();
  });
});
