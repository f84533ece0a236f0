import { describe, expect, it } from "vitest";
import { embedPlayerUrl, parseEmbedUrl } from "./embed";

describe("embed addresses", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "youtube", "dQw4w9WgXcQ"],
    ["http://m.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/a-b_c-d_e-f", "youtube", "a-b_c-d_e-f"],
    ["  https://vimeo.com/76979871  ", "vimeo", "76979871"],
    ["https://player.vimeo.com/video/76979871?h=abc", "vimeo", "76979871"],
    ["https://vimeo.com/channels/staffpicks/76979871", "vimeo", "76979871"],
    ["HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
  ])("reads %s", (url, provider, id) => {
    expect(parseEmbedUrl(url)).toEqual({ provider, id });
  });

  it.each([
    "",
    "dQw4w9WgXcQ",
    "javascript:alert(1)//www.youtube.com/watch?v=dQw4w9WgXcQ",
    "data:text/html,<script>alert(1)</script>",
    "//www.youtube.com/watch?v=dQw4w9WgXcQ",
    "ftp://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://evil.example/www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ",
    "https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXc",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQQ",
    "https://www.youtube.com/watch?v=dQw4w9WgX%22Q",
    "https://www.youtube.com/watch?v=<script>xx",
    "https://www.youtube.com/embed/dQw4w9WgXcQ/../../evil",
    "https://www.youtube.com/playlist?list=PL123",
    "https://youtu.be/",
    "https://youtu.be/dQw4w9WgXcQ/extra",
    "https://vimeo.com/abc",
    "https://vimeo.com/76979871/../../x",
    "https://vimeo.com/1234567890123",
    "https://player.vimeo.com/76979871",
    "https://vimeo.com.evil.example/76979871",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ\nhttps://evil.example",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ\u0000",
    "https:\\\\www.youtube.com\\watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=" + "a".repeat(600),
    "https://xn--yutube-wqf.com/watch?v=dQw4w9WgXcQ",
  ])("refuses %j", (url) => {
    expect(parseEmbedUrl(url)).toBeNull();
  });

  it("builds the player only on the framed hosts, and only from a well-formed id", () => {
    expect(embedPlayerUrl({ provider: "youtube", id: "dQw4w9WgXcQ" })).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
    );
    expect(embedPlayerUrl({ provider: "vimeo", id: "76979871" })).toBe(
      "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
    );
    expect(embedPlayerUrl({ provider: "youtube", id: "../../x?y=1" })).toBeNull();
    expect(embedPlayerUrl({ provider: "vimeo", id: "1 or 1" })).toBeNull();
  });
});
