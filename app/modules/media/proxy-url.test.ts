import { beforeAll, describe, expect, it } from "vitest";
import { classifyImageSource, imageProxyPath, previewImageSrc } from "#app/lib/image-src";
import { markdownToHtml } from "#app/lib/markdown";
import { renderMarkdown } from "#app/lib/markdown.server";
import {
  proxiedImageSrc,
  signImageUrl,
  verifyImageSignature,
  withProxiedSiteImages,
} from "./proxy-url.server";

beforeAll(() => {
  // Read by the configuration on first use, which happens after this.
  process.env.AUTH_SECRET = "a-test-secret-that-is-long-enough-for-the-config";
  process.env.PUBLIC_URL = "https://sanctuary.example";
});

/** Every image address in rendered HTML. */
const imageSources = (html: string) =>
  [...html.matchAll(/<img[^>]*?\ssrc="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

describe("image addresses in rendered Markdown", () => {
  it("never point at a third-party host: remote https images go through the signed proxy", () => {
    const html = renderMarkdown(
      "![moon](https://images.example/moon.png?size=2&x=1) and ![up](/uploads/avatars/a.webp)",
    );
    const [remote, local] = imageSources(html);
    expect(local).toBe("/uploads/avatars/a.webp");
    const proxied = new URL(remote!, "https://sanctuary.example");
    expect(proxied.pathname).toBe("/media/proxy");
    expect(proxied.searchParams.get("url")).toBe("https://images.example/moon.png?size=2&x=1");
    expect(
      verifyImageSignature(proxied.searchParams.get("url")!, proxied.searchParams.get("sig")!),
    ).toBe(true);
    expect(html).not.toMatch(/src="https?:|src="\/\//);
    expect(html).toContain('alt="moon"');
  });

  it("drops plain http, protocol-relative, backslash and credential addresses but keeps the alt text", () => {
    const html = renderMarkdown(
      "![a](http://images.example/a.png) ![b](//evil.example/b.png) ![c](/\\evil.example/c.png) ![d](https://user:pw@images.example/d.png) ![e](javascript:alert(1))",
    );
    // micromark escapes the backslash, which leaves a harmless path on this site.
    expect(imageSources(html)).toEqual(["/%5Cevil.example/c.png"]);
    for (const alt of ["a", "b", "c", "d", "e"]) expect(html).toContain(`alt="${alt}"`);
    expect(html).not.toMatch(/src="[^"/]|src="\/\/|javascript:/);
    // Unescaped, a browser would read "/\" as "//" (another host): refused.
    expect(classifyImageSource("/\\evil.example/c.png", null)).toEqual({ kind: "refused" });
  });

  it("turns an absolute address of this site into its path", () => {
    expect(proxiedImageSrc("https://sanctuary.example/uploads/site/logo.webp")).toBe(
      "/uploads/site/logo.webp",
    );
    expect(imageSources(renderMarkdown("![x](https://sanctuary.example/uploads/x.png)"))).toEqual([
      "/uploads/x.png",
    ]);
  });

  it("routes site images given as remote addresses through the proxy", () => {
    const shown = withProxiedSiteImages({
      logo_url: "https://cdn.example/logo.png",
      favicon_url: "/uploads/site/icon.png",
      banner_url: "",
      site_name: "S",
    });
    expect(shown.logo_url).toBe(
      imageProxyPath("https://cdn.example/logo.png", signImageUrl("https://cdn.example/logo.png")),
    );
    expect(shown).toMatchObject({
      favicon_url: "/uploads/site/icon.png",
      banner_url: "",
      site_name: "S",
    });
  });

  it("the browser preview uses the proxy unsigned (served to signed-in members only)", () => {
    expect(markdownToHtml("![p](https://images.example/p.gif)", previewImageSrc)).toContain(
      'src="/media/proxy?url=https%3A%2F%2Fimages.example%2Fp.gif"',
    );
    expect(markdownToHtml("![p](http://images.example/p.gif)", previewImageSrc)).not.toContain(
      "src=",
    );
  });
});

describe("proxy signatures", () => {
  it("verify only the exact address they were made for, with this server's secret", () => {
    const url = "https://images.example/moon.png";
    const sig = signImageUrl(url);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyImageSignature(url, sig)).toBe(true);
    expect(verifyImageSignature(`${url}?x`, sig)).toBe(false);
    expect(verifyImageSignature(url, sig.slice(0, -1))).toBe(false);
    expect(verifyImageSignature(url, `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`)).toBe(
      false,
    );
    expect(verifyImageSignature(url, "")).toBe(false);
  });

  it("classify addresses the same way on both sides", () => {
    expect(classifyImageSource("https://images.example/a b.png", null)).toEqual({
      kind: "refused",
    });
    expect(classifyImageSource("https://IMAGES.example:443/a.png", null)).toEqual({
      kind: "remote",
      url: "https://images.example/a.png",
    });
    expect(classifyImageSource("/uploads/a.png", null)).toEqual({
      kind: "local",
      path: "/uploads/a.png",
    });
    expect(classifyImageSource("data:image/png;base64,AAAA", null)).toEqual({ kind: "refused" });
  });
});
