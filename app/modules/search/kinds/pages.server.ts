import { inArray, sql } from "drizzle-orm";
import { PAGE_PATHS } from "#app/modules/pages/index.server";
import { pages } from "#app/modules/pages/schema";
import type { SearchKind } from "./kind";
import { allWordsIn } from "./sql";

/**
 * Informational pages (about, help, FAQ, terms …): full-text over title and body, or a substring
 * of either. Only pages that have a path are searched, so every result leads somewhere.
 * Score: 85 for a title match, 70 for the body, like SPEC §9's spirits.
 */
export const pageKind: SearchKind = {
  name: "page",
  labelKey: "search.kinds.page",
  headingKey: "search.pages",
  limits: { dropdown: 3, page: 10 },
  scores: { title: 85, body: 70 },
  inDictionary: true,
  columns: (q) =>
    sql`${pages.slug} as ref, ${pages.title} as title, ${pages.body} as body, null as image, ts_rank(${pages.search}, ${q.tsquery}) as rank, ${pages.updatedAt} as updated_at`,
  details: { select: sql`jsonb_build_object('date', k.updated_at)` },
  dateMeaning: "updated",
  from: sql`${pages}`,
  visible: inArray(pages.slug, Object.keys(PAGE_PATHS)),
  titleMatch: (q) => allWordsIn(pages.title, q),
  anyMatch: (q) =>
    sql`(${pages.search} @@ ${q.tsquery} or ${pages.title} ilike ${q.like} or ${pages.body} ilike ${q.like})`,
  orderBy: sql`rank desc, ref`,
  href: (ref) => PAGE_PATHS[ref] ?? "/sitemap",
};
