import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "../tests/helpers/app";
import { signedInRequest } from "../tests/helpers/accounts";

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.cleanup());

/** Header values that differ between any two responses by design. */
const PER_RESPONSE = new Set(["x-request-id", "date"]);

function comparable(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (PER_RESPONSE.has(name)) continue;
    // Each response has its own CSP nonce, and a new guest its own A/B id; the rest must match.
    headers[name] =
      name === "content-security-policy"
        ? value.replace(/'nonce-[^']+'/, "'nonce-…'")
        : name === "set-cookie"
          ? value.replace(/ab_guest=[^;]+/g, "ab_guest=…")
          : value;
  }
  return headers;
}

describe("HEAD", () => {
  const paths = [
    "/",
    "/discussions",
    "/about",
    "/no-such-page",
    "/settings",
    "/discussions.data",
    "/robots.txt",
    "/api/community-counts",
  ];

  it.each(paths)("of %s has the headers of GET and no body, for a guest", async (path) => {
    const headers = { "accept-encoding": "gzip", "accept-language": "de" };
    const get = await app.fetch(path, { headers });
    const head = await app.fetch(path, { method: "HEAD", headers });
    expect(head.status).toBe(get.status);
    expect(comparable(head)).toEqual(comparable(get));
    expect(await head.text()).toBe("");
  });

  it("of a member's page has the headers of GET", async () => {
    const { cookie } = await signedInRequest();
    const headers = { cookie, "accept-encoding": "gzip" };
    for (const path of ["/settings", "/discussions", "/notifications.data"]) {
      const get = await app.fetch(path, { headers });
      const head = await app.fetch(path, { method: "HEAD", headers });
      expect(head.status, path).toBe(get.status);
      expect(comparable(head), path).toEqual(comparable(get));
      expect(await head.text()).toBe("");
    }
  });
});
