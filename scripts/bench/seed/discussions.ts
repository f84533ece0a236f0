import type { PoolClient } from "pg";
import { RANDOM_SENTENCE_ID, TOPIC_SKEW } from "./text";

export interface DiscussionPlan {
  posts: number;
  comments: number;
  members: number;
  /** Active categories members post in, most popular first (display order). */
  regularCategories: string[];
  /** Read-only categories (announcements): their posts are written by the administrator. */
  readOnlyCategories: string[];
  readOnlyPosts: number;
  /** Author of the read-only categories' posts. */
  adminId: string;
  knownThread: { slug: string; title: string; comments: number };
}

/**
 * Plans every post in `bench_posts` (ord, id, author, category, topic, title, slug, created_at,
 * sentences). A post is about one topic (a few popular ones, a long tail), in its title and body.
 * Ords 1..readOnlyPosts are announcements, the last ord is the known thread, the rest are
 * members' posts: a few active members write most of them (power-law authors), and
 * categories higher in the display order get more. A post is dated after its author joined.
 */
export async function planPosts(client: PoolClient, plan: DiscussionPlan): Promise<void> {
  const readOnlyPosts = plan.readOnlyCategories.length > 0 ? plan.readOnlyPosts : 0;
  await client.query(
    `create temp table bench_posts as
     with base as (
       select g as ord,
         case when g <= $2::int then null when g = $1::int then 1 else 1 + floor($3::int * power(random(), 2))::int end as author_ord,
         case when g <= $2::int then ($4::text[])[1 + (g - 1) % cardinality($4::text[])]
              when g = $1::int then ($5::text[])[1]
              else ($5::text[])[1 + floor(cardinality($5::text[]) * power(random(), 1.3))::int] end as category,
         3 + floor(random() * 8)::int as sentences,
         pg_temp.pick('topic', ${TOPIC_SKEW}) as topic,
         random() as r
       from generate_series(1, $1::int) g
     )
     select b.ord, gen_random_uuid() as id, b.author_ord, coalesce(m.id, $6::uuid) as user_id, b.category, b.sentences, b.topic,
       case when b.ord = $1::int then now() - interval '3 days'
            else coalesce(m.created_at, now() - interval '2 years') + (now() - coalesce(m.created_at, now() - interval '2 years')) * b.r end as created_at,
       case when b.ord = $1::int then $7::text else pg_temp.pick('opener') || ' ' || b.topic || pg_temp.pick('ending') end as title
     from base b left join bench_members m on m.ord = b.author_ord`,
    [
      plan.posts,
      readOnlyPosts,
      plan.members,
      plan.readOnlyCategories,
      plan.regularCategories,
      plan.adminId,
      plan.knownThread.title,
    ],
  );
  // Slugs as the app makes them (lower-case words joined by hyphens, at most 80 characters), with
  // the ord appended: unique without probing, and never equal to a demo post's slug.
  await client.query("alter table bench_posts add column slug text");
  await client.query(
    `update bench_posts set slug = case when ord = $1::int then $2::text
       else rtrim(left(trim(both '-' from lower(regexp_replace(title, '[^A-Za-z0-9]+', '-', 'g'))), 72), '-') || '-' || ord end`,
    [plan.posts, plan.knownThread.slug],
  );
  await client.query("alter table bench_posts add primary key (ord)");
  await client.query("analyze bench_posts");
}

/**
 * Plans the comments in `bench_comments` (id, post, author, created_at, position in its thread,
 * parent position, accepted). The known thread gets exactly its count; the others are spread over
 * the members' posts with a long tail (a few hot threads, most with a handful), through a fixed
 * permutation so hot threads are not all old or all new. A comment is dated after both the post
 * and its author's join date, mostly soon after the post. Every fourth comment of a thread is a
 * reply to one of the three before it (always a top-level one: one level of replies). One post
 * in seven among members' posts has its first comment accepted as the answer.
 */
