import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "../tests/helpers/app";
import { signedInRequest } from "../tests/helpers/accounts";
import { member as newMember, seedCategories } from "../tests/helpers/community";
import { createPost } from "#app/modules/discussions/index.server";
import { seedPages } from "#app/db/seed.server";

let app: Awaited<ReturnType<typeof startTestApp>>;
let member: Awaited<ReturnType<typeof signedInRequest>>;
let threadPath: string;
beforeAll(async () => {
  app = await startTestApp();
  member = await signedInRequest();
  await seedCategories();
  await seedPages();
  const author = await newMember({ tier: "full" });
  const { slug } = await createPost(author.rules, {
    category: "general-discussion",
    title: "A cached thread?",
    content: "Body",
  });
  threadPath = `/discussions/${slug}`;
});
afterAll(() => app.cleanup());

const PRIVATE = "private, no-store";

function vary(response: Response): string[] {
  return (response.headers.get("vary") ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
}

function expectPrivate(response: Response, what: string) {
  expect(response.headers.get("cache-control"), what).toBe(PRIVATE);
  expect(vary(response), what).toContain("cookie");
}

describe("Cache-Control", () => {
  const pages = ["/", "/discussions", "/about", "/members", "/subscription"];

  it.each(pages.flatMap((p) => [p, p === "/" ? "/_.data" : `${p}.data`]))(
    "%s is private for a signed-in member",
    async (path) => {
      const response = await app.fetch(path, { headers: { cookie: member.cookie } });
      expect(response.status).toBe(200);
      expectPrivate(response, path);
    },
  );

  it.each([
    "/settings",
    "/notifications",
    "/notifications.data",
    "/dashboard.data",
    "/messages",
    "/api/community-counts",
    "/api/search?q=ab",
    "/api/events",
  ])("%s, which only members see, is private", async (path) => {
    const response = await app.fetch(path, { headers: { cookie: member.cookie } });
    expectPrivate(response, path);
    await response.body?.cancel();
  });

  it.each(pages.flatMap((p) => [p, p === "/" ? "/_.data" : `${p}.data`]))(
    "%s may be cached briefly for a guest, per language and cookie",
    async (path) => {
      // The landing page draws a guest's A/B variants on the first visit and sets their cookies:
      // that answer is the guest's own. Once the guest carries them, it is cacheable again.
      const cookie = path === "/" || path === "/_.data" ? await experimentCookies() : undefined;
      const response = await app.fetch(path, cookie ? { headers: { cookie } } : undefined);
      expect(response.status).toBe(200);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("public, max-age=60");
      expect(vary(response)).toEqual(expect.arrayContaining(["cookie", "accept-language"]));
    },
  );

  it("a guest's first landing page, which sets the A/B cookies, is private", async () => {
    const response = await app.fetch("/");
    expect(response.headers.get("set-cookie")).toContain("ab_guest=");
    expectPrivate(response, "/");
    await response.body?.cancel();
  });

  /** The cookies a guest's first landing page sets, as the browser sends them back. */
  async function experimentCookies(): Promise<string> {
    const first = await app.fetch("/");
    await first.body?.cancel();
    return first.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  it("a guest's page is private when the request carries a session cookie, valid or not", async () => {
    const response = await app.fetch("/discussions", {
      headers: { cookie: "better-auth.session_token=expired.or-forged" },
    });
    expectPrivate(response, "stale session");
  });

  it("a response that sets a cookie is never public", async () => {
    const locale = await app.fetch("/api/locale", {
      method: "POST",
      headers: { accept: "text/html" },
      body: new URLSearchParams({ locale: "de", redirectTo: "/" }),
    });
    expect(locale.headers.get("set-cookie")).toContain("i18nextLng=de");
    expectPrivate(locale, "/api/locale");

    const signIn = await app.fetch("/auth", {
      method: "POST",
      body: new URLSearchParams({
        intent: "signin",
        email: member.email,
        password: member.password,
      }),
    });
    expect(signIn.headers.get("set-cookie")).toBeTruthy();
    expectPrivate(signIn, "sign-in");

    const api = await app.fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(api.headers.get("set-cookie")).toBeTruthy();
    expectPrivate(api, "JSON sign-in");
  });

  it("pages whose loader records the visit or carries a secret are never cached", async () => {
    for (const path of [
      threadPath,
      `${threadPath}.data`,
      "/search?q=cached",
      "/reset-password?token=secret",
    ]) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(200);
      expectPrivate(response, path);
    }
  });

  it("redirects and errors are not cached", async () => {
    for (const path of ["/dashboard", "/no-such-page", "/discussions/no-such-thread"]) {
      const response = await app.fetch(path);
      expect(response.status, path).not.toBe(200);
      expectPrivate(response, path);
    }
  });

  it("files that are the same for everyone stay public, also for members", async () => {
    const robots = await app.fetch("/robots.txt", { headers: { cookie: member.cookie } });
    expect(robots.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    expect(vary(robots)).not.toContain("cookie");
  });
});
