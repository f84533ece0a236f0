import { once } from "node:events";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "../tests/helpers/app";
import { signedInRequest } from "../tests/helpers/accounts";
import { seedCategories } from "../tests/helpers/community";
import { seedPages } from "#app/db/seed.server";
import { COMMENT_MAX, POST_BODY_MAX, POST_TITLE_MAX } from "#app/modules/discussions";
import { PAGE_BODY_MAX } from "#app/modules/pages";
import { createPost } from "#app/modules/discussions/index.server";
import { AVATAR_MAX_BYTES } from "#app/modules/profiles";
import { BODY_RULES, SMALL_BODY, bodyRuleFor } from "./body-limits";
import { readWithin } from "./body-limit";

let app: Awaited<ReturnType<typeof startTestApp>>;
let member: Awaited<ReturnType<typeof signedInRequest>>;
let admin: Awaited<ReturnType<typeof signedInRequest>>;
let threadSlug: string;
beforeAll(async () => {
  app = await startTestApp();
  await seedCategories();
  await seedPages();
  member = await signedInRequest({ tier: "full" });
  admin = await signedInRequest({ role: "admin" });
  const author = { id: member.userId, isAdmin: false, isPremium: true, displayName: "Member" };
  ({ slug: threadSlug } = await createPost(author, {
    category: "general-discussion",
    title: "Limits thread",
    content: "Body",
  }));
});
afterAll(() => app.cleanup());

const CHUNK = 16 * 1024;

