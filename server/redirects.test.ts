import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "../tests/helpers/app";
import { signedInRequest } from "../tests/helpers/accounts";

// The real handlers that redirect to an address taken from the request, given targets that
// lead off the site or that a Location header cannot carry (the full corpus is in
// app/lib/safe-redirect.test.ts). None may lead elsewhere, and none may answer 500.

let app: Awaited<ReturnType<typeof startTestApp>>;
let member: Awaited<ReturnType<typeof signedInRequest>>;
beforeAll(async () => {
  app = await startTestApp();
  member = await signedInRequest();
});
afterAll(() => app.cleanup());

/** Raw values, as a form field or a decoded query parameter would carry them. */
const HOSTILE = [
  "/\t/evil.test",
  "/\n/evil.test",
  "/\r/evil.test",
  "/\r\nSet-Cookie: stolen=1",
  "//evil.test",
  "/\\evil.test",
  "\\/evil.test",
  "/%2F/evil.test",
  "/..//evil.test",
  "https://evil.test/",
  "javascript:alert(1)",
  "/\u202e/evil.test",
  "/\u3000/evil.test",
  `/${"a".repeat(5_000)}`,
];
/** Test names: long values cut short. */
const named = (values: string[]) =>
  values.map((value) => [JSON.stringify(value).slice(0, 40), value] as const);
/** A non-Latin-1 path is fine, but must reach the Location header encoded. */
const UNICODE = ["/discussions/日本語", "/profile/zoë"];

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields);
}

/** Where the response sends the browser, for a redirect, or null. */
function location(response: Response): string | null {
  return response.status >= 300 && response.status < 400 ? response.headers.get("location") : null;
}

function expectOnSite(response: Response, allowed: string[]) {
  expect(response.status).toBeLessThan(500);
  const target = location(response);
  if (target !== null) expect(allowed).toContain(target);
}

describe("redirect targets from the request stay on the site", () => {
  it.each(named(HOSTILE))(
    "GET /auth?redirectTo=%s for a signed-in member goes to the dashboard",
    async (_name, target) => {
      const response = await app.fetch(`/auth?redirectTo=${encodeURIComponent(target)}`, {
        headers: { cookie: member.cookie },
      });
      expect(response.status).toBe(302);
      expect(location(response)).toBe("/dashboard");
    },
  );

  it("GET /auth?redirectTo=/%09/evil.test, the address as an attacker writes it, goes to the dashboard", async () => {
    const response = await app.fetch("/auth?redirectTo=/%09/evil.test", {
      headers: { cookie: member.cookie },
    });
    expect(location(response)).toBe("/dashboard");
  });

  it.each(named(HOSTILE))(
    "the sign-in form with redirectTo=%s goes to the dashboard",
    async (_name, target) => {
      const response = await app.fetch("/auth", {
        method: "POST",
        body: form({
          intent: "signin",
          email: member.email,
          password: member.password,
          redirectTo: target,
        }),
      });
      expect(response.status).toBe(302);
      expect(location(response)).toBe("/dashboard");
    },
  );

  it.each(named(HOSTILE))(
    "POST /api/locale with redirectTo=%s goes home",
    async (_name, target) => {
      const response = await app.fetch("/api/locale", {
        method: "POST",
        headers: { accept: "text/html" },
        body: form({ locale: "de", redirectTo: target }),
      });
      expect(response.status).toBe(302);
      expect(location(response)).toBe("/");
    },
  );

  it.each(named(HOSTILE))(
    "opening a notification with redirectTo=%s stays on the page",
    async (_name, target) => {
      const response = await app.fetch("/notifications", {
        method: "POST",
        headers: { cookie: member.cookie },
        body: form({ intent: "read", id: randomUUID(), redirectTo: target }),
      });
      expectOnSite(response, []);
    },
  );

  it.each(UNICODE)("a non-Latin-1 target %s is followed, percent-encoded", async (target) => {
    const encoded = encodeURI(target);
    const responses = [
      await app.fetch(`/auth?redirectTo=${encodeURIComponent(target)}`, {
        headers: { cookie: member.cookie },
      }),
      await app.fetch("/api/locale", {
        method: "POST",
        headers: { accept: "text/html" },
        body: form({ locale: "de", redirectTo: target }),
      }),
      await app.fetch("/notifications", {
        method: "POST",
        headers: { cookie: member.cookie },
        body: form({ intent: "read", id: randomUUID(), redirectTo: target }),
      }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(302);
      expect(location(response)).toBe(encoded);
    }
  });

  it("a page's own address cannot become a protocol-relative redirect", async () => {
    for (const path of [
      "//evil.test/checkout/pay",
      "//evil.test/billing/receipts",
      "/\\evil.test/checkout/pay",
    ]) {
      const response = await app.fetch(path, { headers: { cookie: member.cookie } });
      expect(response.status, path).toBeLessThan(500);
      const target = location(response);
      if (target !== null) expect(target, path).toMatch(/^\/(?![/\\])/);
    }
  });

  it("a guest's client navigation to a members' page comes back to the page, not to its data", async () => {
    const response = await app.fetch("/settings.data?tab=a&_routes=routes%2Faccount%2Fsettings");
    // A data request's redirect is in its body: React Router's turbo-stream encoding.
    const body = await response.text();
    expect(body).toContain('"redirect","/auth?redirectTo=%2Fsettings%3Ftab%3Da"');
  });

  it("a NUL in the target is refused as bad input (400) before any redirect", async () => {
    const target = "/\0/evil.test";
    const responses = [
      await app.fetch(`/auth?redirectTo=${encodeURIComponent(target)}`, {
        headers: { cookie: member.cookie },
      }),
      await app.fetch("/auth", {
        method: "POST",
        body: form({
          intent: "signin",
          email: member.email,
          password: member.password,
          redirectTo: target,
        }),
      }),
      await app.fetch("/api/locale", {
        method: "POST",
        headers: { accept: "text/html" },
        body: form({ locale: "de", redirectTo: target }),
      }),
      await app.fetch("/notifications", {
        method: "POST",
        headers: { cookie: member.cookie },
        body: form({ intent: "read", id: randomUUID(), redirectTo: target }),
      }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
    }
  });

  it("the sign-in redirect keeps a same-site target", async () => {
    const response = await app.fetch("/auth?redirectTo=%2Fdiscussions%3Ftab%3Dtrending", {
      headers: { cookie: member.cookie },
    });
    expect(location(response)).toBe("/discussions?tab=trending");
  });
});
