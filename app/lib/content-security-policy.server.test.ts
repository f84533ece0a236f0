import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy.server";

describe("the page CSP", () => {
  it("frames exactly the video players of YouTube's no-cookie host and Vimeo", () => {
    const directives = contentSecurityPolicy("n0nce", true).split("; ");
    const frames = directives.filter((d) => d.startsWith("frame-src"));
    expect(frames).toEqual([
      "frame-src https://www.youtube-nocookie.com https://youtube-nocookie.com https://player.vimeo.com",
    ]);
    // Everything else stays on this site; nothing may frame us.
    expect(directives).toContain("default-src 'self'");
    expect(directives).toContain("frame-ancestors 'none'");
    expect(frames[0]).not.toMatch(/youtube\.com|\*|http:/);
  });
});
