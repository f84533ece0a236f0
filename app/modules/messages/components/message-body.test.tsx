import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MessageBody, linkify } from "./message-body";

describe("message bodies are plain text", () => {
  it("escapes markup and keeps newlines as text", () => {
    const html = renderToStaticMarkup(
      <MessageBody text={'<img src=x onerror="alert(1)">\n<script>alert(2)</script> **bold**'} />,
    );
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;\n&lt;script&gt;");
    expect(html).toContain("**bold**");
  });

  it("links only http and https addresses, without trailing punctuation", () => {
    expect(
      linkify("see https://example.com/a?b=1, then javascript:alert(1) or data:text/html,x."),
    ).toEqual([
      { text: "see " },
      { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { text: ", then javascript:alert(1) or data:text/html,x." },
    ]);
    const html = renderToStaticMarkup(
      <MessageBody text={'go to http://example.org/"onmouseover="alert(1)'} />,
    );
    expect(html).toContain('href="http://example.org/"');
    expect(html).toContain('rel="noopener noreferrer nofollow ugc"');
    expect(html).not.toContain('onmouseover="alert');
  });
});
