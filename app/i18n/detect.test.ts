import { describe, expect, it } from "vitest";
import { acceptedLanguages, detectLocale } from "./detect";
import { directionOf, LANGUAGES } from "./locales";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("language detection (SPEC §4)", () => {
  it("prefers the stored choice over the browser's languages", () => {
    expect(
      detectLocale(request({ cookie: "a=1; i18nextLng=ar", "accept-language": "de-DE,de;q=0.9" })),
    ).toBe("ar");
  });

  it("falls back to the browser's best supported language, dropping the region", () => {
    expect(detectLocale(request({ "accept-language": "pt-BR,pt;q=0.9,en;q=0.8" }))).toBe("pt");
    expect(detectLocale(request({ "accept-language": "xx-YY, ja;q=0.5, ko;q=0.7" }))).toBe("ko");
  });

  it("ignores an unknown stored choice and defaults to English", () => {
    expect(detectLocale(request({ cookie: "i18nextLng=xx" }))).toBe("en");
    expect(detectLocale(request({}))).toBe("en");
  });

  it("orders Accept-Language by quality", () => {
    expect(acceptedLanguages("fr;q=0.5, es, de;q=0.9")).toEqual(["es", "de", "fr"]);
    expect(acceptedLanguages("fr;q=0")).toEqual([]);
  });

  it("has fifteen languages with Arabic the only right-to-left one", () => {
    expect(LANGUAGES).toHaveLength(15);
    expect(LANGUAGES.filter((l) => l.isRTL).map((l) => l.code)).toEqual(["ar"]);
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("he" as never)).toBe("ltr");
  });
});
