import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n";
import { rememberPlainTexts, withFallback } from "./resources.server";

describe("withFallback", () => {
  it("fills missing keys at any depth and keeps the language's own", () => {
    expect(withFallback({ a: { b: "ar-b" }, c: "ar-c" }, { a: { b: "en-b", d: "en-d" }, e: "en-e" })).toEqual({
      a: { b: "ar-b", d: "en-d" },
      c: "ar-c",
      e: "en-e",
    });
  });
});

describe("the t that components get on the server", () => {
  const i18n = createI18n("en", { shell: { home: "Home", members_one: "{{count}} member", members_other: "{{count}} members", hi: "Hi {{name}}" } });
  rememberPlainTexts(i18n);
  const t = i18n.getFixedT("en");

  it("answers plain keys the same way every time", () => {
    expect(t("shell.home")).toBe("Home");
    expect(t("shell.home")).toBe("Home");
    expect(t("shell.missing")).toBe("shell.missing");
  });

  it("still interpolates and pluralises calls with options", () => {
    expect(t("shell.members", { count: 1 })).toBe("1 member");
    expect(t("shell.members", { count: 3 })).toBe("3 members");
    expect(t("shell.hi", { name: "Selene" })).toBe("Hi Selene");
  });

  it("keeps key prefixes apart", () => {
    expect(i18n.getFixedT("en", null, "shell")("home")).toBe("Home");
    expect(t("home")).toBe("home");
  });
});
