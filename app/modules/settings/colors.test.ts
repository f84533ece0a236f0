import { describe, expect, it } from "vitest";
import { DEFAULT_PRIMARY, hexToHsl, normalizeHex, themeCss } from "./colors";
import { faviconHref } from "./favicon";

describe("theme colours (SPEC §5)", () => {
  it("accepts exactly six hex digits with or without #", () => {
    expect(normalizeHex("#8B5CF6")).toBe("#8b5cf6");
    expect(normalizeHex("8B5CF6")).toBe("#8b5cf6");
    expect(normalizeHex(" 64748b ")).toBe("#64748b");
  });

  it.each(["#fff", "8B5CF", "#8B5CF6A", "purple", "#GGGGGG", "", "##8B5CF6", "rgb(0,0,0)"])(
    "rejects %j",
    (value) => {
      expect(normalizeHex(value)).toBeNull();
      expect(hexToHsl(value)).toBeNull();
    },
  );

  it("converts to hue, saturation and lightness", () => {
    expect(hexToHsl(DEFAULT_PRIMARY)).toBe("258 90% 66%");
    expect(hexToHsl("#64748b")).toBe("215 16% 47%");
    expect(hexToHsl("#000000")).toBe("0 0% 0%");
    expect(hexToHsl("#ffffff")).toBe("0 0% 100%");
    expect(hexToHsl("#ff0000")).toBe("0 100% 50%");
  });

  it("renders CSS variables and falls back to the defaults for a bad stored value", () => {
    expect(themeCss("#ff0000", "#00ff00")).toBe(
      ":root{--primary-hsl:0 100% 50%;--secondary-hsl:120 100% 50%;}",
    );
    expect(themeCss("nonsense", undefined)).toBe(
      ":root{--primary-hsl:258 90% 66%;--secondary-hsl:215 16% 47%;}",
    );
  });
});

describe("favicon rule (SPEC §5)", () => {
  it("replaces empty, lovable and favicon.ico addresses with /favicon.png", () => {
    expect(faviconHref("")).toBe("/favicon.png");
    expect(faviconHref(null)).toBe("/favicon.png");
    expect(faviconHref("   ")).toBe("/favicon.png");
    expect(faviconHref("https://lovable.dev/icon.png")).toBe("/favicon.png");
    expect(faviconHref("https://example.com/favicon.ico")).toBe("/favicon.png");
  });

  it("keeps other addresses and appends a cache-busting version", () => {
    expect(faviconHref("/uploads/site/icon.png")).toBe("/uploads/site/icon.png");
    expect(faviconHref("/uploads/site/icon.png", 1700000000000)).toBe(
      "/uploads/site/icon.png?v=1700000000000",
    );
    expect(faviconHref("https://cdn.example.com/i.png?size=64", "7")).toBe(
      "https://cdn.example.com/i.png?size=64&v=7",
    );
    expect(faviconHref("", "7")).toBe("/favicon.png?v=7");
  });
});
