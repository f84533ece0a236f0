import { and, eq, isNotNull, sql } from "drizzle-orm";
import { chatFaq } from "#app/modules/guide/schema";
import type { SearchKind } from "./kind";
import { allWordsIn } from "./sql";

/**
 * The question and answer as one document. The table holds a few hundred approved entries at
 * most (an admin approves each), so the vector is computed per search without an index.
 */
const document = sql`to_tsvector('simple', ${chatFaq.question} || ' ' || ${chatFaq.answer})`;

/**
 * Questions the guide learned and an admin approved (SPEC §5 chat_faq): public at /faq/{slug},
 * so open to guests like that page. Full text over question and answer, or a substring of the
 * question; a title match has every word in the question. Scored like pages (85 / 70), best
 * full-text rank first, linking to /faq/{slug}. Candidates, rejected and merged entries are never
 * found.
 */
export const faqKind: SearchKind = {
  name: "faq",
  labelKey: "search.kinds.faq",
  headingKey: "search.faqs",
  limits: { dropdown: 3, page: 10 },
  scores: { title: 85, body: 70 },
  columns: (q) =>
    sql`${chatFaq.slug} as ref, ${chatFaq.question} as title, ${chatFaq.answer} as body, null::text as image,
      ts_rank(${document}, ${q.tsquery}) as rank, ${chatFaq.updatedAt} as updated_at`,
  details: { select: sql`jsonb_build_object('date', k.updated_at)` },
  dateMeaning: "updated",
  from: sql`${chatFaq}`,
  visible: and(eq(chatFaq.status, "approved"), isNotNull(chatFaq.slug))!,
  titleMatch: (q) => allWordsIn(chatFaq.question, q),
  anyMatch: (q) => sql`(${document} @@ ${q.tsquery} or ${chatFaq.question} ilike ${q.like})`,
  orderBy: sql`rank desc, ref`,
  href: (ref) => `/faq/${encodeURIComponent(ref)}`,
};
