import { sql } from "drizzle-orm";
import { articles } from "#app/modules/library/schema";
import type { SearchKind } from "./kind";
import { allWordsIn } from "./sql";

/**
 * The practice library's articles (grimoires, attunements, rituals, tutorials) everyone may find:
 * published and due. Full text over the stored `search` vector (title, summary and the free
 * excerpt only, so a premium text's body is never found or quoted) or a substring of the title.
 * Ranked like discussions (95 / 80 is theirs; articles 90 / 75 sit just below), newest first,
 * linking to `/article/{type}/{id}`.
 */
export const articleKind: SearchKind = {
  name: "article",
  labelKey: "search.kinds.article",
  headingKey: "search.articles",
  limits: { dropdown: 3, page: 10 },
  scores: { title: 90, body: 75 },
  columns: () =>
    sql`${articles.type} || '/' || ${articles.id} as ref, ${articles.title} as title,
      ${articles.summary} || ' ' || ${articles.publicText} as body, null::text as image,
      extract(epoch from ${articles.publishedAt}) as rank, ${articles.publishedAt} as active_at`,
  details: { select: sql`jsonb_build_object('date', k.active_at)` },
  dateMeaning: "posted",
  from: sql`${articles}`,
  visible: sql`${articles.status} = 'published' and (${articles.publishAt} is null or ${articles.publishAt} <= now())`,
  titleMatch: (q) => allWordsIn(articles.title, q),
  anyMatch: (q) => sql`(${articles.search} @@ ${q.tsquery} or ${articles.title} ilike ${q.like})`,
  orderBy: sql`rank desc, ref`,
  href: (ref) => `/article/${ref}`,
};
