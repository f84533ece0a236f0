/**
 * The three external reading sites of the oracles block and the side navigation (SPEC §2), each
 * an address in site settings; one whose address is empty is not shown.
 */
export const ORACLE_SITES = [
  { key: "demon", setting: "oracle_demon_url" },
  { key: "angelic", setting: "oracle_angelic_url" },
  { key: "elenthos", setting: "oracle_elenthos_url" },
] as const;

export interface OracleLink {
  key: (typeof ORACLE_SITES)[number]["key"];
  url: string;
}

/** The configured oracle sites (http and https addresses only), in SPEC's order. */
export function oracleLinks(settings: Partial<Record<string, string>>): OracleLink[] {
  return ORACLE_SITES.flatMap(({ key, setting }) => {
    const url = settings[setting]?.trim() ?? "";
    return /^https?:\/\//i.test(url) ? [{ key, url }] : [];
  });
}