export async function planComments(client: PoolClient, plan: DiscussionPlan): Promise<void> {
  const readOnlyPosts = plan.readOnlyCategories.length > 0 ? plan.readOnlyPosts : 0;
  const memberPosts = plan.posts - readOnlyPosts - 1;
  await client.query(
    `create temp table bench_comments as
     select *, case when pos % 4 = 3 then pos - 1 - floor(random() * least(3, pos - 1))::int end as parent_pos,
       pos = 1 and post_ord % 7 = 0 and post_ord <> $1::int as accepted
     from (
       select c.*, row_number() over (partition by c.post_ord order by c.created_at, c.id)::int as pos
       from (
         select gen_random_uuid() as id, a.post_ord, p.id as post_id, a.author_ord, m.id as user_id, a.sentences, a.opener,
           greatest(p.created_at, m.created_at) + (now() - greatest(p.created_at, m.created_at)) * power(a.r, 3) as created_at
         from (
           select case when g <= $2::int then $1::int
                       else $3::int + 1 + ((floor($4::int * power(random(), 1.6))::bigint * 7919) % $4::int)::int end as post_ord,
             1 + floor($5::int * power(random(), 1.5))::int as author_ord,
             1 + floor(random() * 4)::int as sentences, random() < 0.5 as opener, random() as r
           from generate_series(1, $6::int) g
         ) a
         join bench_posts p on p.ord = a.post_ord
         join bench_members m on m.ord = a.author_ord
       ) c
     ) positioned`,
    [
      plan.posts,
      plan.knownThread.comments,
      readOnlyPosts,
      memberPosts,
      plan.members,
      plan.comments,
    ],
  );
  await client.query("create index on bench_comments (post_ord, pos)");
  await client.query("analyze bench_comments");
}

/**
 * Inserts the planned posts and comments (comments talk about their post's topic). Each post is
 * written once with its final reply count, last activity (its newest comment) and accepted
 * answer, the values the list tabs read, instead of being updated after its comments: an update
 * would recompute the `search` tsvector and rewrite both GIN indexes for 100,000 rows.
 */
export async function insertDiscussions(client: PoolClient): Promise<void> {
  await client.query(`
    insert into posts (id, title, slug, content, category, user_id, status, is_featured, accepted_comment_id,
      reply_count, reaction_count, view_count, last_activity_at, created_at, updated_at)
    select p.id, p.title, p.slug, t.content, p.category, p.user_id, 'published', p.ord % 200 = 0, s.accepted_id,
      coalesce(s.replies, 0), 0, coalesce(s.replies, 0) * 9 + floor(random() * 150)::int,
      coalesce(s.last_at, p.created_at), p.created_at, p.created_at
    from bench_posts p
    join (
      select x.ord, replace(string_agg(w.body, case when x.j % 3 = 1 then E'\\n\\n' else ' ' end order by x.j), '{topic}', min(x.topic)) as content
      from (select p.ord, p.topic, j, ${RANDOM_SENTENCE_ID} as sid from bench_posts p, generate_series(1, p.sentences) j) x
      join bench_sentences w on w.id = x.sid
      group by x.ord
    ) t on t.ord = p.ord
    left join (
      select post_ord, count(*)::int as replies, max(created_at) as last_at, (array_agg(id) filter (where accepted))[1] as accepted_id
      from bench_comments group by post_ord
    ) s on s.post_ord = p.ord`);
  await client.query(`
    insert into comments (id, post_id, parent_id, user_id, content, status, reaction_count, created_at, updated_at)
    select c.id, c.post_id, parent.id, c.user_id,
      case when c.opener then pg_temp.pick('reply') || ' ' else '' end || t.content, 'published', 0, c.created_at, c.created_at
    from bench_comments c
    join (
      select x.id, replace(string_agg(w.body, ' ' order by x.j), '{topic}', min(x.topic)) as content
      from (
        select c.id, p.topic, j, ${RANDOM_SENTENCE_ID} as sid
        from bench_comments c join bench_posts p on p.ord = c.post_ord, generate_series(1, c.sentences) j
      ) x
      join bench_sentences w on w.id = x.sid
      group by x.id
    ) t on t.id = c.id
    left join bench_comments parent on parent.post_ord = c.post_ord and parent.pos = c.parent_pos`);
}
