import { LOCALE_CODES, type Locale } from "#app/i18n/locales";
import { TIERS, type Tier } from "#app/modules/memberships";
import { signUpSchema } from "#app/modules/auth/validation";

// Each staged row against the sign-up rules, in the job (apart from validation.ts, whose limits
// the upload form loads in the browser without the account forms' schemas).

/** Why a row is not imported: a translation key under admin.import.reasons. */
export type RowProblem =
  | "emailInvalid"
  | "displayNameMissing"
  | "displayNameTooShort"
  | "displayNameTooLong"
  | "displayNameInvalid"
  | "unknownTier"
  | "unknownLanguage"
  | "duplicate"
  | "notAllowed";

export interface CheckedRow {
  email: string;
  /** null: keep an existing member's name (a new member needs one). */
  displayName: string | null;
  tier: Tier | null;
  language: Locale | null;
}

const DISPLAY_NAME_PROBLEMS: Record<string, RowProblem> = {
  "auth.errors.displayNameTooShort": "displayNameTooShort",
  "auth.errors.displayNameTooLong": "displayNameTooLong",
};

/**
 * One row against the sign-up rules (the same zod fields as the sign-up form): the address
 * trimmed and lower-cased, the name trimmed; tier and language empty or one of the known values
 * (case-insensitive).
 */
export function checkRow(raw: {
  email: string;
  displayName: string;
  tier: string;
  language: string;
}): { ok: true; row: CheckedRow } | { ok: false; problem: RowProblem } {
  const email = signUpSchema.shape.email.safeParse(raw.email);
  if (!email.success) return { ok: false, problem: "emailInvalid" };
  let displayName: string | null = null;
  if (raw.displayName.trim() !== "") {
    const name = signUpSchema.shape.displayName.safeParse(raw.displayName);
    if (!name.success)
      return {
        ok: false,
        problem: DISPLAY_NAME_PROBLEMS[name.error.issues[0]?.message ?? ""] ?? "displayNameInvalid",
      };
    displayName = name.data;
  }
  const tierText = raw.tier.trim().toLowerCase();
  if (tierText !== "" && !(TIERS as readonly string[]).includes(tierText))
    return { ok: false, problem: "unknownTier" };
  const languageText = raw.language.trim().toLowerCase();
  if (languageText !== "" && !(LOCALE_CODES as readonly string[]).includes(languageText))
    return { ok: false, problem: "unknownLanguage" };
  return {
    ok: true,
    row: {
      email: email.data,
      displayName,
      tier: tierText === "" ? null : (tierText as Tier),
      language: languageText === "" ? null : (languageText as Locale),
    },
  };
}
