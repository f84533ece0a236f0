import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CAPABILITIES, benefitsOf, communityFacts, hasCapability } from "./benefits";

const LOCALES = path.resolve(import.meta.dirname, "../../i18n/locales");
const messages = Object.fromEntries(
  readdirSync(LOCALES)
    .filter((file) => file.endsWith(".json"))
    .map((file) => [
      file.slice(0, -5),
      JSON.parse(readFileSync(path.join(LOCALES, file), "utf8")) as Record<string, unknown>,
    ]),
);
const lookup = (tree: unknown, key: string) =>
  key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
/** Every text of a subtree, flattened. */
const textsOf = (tree: unknown): string[] =>
  typeof tree === "string"
    ? [tree]
    : tree && typeof tree === "object"
      ? Object.values(tree).flatMap(textsOf)
      : [];

const registered = new Set<string>(CAPABILITIES.map((c) => c.key));
const withPremiumCategories = communityFacts({
  categories: [{ premium: false }, { premium: true }],
});
const withoutPremiumCategories = communityFacts({ categories: [{ premium: false }] });

describe("the benefits registry", () => {
  it("has unique keys and a label in every language", () => {
    expect(registered.size).toBe(CAPABILITIES.length);
    expect(Object.keys(messages)).toHaveLength(15);
    for (const capability of CAPABILITIES) {
      for (const [locale, tree] of Object.entries(messages)) {
        expect(typeof lookup(tree, capability.labelKey), `${locale}: ${capability.labelKey}`).toBe(
          "string",
        );
      }
    }
  });

  it("makes benefit lists of registered capabilities only: the free plan's for everyone, the full plan's premium-only", () => {
    for (const facts of [withPremiumCategories, withoutPremiumCategories]) {
      const free = benefitsOf("free", facts);
      const full = benefitsOf("full", facts);
      expect(free.length).toBeGreaterThan(0);
      expect(full.length).toBeGreaterThan(0);
      expect([...free, ...full].every((c) => registered.has(c.key))).toBe(true);
      expect(free.every((c) => !c.premium)).toBe(true);
      expect(full.every((c) => c.premium)).toBe(true);
    }
  });

  it("leaves out a capability the community lacks: no premium categories, no promise of them", () => {
    expect(benefitsOf("full", withPremiumCategories).map((c) => c.key)).toContain(
      "premiumCategories",
    );
    expect(benefitsOf("full", withoutPremiumCategories).map((c) => c.key)).not.toContain(
      "premiumCategories",
    );
    expect(hasCapability("premiumCategories", withoutPremiumCategories)).toBe(false);
    expect(hasCapability("recommendations", withoutPremiumCategories)).toBe(true);
    // Not built yet, so not registered: nothing may offer them.
    for (const missing of ["grimoires", "rituals"])
      expect(hasCapability(missing, withPremiumCategories)).toBe(false);
    // Sharing videos is built (premium only): the lists and the comparison's video row name it.
    expect(hasCapability("videos", withoutPremiumCategories)).toBe(true);
    expect(benefitsOf("full", withoutPremiumCategories).map((c) => c.key)).toContain("videos");
    // Covens are built (premium only), so the lists name them.
    expect(hasCapability("privateCovens", withoutPremiumCategories)).toBe(true);
    expect(benefitsOf("full", withoutPremiumCategories).map((c) => c.key)).toContain(
      "privateCovens",
    );
  });

  it("the upsell texts (gate, popup, membership page, benefits) name nothing the product lacks", () => {
    const english = messages.en;
    const subscription = {
      ...(lookup(english, "subscription") as Record<string, unknown>),
      comparison: undefined,
    };
    const texts = [
      lookup(english, "premium"),
      lookup(english, "premiumPopup"),
      lookup(english, "benefits"),
      subscription,
      lookup(english, "explore.premiumFallback"),
    ].flatMap(textsOf);
    expect(texts.length).toBeGreaterThan(10);
    for (const text of texts) expect(text, text).not.toMatch(/grimoire|ritual|premium\b|\bpro\b/i);
  });
});
