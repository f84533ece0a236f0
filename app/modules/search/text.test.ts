import { describe, expect, it } from "vitest";
import { RECENT_SEARCHES_LIMIT } from "./limits";
import { withRecentSearch } from "./recent-searches";
import {
  applyCorrections,
  correctableWords,
  excerptAround,
  highlightParts,
  normalizeTerm,
  termWords,
} from "./text";

describe("normalizeTerm (SPEC §5)", () => {
  it("trims and refuses terms under 2 characters", () => {
    expect(normalizeTerm("  tarot  ")).toBe("tarot");
    expect(normalizeTerm(" a ")).toBeNull();
    expect(normalizeTerm("")).toBeNull();
    expect(normalizeTerm(null)).toBeNull();
    expect(normalizeTerm("ab")).toBe("ab");
    expect(normalizeTerm("tarot \n  reading")).toBe("tarot reading");
    expect(normalizeTerm("x".repeat(300))).toHaveLength(100);
  });

  it("treats control characters as spaces (PostgreSQL refuses a NUL in text)", () => {
    expect(normalizeTerm("\u0000moon\u0000water\u0007")).toBe("moon water");
    expect(normalizeTerm("\u0000\u0000")).toBeNull();
  });
});

describe("spelling: correctableWords and applyCorrections", () => {
  it("offers runs of 3 to 32 letters, once each, at most 8, never an exclusion or OR", () => {
    expect(correctableWords('"meditaton practise" -candel or tarrot')).toEqual([
      "meditaton",
      "practise",
      "tarrot",
    ]);
    expect(correctableWords("ab x1y2 abc_def 東京都 медитаця crystal-heeling")).toEqual([
      "東京都",
      "медитаця",
      "crystal",
      "heeling",
    ]);
    expect(correctableWords("a".repeat(33))).toEqual([]);
    expect(correctableWords("!!! ... ???")).toEqual([]);
    expect(
      correctableWords(
        Array.from({ length: 20 }, (_, i) => `word${"x".repeat(i)}`.replace(/\d/g, "")).join(" "),
      ),
    ).toHaveLength(8);
    expect(correctableWords("moon moon moon")).toEqual(["moon"]);
  });

  it("replaces the corrected words only, keeping quotes, punctuation and exclusions", () => {
    const corrections = new Map([
      ["meditaton", "meditation"],
      ["Tarrot", "tarot"],
    ]);
    expect(
      applyCorrections('"daily meditaton" -meditaton Tarrot, or meditaton?', corrections),
    ).toBe('"daily meditation" -meditaton tarot, or meditation?');
    expect(applyCorrections("nothing to change", corrections)).toBeNull();
    expect(applyCorrections("meditaton", new Map())).toBeNull();
  });
});

describe("excerptAround", () => {
  const text = `${"lorem ipsum dolor ".repeat(15)}the amethyst cluster glows ${"sit amet consectetur ".repeat(15)}`;

  it("keeps at most 120 characters around the match, ellipses included", () => {
    const excerpt = excerptAround(text, "amethyst");
    expect(excerpt.length).toBeLessThanOrEqual(120);
    expect(excerpt).toContain("amethyst cluster");
    expect(excerpt).toMatch(/^….*…$/);
  });

  it("falls back to the start when the term is not in the text, and strips Markdown", () => {
    expect(excerptAround("**Bold** start of a [link](https://x.test) text", "zzz")).toBe(
      "Bold start of a link text",
    );
    expect(excerptAround(text, "zzz").startsWith("lorem ipsum")).toBe(true);
  });

  it("finds one of the words when the whole phrase is absent", () => {
    expect(excerptAround(text, "glowing cluster")).toContain("cluster");
  });
});

describe("highlightParts", () => {
  it("marks each word of the term, case-insensitively, without regex injection", () => {
    expect(highlightParts("Tarot and more tarot", "tarot")).toEqual([
      { text: "Tarot", match: true },
      { text: " and more ", match: false },
      { text: "tarot", match: true },
    ]);
    expect(highlightParts("a (b) c", "(b)")).toEqual([
      { text: "a ", match: false },
      { text: "(b)", match: true },
      { text: " c", match: false },
    ]);
    expect(termWords('"moon water" -salt or sun')).toEqual(["moon", "water", "sun"]);
  });
});

describe("recent searches", () => {
  it("keeps the newest first, without duplicates, at most 5, ignoring terms under 2 characters", () => {
    let list: string[] = [];
    for (const term of ["one", "two", "x", "three", "four", "five", "six", " Two "])
      list = withRecentSearch(list, term);
    expect(list).toEqual(["Two", "six", "five", "four", "three"]);
    expect(list).toHaveLength(RECENT_SEARCHES_LIMIT);
  });
});
