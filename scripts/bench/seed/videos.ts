import type { PoolClient } from "pg";
import { RANDOM_SENTENCE_ID, TOPIC_SKEW } from "./text";

/**
 * Inserts `count` videos for the benchmark's /videos figures (SPEC §3 `videos`): embeds (the
 * benchmark plays nothing; the ids only have the providers' shape), by paying members, over the
 * last two years; nine in ten published and active, the rest pending, rejected or hidden; one to
 * three tags from the coven tags; views skewed (a few popular, many quiet), a third rated. The
 * power score is computed as videos.server.ts `powerScoreSql` writes it.
 */
export async function insertVideos(client: PoolClient, count: number, members: number) {
  const paid = Math.floor(members / 12);
  await client.query(
    `create temp table bench_videos as
     with base as (
       select g as ord, 12 * (1 + floor(random() * ($2::int - 1)))::int as uploader_ord,
         random() as state, random() < 0.6 as youtube,
         floor(20000 * power(random(), 6))::int as views,
         case when random() < 0.33 then 1 + floor(random() * 40)::int else 0 end as rating_count,
         now() - random() * interval '730 days' as created_at,
         initcap(pg_temp.pick('topic', ${TOPIC_SKEW})) || ': ' || pg_temp.pick('object') || ' ' || g as title
       from generate_series(1, $1::int) g
     )
     select b.*, gen_random_uuid() as id, m.id as uploader_id
     from base b join bench_members m on m.ord = b.uploader_ord`,
    [count, paid],
  );
  await client.query(`
    insert into videos (id, slug, title, description, description_html, tags, uploader_id,
      embed_provider, embed_id, duration_seconds, status, is_active, views, rating_sum, rating_count,
      published_at, created_at, updated_at)
    select v.id, 'bench-video-' || v.ord, v.title, t.description, '<p>' || t.description || '</p>',
      (select array_agg(distinct pg_temp.pick('tag')) from generate_series(1, 1 + (v.ord % 3))),
      v.uploader_id,
      case when v.youtube then 'youtube' else 'vimeo' end,
      case when v.youtube then substr(md5(v.ord::text || random()::text), 1, 11)
           else (10000000 + v.ord)::text end,
      null,
      case when v.state < 0.94 then 'published' when v.state < 0.97 then 'pending' else 'rejected' end,
      v.state < 0.92 or v.state >= 0.94,
      case when v.state < 0.94 then v.views else 0 end,
      v.rating_count * (2 + floor(random() * 4)::int), v.rating_count,
      case when v.state < 0.94 then v.created_at + interval '1 hour' end, v.created_at, v.created_at
    from bench_videos v
    join (
      select x.ord, replace(string_agg(w.body, ' ' order by x.j), '{topic}', 'practice') as description
      from (select ord, j, ${RANDOM_SENTENCE_ID} as sid from bench_videos, generate_series(1, 2 + ord % 3) j) x
      join bench_sentences w on w.id = x.sid
      group by x.ord
    ) t on t.ord = v.ord`);
  await client.query(`
    update videos set power_score = log(1 + views::float8)
      + log((rating_sum + 6)::float8 / (rating_count + 2) / 3)
      + extract(epoch from coalesce(published_at, created_at)) / 604800`);
}
