import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security";

describe("the page Content-Security-Policy", () => {
  it("loads images from this site only (remote ones come through the image proxy)", () => {
    const directives = contentSecurityPolicy("nonce", true).split("; ");
    expect(directives).toContain("img-src 'self' data:");
    expect(directives.find((d) => d.startsWith("img-src"))).not.toMatch(/https:|\*/);
  });

  it("plays media from this site only, or also from the S3 bucket when media are stored there", () => {
    const local = contentSecurityPolicy("nonce", true, []).split("; ");
    expect(local).toContain("media-src 'self'");
    expect(local).toContain("img-src 'self' data:");
    const bucket = contentSecurityPolicy("nonce", true, ["https://s3.example.net"]).split("; ");
    expect(bucket).toContain("media-src 'self' https://s3.example.net");
    expect(bucket).toContain("img-src 'self' data: https://s3.example.net");
    expect(bucket.find((d) => d.startsWith("connect-src"))).toBe("connect-src 'self'");
  });
});
