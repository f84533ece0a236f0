import { z } from "zod";

// One rule for display names, wherever a name comes in: the sign-up form, better-auth's JSON
// endpoints, the profile settings, the command line. See docs/ARCHITECTURE.md "Accounts".
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 60;

/** C0 and C1 control characters (NUL, tab, line breaks, escape, DEL …). */
const CONTROL = "\\p{Cc}";
/** Bidirectional embeddings, overrides and isolates: they let a name reverse the text around it. */
const BIDI_CONTROL = "[\\u202A-\\u202E\\u2066-\\u2069]";
const FORBIDDEN = new RegExp(`${CONTROL}|${BIDI_CONTROL}`, "u");
/** Something a reader can see: a letter, digit, symbol or punctuation mark. */
const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u;

/** Whether a (trimmed) name contains only allowed characters and something visible. */
export function displayNameCharactersAllowed(name: string): boolean {
  return !FORBIDDEN.test(name) && VISIBLE.test(name);
}

/** The zod field for a display name; `keys` are the translation keys of its messages. */
export function displayNameField(keys: { tooShort: string; tooLong: string; invalid: string }) {
  return z
    .string(keys.invalid)
    .trim()
    .min(DISPLAY_NAME_MIN, keys.tooShort)
    .max(DISPLAY_NAME_MAX, keys.tooLong)
    .refine(displayNameCharactersAllowed, keys.invalid);
}

/** The longest start of `text` of at most `max` UTF-16 units that does not split a character. */
function cut(text: string, max: number): string {
  let result = "";
  for (const character of text) {
    if (result.length + character.length > max) break;
    result += character;
  }
  return result;
}

/**
 * A valid display name made from any stored name, for accounts whose name predates the rule:
 * control characters become spaces, direction controls are dropped, whitespace runs are joined,
 * the rest is cut to the maximum length, and `fallback` is used when nothing valid is left.
 */
export function safeDisplayName(raw: string, fallback = "Member"): string {
  const cleaned = cut(
    cut(raw, DISPLAY_NAME_MAX * 4)
      .replace(new RegExp(CONTROL, "gu"), " ")
      .replace(new RegExp(BIDI_CONTROL, "gu"), "")
      .replace(/\s+/gu, " ")
      .trim(),
    DISPLAY_NAME_MAX,
  ).trim();
  if (cleaned.length >= DISPLAY_NAME_MIN && displayNameCharactersAllowed(cleaned)) return cleaned;
  return fallback === "Member" ? fallback : safeDisplayName(fallback);
}
