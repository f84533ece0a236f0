import { describe, expect, it } from "vitest";
import { safeRedirect, sameSitePath } from "./safe-redirect";

/**
 * Targets that lead, or might lead in some browser or proxy, off the site, or that a Location
 * header cannot carry. Every one must give the fallback.
 */
const HOSTILE = [
  // whitespace and control characters, raw and encoded, anywhere
  "/\t/evil.test",
  "/%09/evil.test",
  "/%0A/evil.test",
  "/%0D/evil.test",
  "/%0D%0ASet-Cookie:%20a=b",
  "/\r\nSet-Cookie: a=b",
  "/\n/evil.test",
  "/\0/evil.test",
  "/%00/evil.test",
  "/x%00",
  "/ /evil.test",
  "/%20/evil.test",
  "/\u000b/evil.test",
  "/\u000c/evil.test",
  "/\u0085/evil.test",
  "/\u00a0/evil.test",
  "/\u2028/evil.test",
  "/\u3000/evil.test",
  "/\ufeff/evil.test",
  "/\u200b/evil.test",
  "/\u202e/evil.test",
  "/%E2%80%AE/evil.test",
  "/%C2%85/evil.test",
  "/%252509/evil.test",
  "/\x7f/evil.test",
  " /dashboard",
  "/dashboard\n",
  "\t//evil.test",
  // protocol-relative and backslash forms
  "//evil.test",
  "///evil.test",
  "/\\evil.test",
  "\\/evil.test",
  "\\\\evil.test",
  "/%2F/evil.test",
  "/%2f/evil.test",
  "/%5C/evil.test",
  "/%5c%5cevil.test",
  "%2F%2Fevil.test",
  "/%252F/evil.test",
  "/..//evil.test",
  "/.//evil.test",
  "/%2e%2e//evil.test",
  "/a/../..//evil.test",
  "/x\\..\\..\\/evil.test",
  // absolute URLs and schemes
  "https://evil.test",
  "http://evil.test/dashboard",
  "HTTPS://evil.test",
  "https:evil.test",
  "https:/evil.test",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "evil.test",
  "//evil.test@localhost",
  // not a string, empty, malformed, too long
  "",
  "%",
  "/%E0%A4%A",
  "/%ZZ",
  `/${"a".repeat(2_001)}`,
  undefined,
  null,
  42,
  ["/dashboard"],
  { toString: () => "/dashboard" },
];

const FALLBACK = "/fallback";

describe("safeRedirect", () => {
  it.each(HOSTILE.map((value) => [JSON.stringify(value) ?? String(value), value]))(
    "refuses %s",
    (_label, value) => {
      expect(safeRedirect(value, FALLBACK)).toBe(FALLBACK);
      expect(sameSitePath(value)).toBeNull();
    },
  );

  it.each([
    ["/dashboard", "/dashboard"],
    ["/discussions?category=general&tab=latest", "/discussions?category=general&tab=latest"],
    ["/discussions/first-post#comment-42", "/discussions/first-post#comment-42"],
    ["/search?q=two+words", "/search?q=two+words"],
    ["/settings?tab=a", "/settings?tab=a"],
    ["/@member", "/@member"],
    // non-ASCII is kept, percent-encoded, so a Location header can carry it
    ["/profile/zoë", "/profile/zo%C3%AB"],
    ["/discussions/日本語", "/discussions/%E6%97%A5%E6%9C%AC%E8%AA%9E"],
    ["/profile/zo%C3%AB", "/profile/zo%C3%AB"],
    // dot segments resolve on the site
    ["/a/../settings", "/settings"],
    ["/", "/"],
  ])("keeps %s as %s", (value, expected) => {
    expect(safeRedirect(value, FALLBACK)).toBe(expected);
  });

  it("gives only values a Location header can carry", () => {
    for (const value of ["/é", "/\u{1F600}", "/ü?x=ÿ"]) {
      const path = safeRedirect(value, FALLBACK);
      expect(() => new Headers({ Location: path })).not.toThrow();
      expect(path).toMatch(/^\/[\x21-\x7e]*$/);
    }
  });
});
