import { sql, type SQL } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { excerpt } from "#app/modules/discussions";
import { type Action, type Candidate, type Interaction, dayStart } from "../ranking";
import type { RecommendationSource, RecommendedItem } from "./source";

/** Per action, the most recent interactions taken into the taste. */
const HISTORY_PER_ACTION = 100;
/**
 * A category's or author's latest posts read (an index walk) before the member's exclusions
 * filter them: bounded work even for a prolific author whose posts the member mostly read.
 */
const RECENT_PER_LIST = 100;
/** Candidates per branch of the candidate query. */
const PER_TOPIC = 20;
const PER_AUTHOR = 10;
const BY_TERMS = 40;
/** Term matches read before ordering them (a common word stops early, as in search). */
const TERM_MATCH_CAP = 500;
const ALSO_LIKED = 40;
/** Members alike (who reacted to what the member liked) whose other reactions count. */
const ALIKE_MEMBERS = 50;
/** Of each member alike, their latest reactions on posts. */
const ALIKE_REACTIONS = 50;
/** Popular: the trending best among this many most recently active posts (an index walk). */
const RECENT_WINDOW = 200;
const POPULAR = 30;
const FEATURED = 10;

/**
 * Ids and slugs travel as one comma-separated text parameter (an empty list is the empty array):
 * a fixed statement shape whatever the list's length. Ids and category slugs never hold commas.
 */
function list(values: readonly string[]): SQL {
  return sql`string_to_array(${values.filter((v) => !v.includes(",")).join(",")}::text, ',')`;
}

function uuidList(values: readonly string[]): SQL {
  const uuids = values.filter((v) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  );
  return sql`${list(uuids)}::uuid[]`;
}

/**
 * Posts a member may be recommended: published, in an active category (the public list's rule:
 * premium categories are readable by every member, SPEC §6), not their own, and not already
 * read, replied to or reacted to. Each lookup is an index probe on the post.
 */
function recommendable(viewerId: string): SQL {
  return sql`p.status = 'published' and p.coven_id is null and p.user_id <> ${viewerId}::uuid
    and exists (select 1 from categories c where c.slug = p.category and c.is_active)
    and not exists (select 1 from post_views v where v.post_id = p.id and v.viewer_key = ${viewerId}::text)
    and not exists (select 1 from reactions r where r.user_id = ${viewerId}::uuid and r.target_type = 'post' and r.target_id = p.id)
    and not exists (select 1 from comments m where m.post_id = p.id and m.user_id = ${viewerId}::uuid)`;
}

interface HistoryRow {
  id: string;
  action: Action;
  at: Date | string;
  title: string;
  topic_key: string;
  topic_label: string;
  author_id: string;
  author_name: string;
}

interface CandidateRow {
  id: string;
  title: string;
  slug: string;
  head: string;
  topic_key: string;
  topic_label: string;
  author_id: string;
  author_name: string;
  author_slug: string;
  author_rank: string;
  author_avatar: string | null;
  reply_count: number;
  reaction_count: number;
  is_featured: boolean;
  answered: boolean;
  last_activity_at: Date | string;
  popularity: number | string;
  also_liked_by: number | string;
  also_liked_via: string | null;
}

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/**
 * Discussions: reads are `post_views` rows (a member's key is their user id, one row per post and
 * day), reactions on posts, comments and own posts (pending ones too: they show what the member
 * cares about). Titles shown in reasons come only from posts the member may still see.
 */
