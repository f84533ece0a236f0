import { and, eq, sql } from "drizzle-orm";
import { categories, posts } from "#app/modules/discussions/schema";
import { profiles } from "#app/modules/profiles/schema";
import type { SearchKind } from "./kind";
import { allWordsIn } from "./sql";

/**
 * Discussion posts: full-text on the `search` tsvector (GIN index) or a title substring (trigram
 * index), so a half-typed word of a title still finds it. A title match has every word of the
 * term in the title.
 *
 * Visible to everyone means published in an active category, the rule of the public list
 * (`listPosts` for a guest). Pending and rejected posts never appear, not even to their author:
 * results do not depend on who asks. Premium categories are readable by all (SPEC §6), so their
 * posts are included.
 *
 * Order within a score: latest activity first, the order of `posts_status_activity_idx`; the
 * reads are bounded (see `SearchKind.bounded`), so a search costs a few milliseconds on 100,000
 * posts whether its words are in every post or in none.
 */
export const postKind: SearchKind = {
  name: "post",
  labelKey: "search.kinds.post",
  headingKey: "search.discussions",
  limits: { dropdown: 6, page: 20 },
  scores: { title: 95, body: 80 },
  membersOnly: "titles",
  inDictionary: true,
  columns: () =>
    sql`${posts.slug} as ref, ${posts.title} as title, ${posts.content} as body, null as image, extract(epoch from ${posts.lastActivityAt}) as rank,
      ${posts.userId} as author_id, ${categories.title} as category_title, ${posts.createdAt} as created_at`,
  // The author's name from their profile, for the few rows kept (the list shows it to guests too).
  details: {
    select: sql`jsonb_build_object('author', author.display_name, 'category', k.category_title, 'date', k.created_at)`,
    join: sql`left join ${profiles} author on author.user_id = k.author_id`,
  },
  dateMeaning: "posted",
  from: sql`${posts} inner join ${categories} on ${and(eq(categories.slug, posts.category), eq(categories.isActive, true))}`,
  // Coven posts (coven_id set) belong to their feed only, never to site search.
  visible: sql`${posts.status} = 'published' and ${posts.covenId} is null`,
  titleMatch: (q) => allWordsIn(posts.title, q),
  anyMatch: (q) => sql`(${posts.search} @@ ${q.tsquery} or ${posts.title} ilike ${q.like})`,
  // Exactly the order of `posts_status_activity_idx`, so a walk of the index needs no sort.
  orderBy: sql`${posts.lastActivityAt} desc nulls last, ${posts.id} desc nulls last`,
  bounded: {
    matchCap: 300,
    // The 2,000 posts with the latest activity, under the table's own name (see SearchKind).
    recentFrom: sql`(select * from ${posts} where ${posts.status} = 'published' and ${posts.covenId} is null order by ${posts.lastActivityAt} desc nulls last, ${posts.id} desc nulls last limit 2000) as ${posts}
      inner join ${categories} on ${and(eq(categories.slug, posts.category), eq(categories.isActive, true))}`,
  },
  href: (ref) => `/discussions/${encodeURIComponent(ref)}`,
};
