import { describe, expect, it } from "vitest";
import { DISPLAY_NAME_MAX, safeDisplayName } from "./display-name";
import { profileSettingsSchema } from "./validation";
import { signUpSchema } from "#app/modules/auth/validation";

const settings = (displayName: string) =>
  profileSettingsSchema.safeParse({ displayName, slug: "valid-slug" });
const signUp = (displayName: string) =>
  signUpSchema.safeParse({ email: "a@example.test", password: "long-enough", displayName });

describe("display names", () => {
  it.each([
    "Luna",
    "  Luna Moon  ",
    "Zoë Ã",
    "محمد علي",
    "山田 太郎",
    "✨ Stargazer ✨",
    "O'Brien-Smith",
    "زهرا\u200Cی",
  ])("accepts %j on every form", (name) => {
    expect(settings(name).success).toBe(true);
    expect(signUp(name).success).toBe(true);
  });

  it.each([
    ["", "displayNameTooShort"],
    ["   ", "displayNameTooShort"],
    ["A", "displayNameTooShort"],
    ["x".repeat(DISPLAY_NAME_MAX + 1), "displayNameTooLong"],
    ["Eve\u202Eevil", "displayNameInvalid"],
    ["\u2067Isolated\u2069", "displayNameInvalid"],
    ["Tab\there", "displayNameInvalid"],
    ["Nul\u0000l", "displayNameInvalid"],
    ["Esc\u001B[31m", "displayNameInvalid"],
    ["\u200B\u200B\u200B", "displayNameInvalid"],
  ])("refuses %j with %s", (name, key) => {
    expect(settings(name).error?.issues[0]!.message).toBe(`settings.errors.${key}`);
    expect(signUp(name).error?.issues[0]!.message).toBe(`auth.errors.${key}`);
  });

  it("makes any stored name valid, never splitting a character", () => {
    expect(safeDisplayName("  Eve\u202E\n\tlive  ")).toBe("Eve live");
    expect(safeDisplayName("😀".repeat(100))).toBe("😀".repeat(30));
    expect(safeDisplayName("x".repeat(1_000_000))).toHaveLength(DISPLAY_NAME_MAX);
    expect(safeDisplayName("\u202E", "jo.smith")).toBe("jo.smith");
    expect(safeDisplayName("", "j")).toBe("Member");
    for (const name of ["\u0000\u0001", "a\u202Eb", "😀".repeat(61)]) {
      expect(settings(safeDisplayName(name)).success).toBe(true);
    }
  });
});
