/*
 * The three spirit catalogues of the oracle tools (SPEC §3 `daily_demons`, `daily_angels`,
 * `daily_elenthos_spirits`): one shape, one engine (docs/ARCHITECTURE.md "Spirits"). A catalogue
 * is named here once; its table, search kind, "spirit of the day" and admin list follow.
 */

export const CATALOGUES = ["demons", "angels", "elenthos"] as const;
export type Catalogue = (typeof CATALOGUES)[number];

export function isCatalogue(value: string | undefined): value is Catalogue {
  return (CATALOGUES as readonly string[]).includes(value ?? "");
}

/** Limits every way in shares (admin form, seed). */
export const SPIRIT_LIMITS = {
  name: 80,
  description: 2_000,
  power: 60,
  powers: 12,
  perCatalogue: 500,
} as const;

/** SPEC §9: the popular powers `/media` shows. */
export const POPULAR_POWERS = 20;
