import { sql } from "drizzle-orm";
import { covens } from "#app/modules/covens/schema";
import type { SearchKind } from "./kind";
import { allWordsIn } from "./sql";

/**
 * Name and description as one document, written exactly as the expression of
 * `covens_search_idx` (GIN) so the planner uses it.
 */
const document = sql`to_tsvector('simple', ${covens.name} || ' ' || ${covens.description})`;

/**
 * Covens anyone may discover: open and request-only ones that are not archived. Invite-only
 * covens are hidden from strangers (covens/policy.ts `canSeeCoven`) and search answers everyone
 * alike, so they are never found, not even by their members; archived ones likewise. The coven
 * page itself is premium, so a result leads others to the Premium gate.
 *
 * Full text over name and description (GIN expression index) or a substring of the name
 * (trigram index); a title match has every word in the name. Score 85 / 70, like SPEC §9's
 * spirits. Most recently active first, the list's own default order. Guests of members-only
 * reading find none.
 */
export const covenKind: SearchKind = {
  name: "coven",
  labelKey: "search.kinds.coven",
  headingKey: "search.covens",
  limits: { dropdown: 3, page: 10 },
  scores: { title: 85, body: 70 },
  membersOnly: "hidden",
  columns: () =>
    sql`${covens.slug} as ref, ${covens.name} as title, ${covens.description} as body, ${covens.bannerUrl} as image,
      extract(epoch from ${covens.lastActivityAt}) as rank, ${covens.lastActivityAt} as active_at`,
  details: { select: sql`jsonb_build_object('date', k.active_at)` },
  dateMeaning: "active",
  from: sql`${covens}`,
  visible: sql`${covens.visibility} in ('open', 'request') and ${covens.archivedAt} is null`,
  titleMatch: (q) => allWordsIn(covens.name, q),
  anyMatch: (q) => sql`(${document} @@ ${q.tsquery} or ${covens.name} ilike ${q.like})`,
  orderBy: sql`rank desc, ref`,
  href: (ref) => `/covens/${encodeURIComponent(ref)}`,
};
