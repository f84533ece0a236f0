import { describe, expect, it } from "vitest";
import { levelOf, levelProgress } from "./level";
import { isUserId, slugify } from "./slug";

describe("level progress (SPEC §4)", () => {
  it("is XP modulo 1000 divided by 10", () => {
    expect(levelProgress(0, "initiate")).toBe(0);
    expect(levelProgress(250, "initiate")).toBe(25);
    expect(levelProgress(999, "adept")).toBe(99);
    expect(levelProgress(1000, "adept")).toBe(0);
    expect(levelProgress(5480, "magus")).toBe(48);
  });

  it("is always 100 for a headmaster", () => {
    expect(levelProgress(0, "headmaster")).toBe(100);
    expect(levelProgress(1234, "headmaster")).toBe(100);
  });

  it("never leaves 0..100, even for odd input", () => {
    expect(levelProgress(-50, "initiate")).toBe(0);
    expect(levelProgress(Number.MAX_SAFE_INTEGER, null)).toBeLessThanOrEqual(100);
  });

  it("counts levels from 1, one per 1000 XP", () => {
    expect(levelOf(0)).toBe(1);
    expect(levelOf(999)).toBe(1);
    expect(levelOf(1000)).toBe(2);
  });
});

describe("profile identifiers (SPEC §5)", () => {
  it("treats the 8-4-4-4-12 hex shape as a user id", () => {
    expect(isUserId("3f2504e0-4f89-11d3-9a0c-0305e82c3301")).toBe(true);
    expect(isUserId("3F2504E0-4F89-11D3-9A0C-0305E82C3301")).toBe(true);
  });

  it("treats anything else as a slug", () => {
    expect(isUserId("selene-ashgrove")).toBe(false);
    expect(isUserId("3f2504e0-4f89-11d3-9a0c-0305e82c330")).toBe(false);
    expect(isUserId("3f2504e0-4f89-11d3-9a0c-0305e82c3301-x")).toBe(false);
    expect(isUserId("zf2504e0-4f89-11d3-9a0c-0305e82c3301")).toBe(false);
  });

  it("makes slugs from any script", () => {
    expect(slugify("Selene Ashgrove")).toBe("selene-ashgrove");
    expect(slugify("Zoë  Ünal!")).toBe("zoe-unal");
    expect(slugify("ليلى حداد")).toBe("ليلى-حداد");
    expect(slugify("森田 健二")).toBe("森田-健二");
    expect(slugify("!!!")).toBe("member");
  });
});
