import { describe, expect, it } from "vitest";
import { gzipSync } from "node:zlib";
import en from "./locales/en.json";
import de from "./locales/de.json";
import type { Messages } from "./i18n";
import { createI18n } from "./i18n";
import {
  GROUP_BUNDLES,
  SERVER_TEXTS,
  SHELL_TEXTS,
  bundleOfKey,
  bundleTexts,
} from "./bundle-map.server";
import { TEXT_BUNDLES, bundlesOfMatches } from "./bundles";
import { textsFile, textsHrefs, withFallback } from "./resources.server";
import { loader } from "#app/routes/system/locale-messages";

function leafKeys(group: Messages, prefix = ""): string[] {
  return Object.entries(group).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? leafKeys(value as Messages, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe("bundles of texts", () => {
  it("give every top-level group of the English messages a bundle, and name no other group", () => {
    expect(Object.keys(GROUP_BUNDLES).sort()).toEqual(Object.keys(en).sort());
    for (const bundle of Object.values(GROUP_BUNDLES))
      expect(bundle === null || TEXT_BUNDLES.includes(bundle)).toBe(true);
  });

  it("move texts that exist", () => {
    const keys = leafKeys(en);
    for (const path of [...SHELL_TEXTS, ...SERVER_TEXTS])
      expect(
        keys.some(
          (key) => key === path || key.startsWith(`${path}.`) || key.startsWith(`${path}_`),
        ),
        path,
      ).toBe(true);
  });

  it("hold each text of a language exactly once, the server's texts in none", () => {
    const seen = new Map<string, string>();
    for (const bundle of TEXT_BUNDLES) {
      for (const key of leafKeys(bundleTexts(en, bundle))) {
        expect(seen.get(key), `${key} in ${bundle}`).toBeUndefined();
        seen.set(key, bundle);
        expect(bundleOfKey(key)).toBe(bundle);
      }
    }
    const serverOnly = leafKeys(en).filter((key) => !seen.has(key));
    expect(serverOnly.length).toBeGreaterThan(0);
    expect(serverOnly.every((key) => bundleOfKey(key) === null)).toBe(true);
    expect(serverOnly.some((key) => key.startsWith("email."))).toBe(true);
    expect(serverOnly.some((key) => key.startsWith("billing.email."))).toBe(true);
  });

  it("read, merged, as the whole messages do", () => {
    const messages = withFallback(de, en);
    const whole = createI18n("de", messages);
    const parts: Messages = {};
    for (const bundle of TEXT_BUNDLES) merge(parts, bundleTexts(messages, bundle));
    const fromParts = createI18n("de", parts);
    for (const key of leafKeys(en).filter((key) => bundleOfKey(key) !== null)) {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, "") as never;
      expect(fromParts.t(base, { count: 2 })).toBe(whole.t(base, { count: 2 }));
    }
  });

  it("answer a text that arrives after its key was asked for", () => {
    const messages: Messages = {};
    const i18n = createI18n("de", messages);
    expect(i18n.t("nav.home")).toBe("nav.home");
    merge(messages, bundleTexts(withFallback(de, en), "shell"));
    expect(i18n.t("nav.home")).toBe(de.nav.home);
  });

  it("keep the admin's texts out of the shell, which is a fraction of all texts", () => {
    const shell = bundleTexts(en, "shell") as { admin?: Messages; discussions?: Messages };
    expect(Object.keys(shell.admin ?? {})).toEqual(["settings"]);
    expect(Object.keys(shell.discussions ?? {}).sort()).toEqual(["form", "notify", "title"]);
    const size = (value: unknown) => gzipSync(JSON.stringify(value)).length;
    expect(size(shell)).toBeLessThan(size(en) / 2);
  });

  it("are the shell's and those of the matched routes' handles, each once", () => {
    expect(
      bundlesOfMatches([
        { handle: undefined },
        { handle: { texts: ["admin"] } },
        { handle: { texts: ["billing", "admin"], breadcrumb: () => null } },
        { handle: { texts: ["nonsense"] } },
      ]),
    ).toEqual(["shell", "admin", "billing"]);
  });
});

function merge(target: Messages, source: Messages): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (
      typeof value === "object" &&
      value !== null &&
      typeof current === "object" &&
      current !== null
    )
      merge(current as Messages, value as Messages);
    else target[key] = value;
  }
}

describe("GET /i18n/{locale}/{bundle}.{hash}.json", () => {
  const get = (locale: string, file: string) =>
    loader({ params: { locale, file } } as unknown as Parameters<typeof loader>[0]);

  it("answers a bundle, English filled in, cached for a year", async () => {
    const href = textsHrefs("de").admin;
    expect(href).toMatch(/^\/i18n\/de\/admin\.[\w-]{12}\.json$/);
    const response = get("de", href.split("/").pop()!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toContain("application/json");
    const texts = (await response.json()) as { admin: Messages; nav?: unknown };
    expect(texts.nav).toBeUndefined();
    expect(leafKeys(texts.admin)).toEqual(leafKeys(bundleTexts(en, "admin").admin as Messages));
  });

  it("answers an old hash with the current texts, not to be kept", async () => {
    const response = get("fr", "shell.oldhash12345.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe(textsFile("fr", "shell").json);
  });

  it("knows no other language, bundle or name", () => {
    for (const [locale, file] of [
      ["xx", "shell.abc.json"],
      ["de", "nothing.abc.json"],
      ["de", "shell.json"],
      ["de", "shell.abc.js"],
      ["../de", "shell.abc.json"],
    ])
      expect(get(locale!, file!).status).toBe(404);
  });

  it("gives each bundle its own address", () => {
    const hrefs = textsHrefs("en");
    expect(new Set(Object.values(hrefs)).size).toBe(TEXT_BUNDLES.length);
    expect(Object.keys(hrefs)).toEqual([...TEXT_BUNDLES]);
  });
});