export const discussionSource: RecommendationSource = {
  kind: "discussion",
  labelKey: "explore.kinds.discussion",

  async history(viewerId) {
    const limit = HISTORY_PER_ACTION;
    const result = (await db().execute(sql`
      select h.post_id::text as id, h.action, h.at, p.title, p.category as topic_key, c.title as topic_label,
        p.user_id::text as author_id, pr.display_name as author_name
      from (
        (select v.post_id, 'read'::text as action, (max(v.day) || 'T00:00:00Z')::timestamptz as at
          from post_views v where v.viewer_key = ${viewerId}::text
          group by v.post_id order by max(v.day) desc limit ${limit}::int)
        union all
        (select r.target_id, 'react'::text, max(r.created_at)
          from reactions r where r.user_id = ${viewerId}::uuid and r.target_type = 'post'
          group by r.target_id order by 3 desc limit ${limit}::int)
        union all
        (select m.post_id, 'comment'::text, max(m.created_at)
          from comments m where m.user_id = ${viewerId}::uuid and m.status <> 'rejected'
          group by m.post_id order by 3 desc limit ${limit}::int)
        union all
        (select p.id, 'write'::text, p.created_at
          from posts p where p.user_id = ${viewerId}::uuid and p.status <> 'rejected'
          order by p.created_at desc limit ${limit}::int)
      ) h
      join posts p on p.id = h.post_id
      join categories c on c.slug = p.category and c.is_active
      join profiles pr on pr.user_id = p.user_id
      where p.coven_id is null
        and (p.status = 'published' or (p.user_id = ${viewerId}::uuid and p.status = 'pending'))
    `)) as unknown as { rows: HistoryRow[] };
    return result.rows.map((r): Interaction => ({
      kind: "discussion",
      id: r.id,
      title: r.title,
      action: r.action,
      at: new Date(r.at),
      topic: { key: r.topic_key, label: r.topic_label },
      author: { key: r.author_id, label: r.author_name },
    }));
  },

  async candidates(viewerId, query, day) {
    const ok = recommendable(viewerId);
    const since = dayStart(day).toISOString();
    // Trending as on /discussions, but aged from the start of the day so the order holds all day.
    const trending = sql`((3 * p.reply_count + 2 * p.reaction_count + ln(1 + p.view_count))
      / power(greatest(extract(epoch from (${since}::timestamptz - p.created_at)) / 3600, 0) + 2, 1.5))`;
    const terms = query.terms.join(" or ");
    const result = (await db().execute(sql`
      with alike as (
        select r.user_id, min(r.target_id::text) as via
        from reactions r
        where r.target_type = 'post' and r.target_id = any(${uuidList(query.seeds)}) and r.user_id <> ${viewerId}::uuid
        group by r.user_id
        order by count(*) desc, max(r.created_at) desc, r.user_id
        limit ${ALIKE_MEMBERS}::int
      ),
      also_liked as (
        select r.target_id as post_id, count(distinct a.user_id)::int as members, min(a.via) as via
        from alike a
        cross join lateral (select x.target_id, x.created_at from reactions x where x.user_id = a.user_id and x.target_type = 'post'
          order by x.created_at desc limit ${ALIKE_REACTIONS}::int) r
        join posts p on p.id = r.target_id
        where ${ok}
        group by r.target_id
        order by members desc, max(r.created_at) desc, r.target_id
        limit ${ALSO_LIKED}::int
      ),
      pool as (
        (select t.id from unnest(${list(query.topics)}) as topic(slug)
          cross join lateral (select p.id from (select c.id from posts c where c.category = topic.slug and c.status = 'published'
              order by c.last_activity_at desc nulls last, c.id desc limit ${RECENT_PER_LIST}::int) recent
            join posts p on p.id = recent.id where ${ok}
            order by p.last_activity_at desc nulls last, p.id desc limit ${PER_TOPIC}::int) t)
        union
        (select t.id from unnest(${uuidList(query.authors)}) as author(id)
          cross join lateral (select p.id from (select a.id from posts a where a.user_id = author.id
              order by a.created_at desc limit ${RECENT_PER_LIST}::int) recent
            join posts p on p.id = recent.id where ${ok}
            order by p.created_at desc limit ${PER_AUTHOR}::int) t)
        union
        (select m.id from (select p.id, p.last_activity_at from posts p
            where ${terms}::text <> '' and p.search @@ websearch_to_tsquery('simple', ${terms}::text) and ${ok} limit ${TERM_MATCH_CAP}::int) m
          order by m.last_activity_at desc nulls last, m.id desc limit ${BY_TERMS}::int)
        union
        (select post_id from also_liked)
        union
        (select r.id from (select p.id, ${trending} as score from posts p where ${ok}
            order by p.last_activity_at desc nulls last, p.id desc limit ${RECENT_WINDOW}::int) r
          order by r.score desc, r.id limit ${POPULAR}::int)
        union
        (select p.id from posts p where p.is_featured and ${ok} order by p.last_activity_at desc nulls last limit ${FEATURED}::int)
      )
      select p.id::text as id, p.title, p.slug, left(p.content, 600) as head, p.category as topic_key, c.title as topic_label,
        p.user_id::text as author_id, pr.display_name as author_name, pr.slug as author_slug, pr.mystical_rank as author_rank,
        pr.avatar_url as author_avatar, p.reply_count, p.reaction_count, p.is_featured, p.accepted_comment_id is not null as answered,
        p.last_activity_at, ${trending}::float8 as popularity,
        coalesce(al.members, 0) as also_liked_by, al.via as also_liked_via
      from pool
      join posts p on p.id = pool.id
      join categories c on c.slug = p.category
      join profiles pr on pr.user_id = p.user_id
      left join also_liked al on al.post_id = p.id
    `)) as unknown as { rows: CandidateRow[] };
    return result.rows.map((r): Candidate<RecommendedItem> => {
      const text = excerpt(r.head);
      return {
        kind: "discussion",
        id: r.id,
        title: r.title,
        text: `${r.title} ${text}`,
        topic: { key: r.topic_key, label: r.topic_label },
        author: { key: r.author_id, label: r.author_name },
        popularity: Number(r.popularity) || 0,
        engagement: Number(r.reply_count) + Number(r.reaction_count),
        featured: r.is_featured,
        alsoLikedBy: Number(r.also_liked_by),
        alsoLikedVia: r.also_liked_via,
        item: {
          title: r.title,
          href: `/discussions/${encodeURIComponent(r.slug)}`,
          excerpt: text,
          topic: {
            label: r.topic_label,
            href: `/discussions?category=${encodeURIComponent(r.topic_key)}`,
          },
          author: {
            displayName: r.author_name,
            slug: r.author_slug,
            rank: r.author_rank,
            avatarUrl: r.author_avatar,
          },
          replyCount: Number(r.reply_count),
          reactionCount: Number(r.reaction_count),
          featured: r.is_featured,
          answered: r.answered,
          activeAt: iso(r.last_activity_at),
        },
      };
    });
  },
};
