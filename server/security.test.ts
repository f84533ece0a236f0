import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security";

describe("the page Content-Security-Policy", () => {
  it("loads images from this site only (remote ones come through the image proxy)", () => {
    const directives = contentSecurityPolicy("nonce", true).split("; ");
    expect(directives).toContain("img-src 'self' data:");
    expect(directives.find((d) => d.startsWith("img-src"))).not.toMatch(/https:|\*/);
  });
});
