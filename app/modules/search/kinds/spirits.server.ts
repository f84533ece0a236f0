import { sql } from "drizzle-orm";
import { CATALOGUE_TABLES } from "#app/modules/spirits/index.server";
import type { Catalogue } from "#app/modules/spirits";
import type { SearchKind } from "./kind";
import { allWordsIn } from "./sql";

/**
 * The spirit catalogues (SPEC §9): name, description or a positive power containing the term;
 * 85 for a name match, else 70; at most 3 of each catalogue; linking to `/search?q={name}`
 * (SPEC §2 "spirits to /search?q={name}"). Catalogues are a few hundred rows each: plain scans
 * with the trigram index on the name. One kind per catalogue, made by one function.
 */
const KIND_NAMES = { demons: "demon", angels: "angel", elenthos: "elenthos" } as const;

function spiritKind(catalogue: Catalogue): SearchKind {
  const table = CATALOGUE_TABLES[catalogue];
  const name = KIND_NAMES[catalogue];
  const powers = sql`array_to_string(${table.positivePowers}, ' ')`;
  return {
    name,
    labelKey: `search.kinds.${name}`,
    headingKey: `search.spiritGroups.${name}`,
    limits: { dropdown: 3, page: 3 },
    scores: { title: 85, body: 70 },
    columns: () =>
      sql`${table.name} as ref, ${table.name} as title,
        ${table.description} || ' ' || ${powers} as body, null::text as image,
        0 as rank, ${table.createdAt} as active_at`,
    details: { select: sql`'{}'::jsonb` },
    from: sql`${table}`,
    visible: sql`true`,
    titleMatch: (q) => allWordsIn(table.name, q),
    anyMatch: (q) =>
      sql`(${table.name} ilike ${q.like} or ${table.description} ilike ${q.like} or ${powers} ilike ${q.like})`,
    orderBy: sql`ref`,
    href: (ref) => `/search?q=${encodeURIComponent(ref)}`,
  };
}

export const demonKind = spiritKind("demons");
export const angelKind = spiritKind("angels");
export const elenthosKind = spiritKind("elenthos");
