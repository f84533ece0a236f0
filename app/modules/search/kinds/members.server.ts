import { sql } from "drizzle-orm";
import { profiles } from "#app/modules/profiles/schema";
import { SEARCHED_BIO_LENGTH, SEARCHED_NAME_LENGTH } from "../limits";
import type { SearchKind } from "./kind";

/**
 * The start of the display name, written exactly as the trigram index's expression (a literal
 * length, not a parameter) so the planner uses it. Every comparison, the similarity and the
 * returned title use it: a huge stored name costs what a normal one does.
 */
const name = sql`left(${profiles.displayName}, ${sql.raw(String(SEARCHED_NAME_LENGTH))})`;

/**
 * Members by display name: a substring (ILIKE) or a near spelling (pg_trgm word similarity, the
 * `<%` operator), both on the start of the name and served by the trigram GIN index on it; or
 * the exact profile slug (unique index), so "@kenji-morita" finds Kenji. Profiles are public
 * (/members, /profile/{slug}) unless reading is members-only, when guests find no members.
 *
 * Score: 90 when the name contains the term (or the slug is it), 75 for a near spelling only,
 * between posts' title and body values as videos are in SPEC §9. Closest spelling first, then
 * reputation, among at most 200 matches.
 */
export const memberKind: SearchKind = {
  name: "member",
  labelKey: "search.kinds.member",
  headingKey: "search.members",
  limits: { dropdown: 3, page: 12 },
  scores: { title: 90, body: 75 },
  avatar: true,
  membersOnly: "hidden",
  columns: (q) =>
    sql`${profiles.slug} as ref, ${name} as title, left(${profiles.bio}, ${SEARCHED_BIO_LENGTH}::int) as body, ${profiles.avatarUrl} as image,
      word_similarity(${q.term}, ${name})::float8 + ${profiles.reputation}::float8 / 1e9 as rank, ${profiles.mysticalRank} as member_rank, ${profiles.createdAt} as created_at`,
  details: { select: sql`jsonb_build_object('rank', k.member_rank, 'date', k.created_at)` },
  dateMeaning: "joined",
  from: sql`${profiles}`,
  visible: sql`true`,
  titleMatch: (q) => sql`(${name} ilike ${q.like} or ${profiles.slug} = ${q.slug})`,
  anyMatch: (q) =>
    sql`(${name} ilike ${q.like} or ${q.term} <% ${name} or ${profiles.slug} = ${q.slug})`,
  orderBy: sql`rank desc, ref`,
  // A name shared by thousands ("Member …") would otherwise rank every one of them, and a
  // word-similarity check on every profile costs more than the planner expects.
  bounded: { matchCap: 200 },
  href: (ref) => `/profile/${encodeURIComponent(ref)}`,
};
