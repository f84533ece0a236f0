import { describe, expect, it } from "vitest";
import { markdownToHtml } from "./markdown";
import { renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders CommonMark and the GitHub extensions", () => {
    const html = renderMarkdown(
      "# Moon\n\n**bold** ~~gone~~\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n- [x] done\n\nhttps://example.org",
    );
    expect(html).toContain('<h1 dir="auto">Moon</h1>');
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<del>gone</del>");
    expect(html).toContain('<td align="center">2</td>');
    expect(html).toContain('<input type="checkbox" disabled checked /> done');
    expect(html).toContain(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">https://example.org</a>',
    );
  });

  it("shows raw HTML as text and never as markup", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\nhello <b onclick="x()">there</b>',
    );
    expect(html).not.toMatch(/<script|<img|<b\b|<[^>]*\son\w+=/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("drops dangerous link and image addresses", () => {
    const html = renderMarkdown(
      "[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) ![i](javascript:alert(2)) [ok](/discussions)",
    );
    expect(html).not.toMatch(/javascript:|data:text/i);
    expect(html).toContain('<a href="/discussions">ok</a>');
  });

  it("gives the same result from its memory as from rendering", () => {
    const source = `A text rendered twice ${Math.random()}`;
    expect(renderMarkdown(source)).toBe(renderMarkdown(source));
    expect(renderMarkdown(source)).toBe(`<p dir="auto">${source}</p>`);
  });

  it("opens only external links in a new tab", () => {
    expect(markdownToHtml("[in](/about) [out](http://example.org)", () => null)).toBe(
      '<p dir="auto"><a href="/about">in</a> <a href="http://example.org" target="_blank" rel="noopener noreferrer">out</a></p>',
    );
  });

  it("lets every block take its direction from its own text, and nothing else set one", () => {
    const html = renderMarkdown(
      "# عنوان\n\nStand barefoot.\n\n- one\n\n> quoted\n\n```\ncode\n```\n\n<p dir=rtl>raw</p>",
    );
    for (const tag of ["h1", "p", "ul", "li", "blockquote", "pre"])
      expect(html).toContain(`<${tag} dir="auto">`);
    expect(html).toContain("&lt;p dir=rtl&gt;raw&lt;/p&gt;");
    expect(html).not.toMatch(/dir="(?!auto)/);
  });
});