/** An endless request body that counts what was read from it, and whether it was cancelled. */
function endlessBody() {
  const seen = { bytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.bytes += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

/** A body stream of exactly `size` bytes, read lazily. */
function sizedBody(size: number) {
  const seen = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const n = Math.min(CHUNK, size - seen.bytes);
      if (n <= 0) return controller.close();
      seen.bytes += n;
      controller.enqueue(new Uint8Array(n).fill(0x61));
    },
  });
  return { stream, seen };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return app.fetch(path, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("readWithin", () => {
  it("stops reading an endless body just past the limit and cancels it", async () => {
    const { stream, seen } = endlessBody();
    expect(await readWithin(stream, 100_000)).toBeNull();
    expect(seen.bytes).toBeLessThanOrEqual(100_000 + CHUNK);
    // The stream may pull one chunk ahead of what was read (its queue); no more.
    expect(seen.bytes).toBeLessThanOrEqual(100_000 + 2 * CHUNK);
    expect(seen.cancelled).toBe(true);
  });

  it("gives back a body within the limit whole", async () => {
    const { stream } = sizedBody(100_000);
    const bytes = await readWithin(stream, 100_000);
    expect(bytes?.byteLength).toBe(100_000);
  });
});

describe("request body limits", () => {
  it("refuses a 50 MB form to /api/locale from its Content-Length, before reading it", async () => {
    const { stream, seen } = sizedBody(50 * 1024 * 1024);
    const response = await post("/api/locale", stream, {
      "content-length": String(50 * 1024 * 1024),
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(413);
    expect(seen.bytes).toBeLessThanOrEqual(CHUNK);
    expect(response.headers.get("connection")).toBe("close");
  });

  it("cuts a chunked body without Content-Length at the limit", async () => {
    const { stream, seen } = endlessBody();
    const response = await post("/api/locale", stream, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(413);
    expect(seen.bytes).toBeLessThanOrEqual(SMALL_BODY + 2 * CHUNK);
    expect(seen.cancelled).toBe(true);
  });

  it("answers the API in JSON, in the asker's language", async () => {
    const { stream } = endlessBody();
    const response = await post("/api/auth/sign-in/email", stream, {
      "content-type": "application/json",
      "accept-language": "de",
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: expect.stringContaining("Kürze den Text"),
      limit: SMALL_BODY,
    });
  });

  it("answers a browser's form with a page in its language", async () => {
    const response = await post("/auth", "x".repeat(SMALL_BODY + 1), {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(SMALL_BODY + 1),
      accept: "text/html,application/xhtml+xml",
      "accept-language": "fr",
      referer: "http://localhost:3000/auth?tab=signup",
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain("Raccourcissez le texte");
    expect(html).toContain('href="/auth?tab=signup"');
  });

  it("answers a form sent by the page's script (page data) with text", async () => {
    const response = await post("/auth.data", "x".repeat(SMALL_BODY + 1), {
      "content-length": String(SMALL_BODY + 1),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("Shorten the text");
  });

  it("gives a guest only the small limit, even on a route that takes uploads", async () => {
    const size = SMALL_BODY + 1;
    const response = await post("/settings", sizedBody(size).stream, {
      "content-length": String(size),
      "content-type": "multipart/form-data; boundary=x",
    });
    expect(response.status).toBe(413);
    const forged = await post("/settings", sizedBody(size).stream, {
      "content-length": String(size),
      "content-type": "multipart/form-data; boundary=x",
      cookie: "better-auth.session_token=forged",
    });
    expect(forged.status).toBe(413);
  });

  it("takes an avatar up to its limit from a member, and no more", async () => {
    const within = AVATAR_MAX_BYTES;
    const ok = await post("/settings", multipartWithFile(within), { cookie: member.cookie });
    expect(ok.status).not.toBe(413);
    expect(ok.status).toBeLessThan(500);
    const over = bodyRuleFor("http://localhost:3000/settings").limit + 1;
    const refused = await post("/settings", sizedBody(over).stream, {
      cookie: member.cookie,
      "content-length": String(over),
      "content-type": "multipart/form-data; boundary=x",
    });
    expect(refused.status).toBe(413);
  });

  it("takes the longest post, page and comment their validation allows, in the widest characters", async () => {
    // A CJK character is 3 bytes of UTF-8, each percent-encoded: 9 bytes in a form.
    const wide = (n: number) => "語".repeat(n);
    const newPost = await post(
      "/discussions/new",
      new URLSearchParams({
        category: "general-discussion",
        title: wide(POST_TITLE_MAX),
        content: wide(POST_BODY_MAX),
      }),
      { cookie: member.cookie },
    );
    expect(newPost.status, await newPost.clone().text()).toBe(302);
    const comment = await post(
      `/discussions/${threadSlug}`,
      new URLSearchParams({ intent: "comment", content: wide(COMMENT_MAX) }),
      { cookie: member.cookie },
    );
    // Taken: on to the new comment's page.
    expect(comment.status).toBe(302);
    expect(comment.headers.get("location")).toMatch(
      new RegExp(`^/discussions/${threadSlug}\\?comment=[0-9a-f-]{36}#comment-`),
    );
    const page = await post(
      "/admin/pages/about",
      new URLSearchParams({ title: wide(120), body: wide(PAGE_BODY_MAX) }),
      { cookie: admin.cookie },
    );
    expect(page.status).toBe(302);
    // Each of those bodies is larger than the small limit.
    expect(new URLSearchParams({ content: wide(COMMENT_MAX) }).toString().length).toBeGreaterThan(
      SMALL_BODY * 0.6,
    );
  });

  it("has a rule for every route that takes more than the small limit", () => {
    expect(bodyRuleFor("http://localhost:3000/discussions/new.data").limit).toBeGreaterThan(
      SMALL_BODY,
    );
    expect(bodyRuleFor("http://localhost:3000/discussions/some-thread/edit").limit).toBeGreaterThan(
      SMALL_BODY,
    );
    expect(bodyRuleFor("http://localhost:3000/admin/settings").from).toBe("admin");
    expect(bodyRuleFor("http://localhost:3000/api/locale").limit).toBe(SMALL_BODY);
    expect(bodyRuleFor("http://localhost:3000/api/auth/sign-up/email").limit).toBe(SMALL_BODY);
    // What is read into memory stays small; only the resumable uploads stream their bytes.
    for (const rule of BODY_RULES)
      if (!rule.streamed) expect(rule.limit).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(BODY_RULES.filter((rule) => rule.streamed).map((rule) => String(rule.path))).toEqual([
      String(/^\/api\/uploads\/[^/]+$/),
    ]);
    const upload = bodyRuleFor(
      "http://localhost:3000/api/uploads/0b7e5c1e-1f7d-4a53-8a43-000000000001",
    );
    expect(upload).toMatchObject({ from: "member", streamed: true, limit: 2 * 1024 * 1024 * 1024 });
    // Creating an upload carries no body worth the name.
    expect(bodyRuleFor("http://localhost:3000/api/uploads").limit).toBe(SMALL_BODY);
  });

  it("lets a member's upload body stream through, and holds a guest's to the small limit", async () => {
    const path = "/api/uploads/0b7e5c1e-1f7d-4a53-8a43-000000000009";
    const headers = {
      "Tus-Resumable": "1.0.0",
      "Content-Type": "application/offset+octet-stream",
      "Upload-Offset": "0",
    };
    // A guest's endless chunked body is cut at the small limit.
    const guest = endlessBody();
    const refused = await app.fetch(path, {
      method: "PATCH",
      headers,
      body: guest.stream,
      duplex: "half",
    } as RequestInit);
    expect(refused.status).toBe(413);
    expect(guest.seen.bytes).toBeLessThanOrEqual(SMALL_BODY + 2 * CHUNK);
    expect(guest.seen.cancelled).toBe(true);
    // A member's is not read by the limit: the upload endpoint answers (no such upload), having
    // read next to nothing.
    const body = endlessBody();
    const passed = await app.fetch(path, {
      method: "PATCH",
      headers: { ...headers, cookie: member.cookie },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(passed.status).toBe(404);
    expect(body.seen.bytes).toBeLessThan(SMALL_BODY);
  });

  it("over a socket: refuses a declared 50 MB upload at once, without taking the body", async () => {
    const server = serve({ fetch: app.app.fetch, port: 0, hostname: "127.0.0.1" });
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const request = httpRequest({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/settings",
          headers: {
            "content-type": "multipart/form-data; boundary=x",
            "content-length": String(50 * 1024 * 1024),
          },
        });
        request.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          request.destroy();
        });
        request.on("error", reject);
        // Only the first bytes are ever sent: the answer must come from the headers alone.
        request.write(Buffer.alloc(1024));
      });
      expect(status).toBe(413);
    } finally {
      server.close();
    }
  });
});

/** A multipart form with the profile fields and a file of `size` bytes. */
function multipartWithFile(size: number): FormData {
  const form = new FormData();
  form.set("displayName", "Member");
  form.set("slug", `member-${Date.now()}`);
  form.set("bio", "");
  form.set("language", "");
  form.set("avatar", new File([new Uint8Array(size)], "avatar.png", { type: "image/png" }));
  return form;
}
