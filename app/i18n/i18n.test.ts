import { describe, expect, it } from "vitest";
import { createI18n, textKey, type I18n, type TOptions } from "./i18n";
import { withFallback } from "./resources.server";

describe("withFallback", () => {
  it("fills missing keys at any depth and keeps the language's own", () => {
    expect(
      withFallback({ a: { b: "ar-b" }, c: "ar-c" }, { a: { b: "en-b", d: "en-d" }, e: "en-e" }),
    ).toEqual({
      a: { b: "ar-b", d: "en-d" },
      c: "ar-c",
      e: "en-e",
    });
  });
});

describe("the translator", () => {
  const en = {
    shell: {
      home: "Home",
      members_one: "{{count}} member",
      members_other: "{{count}} members",
      hi: "Hi {{name}}",
      empty: "",
    },
    inbox: { unread_zero: "Nothing new", unread_one: "One new", unread_other: "{{count}} new" },
    role: { title: "Member", title_admin: "Administrator", title_admin_other: "Administrators" },
    nested: { of: "By {{author.name}}" },
  };
  const i18n = createI18n("en", en);
  // These messages are made up for the test, so their keys are not the interface's.
  const loose = (translator: I18n) => (key: string, options?: TOptions) =>
    translator.t(textKey(key), options);
  const t = loose(i18n);

  it("answers plain keys the same way every time, and the key itself when it is missing", () => {
    expect(t("shell.home")).toBe("Home");
    expect(t("shell.home")).toBe("Home");
    expect(t("shell.missing")).toBe("shell.missing");
    expect(t("shell")).toBe("shell");
    expect(t("shell.home.deeper")).toBe("shell.home.deeper");
    expect(t("shell.empty")).toBe("");
    expect(t("constructor")).toBe("constructor");
    expect(t("__proto__.toString")).toBe("__proto__.toString");
  });

  it("interpolates and pluralises, using _zero for nought when it exists", () => {
    expect(t("shell.members", { count: 1 })).toBe("1 member");
    expect(t("shell.members", { count: 3 })).toBe("3 members");
    expect(t("shell.members", { count: 0 })).toBe("0 members");
    expect(t("inbox.unread", { count: 0 })).toBe("Nothing new");
    expect(t("shell.hi", { name: "Selene" })).toBe("Hi Selene");
    expect(t("nested.of", { author: { name: "Ada" } })).toBe("By Ada");
    expect(t("shell.hi", { name: "{{count}}", count: 2 })).toBe("Hi {{count}}");
  });

  it("keeps a placeholder without a value, and empties one given as undefined", () => {
    expect(t("shell.hi", {})).toBe("Hi {{name}}");
    expect(t("shell.hi", { name: undefined })).toBe("Hi ");
  });

  it("chooses the context form, plural within it, and falls back to the plain key", () => {
    expect(t("role.title", { context: "admin" })).toBe("Administrator");
    expect(t("role.title", { context: "admin", count: 2 })).toBe("Administrators");
    expect(t("role.title", { context: "guest" })).toBe("Member");
  });

  it("answers defaultValue for a key found nowhere", () => {
    expect(t("shell.nothing", { defaultValue: "Fallback {{n}}", n: 1 })).toBe("Fallback 1");
    expect(t("shell.home", { defaultValue: "ignored" })).toBe("Home");
  });

  it("reads missing keys from the fallback with the fallback's plural rules", () => {
    const ar = createI18n(
      "ar",
      {
        shell: { home: "الرئيسية", members_few: "{{count}} أعضاء", members_other: "{{count}} عضو" },
      },
      en,
    );
    const arT = loose(ar);
    expect(arT("shell.home")).toBe("الرئيسية");
    expect(arT("shell.members", { count: 3 })).toBe("3 أعضاء");
    expect(arT("shell.members", { count: 100 })).toBe("100 عضو");
    expect(arT("shell.hi", { name: "سلمى" })).toBe("Hi سلمى");
    expect(ar.dir()).toBe("rtl");
    expect(ar.exists("shell.hi")).toBe(true);
    expect(ar.exists("shell.nope")).toBe(false);
  });

  // i18next (a development dependency only) is the reference: every key of every language, with
  // the option shapes the code passes, must read exactly as i18next reads it.
  it("reads every key of every language exactly as i18next does", async () => {
    const i18next = (await import("i18next")).default;
    const { LOCALE_CODES } = await import("./locales");
    const { messagesFor } = await import("./resources.server");
    const keys = leafKeys(messagesFor("en"));
    const optionSets = [
      undefined,
      { count: 0 },
      { count: 1 },
      { count: 2 },
      { count: 5 },
      { count: 21 },
      { count: 1.5 },
      { name: "Ada", title: "T", count: 3 },
      { context: "admin" },
    ];
    let compared = 0;
    for (const locale of LOCALE_CODES) {
      const reference = i18next.createInstance();
      void reference.init({
        lng: locale,
        fallbackLng: "en",
        resources: {
          [locale]: { translation: messagesFor(locale) },
          en: { translation: messagesFor("en") },
        },
        interpolation: { escapeValue: false },
        initAsync: false,
        returnNull: false,
      });
      const ours = createI18n(locale, messagesFor(locale), messagesFor("en"));
      for (const key of keys) {
        for (const options of optionSets) {
          compared += 1;
          expect(loose(ours)(key, options), `${locale} ${key} ${JSON.stringify(options)}`).toBe(
            reference.t(key, options as never),
          );
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
    // Every key of 15 languages in every option shape: over 30 s on a busy machine.
  }, 120_000);
});

/** Every text's key, plural and context suffixes removed (the form the code asks for). */
function leafKeys(messages: Record<string, unknown>, prefix = ""): string[] {
  const keys = new Set<string>();
  for (const [name, value] of Object.entries(messages)) {
    if (typeof value === "object" && value !== null)
      for (const key of leafKeys(value as Record<string, unknown>, `${prefix}${name}.`))
        keys.add(key);
    else keys.add(prefix + name.replace(/_(zero|one|two|few|many|other)$/, ""));
  }
  return [...keys];
}
