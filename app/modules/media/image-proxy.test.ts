import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PNG, startImageServer, type ImageServer } from "../../../tests/helpers/image-server";
import { imageProxyPath } from "#app/lib/image-src";
import { createImageCache } from "./image-cache.server";
import { createImageProxy, IMAGE_MAX_BYTES } from "./image-proxy.server";
import { signImageUrl } from "./proxy-url.server";

let images: ImageServer;
let cacheDir: string;
/** Only this test server's address is reachable: the production guard refuses loopback. */
let proxy: ReturnType<typeof createImageProxy>;

beforeAll(async () => {
  process.env.AUTH_SECRET = "a-test-secret-that-is-long-enough-for-the-config";
  images = await startImageServer({ maxBytes: IMAGE_MAX_BYTES });
  cacheDir = await mkdtemp(path.join(tmpdir(), "media-cache-"));
  proxy = createImageProxy({
    signedIn: async (request) => request.headers.get("cookie") === "session=member",
    cacheDir,
    timeoutMs: 1500,
    network: {
      addressAllowed: (address) => address === "127.0.0.1",
      portAllowed: () => true,
      ca: images.certificate,
    },
  });
});
afterAll(async () => {
  await images.close();
  await rm(cacheDir, { recursive: true, force: true });
});

/** A request for the proxied image at `pathname` on the test server, signed like rendered Markdown. */
function request(url: string, init: { signed?: boolean; cookie?: string; language?: string } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.language) headers.set("accept-language", init.language);
  return new Request(
    `http://localhost${imageProxyPath(url, init.signed === false ? undefined : signImageUrl(url))}`,
    { headers },
  );
}

describe("the image proxy", () => {
  it("serves a signed remote image with locked-down headers, and fetches it once", async () => {
    const url = `${images.origin}/ok.png`;
    const response = await proxy(request(url));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    // Nothing of the remote host's response but the image itself is passed on.
    expect(response.headers.get("set-cookie")).toBeNull();

    // Ten readers at once, then more: the host sees one request, the rest come from the disk cache.
    const again = await Promise.all(Array.from({ length: 10 }, () => proxy(request(url))));
    expect(again.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(images.hits.get("/ok.png")).toBe(1);
    expect((await readdir(cacheDir)).filter((name) => name.endsWith(".png"))).toHaveLength(1);
  });

  it("follows a redirect on the same guarded terms", async () => {
    expect((await proxy(request(`${images.origin}/moved`))).status).toBe(200);
    const refused = await proxy(request(`${images.origin}/elsewhere`));
    expect(refused.status).toBe(403);
  });

  it("is no open proxy: a missing or wrong signature is refused unless a member is previewing", async () => {
    const url = `${images.origin}/ok.png`;
    expect((await proxy(request(url, { signed: false }))).status).toBe(403);
    const forged = new Request(
      `http://localhost${imageProxyPath(url, signImageUrl(`${url}?other`))}`,
    );
    expect((await proxy(forged)).status).toBe(403);
    expect((await proxy(request(url, { signed: false, cookie: "session=member" }))).status).toBe(
      200,
    );
  });

  it("refuses what is not a PNG, JPEG, GIF or WebP image, whatever the Content-Type claims", async () => {
    for (const name of ["disguised.png", "page.html", "drawing.svg"]) {
      const response = await proxy(request(`${images.origin}/${name}`));
      expect(response.status, name).toBe(502);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await response.text()).toBe(
        "The address does not lead to a PNG, JPEG, GIF or WebP image.",
      );
    }
  });

  it("refuses images over the size limit, declared or not", async () => {
    for (const name of ["huge.png", "endless.png"]) {
      const response = await proxy(request(`${images.origin}/${name}`));
      expect(response.status, name).toBe(502);
      expect(await response.text()).toMatch(/larger than 5 MB/);
    }
  });

  it("gives up on a host that does not answer in time", async () => {
    const response = await proxy(request(`${images.origin}/slow.png`));
    expect(response.status).toBe(504);
  });

  it("answers malformed requests with 400 in the reader's language", async () => {
    for (const target of [
      "/media/proxy",
      "/media/proxy?url=",
      "/media/proxy?url=http%3A%2F%2Fimages.example%2Fa.png",
      "/media/proxy?url=%E0%A4%A",
      `/media/proxy?url=${"a".repeat(5000)}`,
    ]) {
      const response = await proxy(
        new Request(`http://localhost${target}`, { headers: { "accept-language": "de" } }),
      );
      expect(response.status, target).toBe(400);
      expect(await response.text()).toBe("Diese Bildadresse kann nicht geladen werden.");
    }
  });
});

describe("the production address guard", () => {
  // The proxy as the server runs it: no test network settings (and a cache of its own).
  let guardedCache: string;
  beforeAll(async () => {
    guardedCache = await mkdtemp(path.join(tmpdir(), "media-guarded-"));
  });
  afterAll(() => rm(guardedCache, { recursive: true, force: true }));
  const guarded = () =>
    createImageProxy({ signedIn: async () => true, cacheDir: guardedCache, timeoutMs: 3000 });

  it("refuses loopback, private and link-local destinations, by IP and after DNS resolution", async () => {
    for (const url of [
      "https://127.0.0.1/ok.png",
      "https://[::1]/ok.png",
      "https://169.254.169.254/latest/meta-data",
      "https://10.0.0.1/x.png",
      "https://[::ffff:7f00:1]/x.png",
      // A name is checked on the addresses it resolves to.
      "https://localhost/ok.png",
    ]) {
      const response = await guarded()(request(url));
      expect(response.status, url).toBe(403);
      expect(await response.text()).toBe("That image address is not allowed.");
    }
  });

  it("refuses other ports than 443, so the test server itself is out of reach", async () => {
    const response = await guarded()(request(`${images.origin}/ok.png`));
    expect(response.status).toBe(403);
  });

  it("cannot be loosened outside the test suite", () => {
    process.env.NODE_ENV = "production";
    try {
      expect(() =>
        createImageProxy({
          signedIn: async () => true,
          network: { addressAllowed: () => true, portAllowed: () => true },
        }),
      ).toThrow(/production/);
    } finally {
      process.env.NODE_ENV = "test";
    }
  });
});

describe("the image cache", () => {
  it("stays within its size bound, dropping the oldest images first", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "media-bound-"));
    try {
      const cache = createImageCache({ dir, maxBytes: 2500, maxAgeMs: 60_000 });
      const image = { type: "image/png" as const, bytes: Buffer.alloc(1000, 1) };
      await cache.put("https://a.example/1.png", image, 1);
      await cache.put("https://a.example/2.png", image, 2);
      await cache.put("https://a.example/3.png", image, 3);
      expect(await cache.size()).toBe(2000);
      expect(await cache.get("https://a.example/1.png", 4)).toBeNull();
      expect((await cache.get("https://a.example/3.png", 4))?.bytes.length).toBe(1000);
      // Too old: fetched again.
      expect(await cache.get("https://a.example/2.png", 2 + 60_001)).toBeNull();
      // A fresh process finds what is on disk.
      const reopened = createImageCache({ dir, maxBytes: 2500, maxAgeMs: Number.MAX_SAFE_INTEGER });
      expect((await reopened.get("https://a.example/3.png"))?.type).toBe("image/png");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
