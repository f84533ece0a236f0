import type { PoolClient } from "pg";
import { LOCALE_CODES } from "#app/i18n/locales";
import { COVEN_MEMBER_LIMIT } from "#app/modules/covens";
import { COVEN_ADJECTIVES, COVEN_KINDS, COVEN_NOUNS, COVEN_TAGS } from "./coven-vocabulary";
import { RANDOM_SENTENCE_ID, TOPIC_SKEW } from "./text";

/**
 * Plans and inserts `count` covens with their members (SQL over the planned members, like the
 * posts): 60 % open, 25 % request-only, 15 % invite-only, one in 25 archived; most in English,
 * the rest spread over the other languages; one to three tags; a few big covens and many small
 * ones (up to the member limit). Owners and nine in ten members are paying members (covens are
 * premium); one or two moderators per coven; `member_count` is the count of the rows written.
 * Request-only covens get a few pending requests. `bench_covens` (ord, id, owner_id,
 * visibility, archived) stays for the events.
 */
export async function insertCovens(client: PoolClient, count: number, members: number) {
  const names = COVEN_ADJECTIVES.length * COVEN_NOUNS.length * COVEN_KINDS.length;
  if (count > names) throw new Error(`Only ${names} distinct coven names can be generated.`);
  const paid = Math.floor(members / 12);
  await client.query("insert into bench_words (kind, words) values ('tag', $1)", [COVEN_TAGS]);
  await client.query(
    `create temp table bench_covens as
     with base as (
       select g as ord,
         ($2::text[])[1 + (g - 1) % cardinality($2::text[])] || ' ' ||
           ($3::text[])[1 + ((g - 1) / cardinality($2::text[])) % cardinality($3::text[])] || ' ' ||
           ($4::text[])[1 + ((g - 1) / (cardinality($2::text[]) * cardinality($3::text[]))) % cardinality($4::text[])] as name,
         random() as v, random() < 0.04 as archived, random() as l,
         12 * (1 + floor(random() * ($5::int - 1)))::int as owner_ord,
         2 + floor(($6::int - 2) * power(random(), 3))::int as size,
         pg_temp.pick('topic', ${TOPIC_SKEW}) as topic
       from generate_series(1, $1::int) g
     )
     select b.ord, gen_random_uuid() as id, b.name,
       lower(regexp_replace(b.name, '[^A-Za-z0-9]+', '-', 'g')) as slug,
       case when b.v < 0.6 then 'open' when b.v < 0.85 then 'request' else 'invite' end as visibility,
       b.archived, case when b.l < 0.6 then 'en' else ($7::text[])[1 + floor(random() * cardinality($7::text[]))::int] end as language,
       b.size, b.topic, m.id as owner_id,
       greatest(m.created_at, now() - interval '700 days') + (now() - greatest(m.created_at, now() - interval '700 days')) * random() as created_at
     from base b join bench_members m on m.ord = b.owner_ord`,
    [
      count,
      COVEN_ADJECTIVES,
      COVEN_NOUNS,
      COVEN_KINDS,
      paid,
      COVEN_MEMBER_LIMIT.default,
      LOCALE_CODES.filter((c) => c !== "en"),
    ],
  );
  await client.query("alter table bench_covens add primary key (ord)");
  // The owner, then `size - 1` others (distinct, nine in ten paying), the first one or two moderators.
  await client.query(
    `create temp table bench_coven_members as
     select c.id as coven_id, c.owner_id as user_id, 'owner' as role, c.created_at as joined_at from bench_covens c
     union all
     select coven_id, user_id, case when n <= 1 + (ord % 2) then 'moderator' else 'member' end, joined_at
     from (
       select c.ord, c.id as coven_id, m.id as user_id,
         row_number() over (partition by c.id order by min(r.at)) as n,
         greatest(c.created_at, m.created_at) + (now() - greatest(c.created_at, m.created_at)) * min(r.at) as joined_at
       from bench_covens c
       cross join lateral (
         select case when random() < 0.9 then 12 * (1 + floor(random() * ($1::int - 1)))::int
                     else 1 + floor(random() * $2::int)::int end as member_ord, random() as at
         from generate_series(2, c.size)
       ) r
       join bench_members m on m.ord = r.member_ord and m.id <> c.owner_id
       group by c.ord, c.id, m.id, m.created_at, c.created_at
     ) picked`,
    [paid, members],
  );
  await client.query(`
    insert into covens (id, slug, name, description, description_html, tags, language, visibility,
      member_limit, member_count, last_activity_at, archived_at, created_at, updated_at)
    select c.id, c.slug, c.name, t.description, '<p>' || t.description || '</p>',
      (select array_agg(distinct pg_temp.pick('tag')) from generate_series(1, 1 + (c.ord % 3))),
      c.language, c.visibility, ${COVEN_MEMBER_LIMIT.default}, n.members,
      c.created_at + (now() - c.created_at) * (1 - power(random(), 4)),
      case when c.archived then now() - random() * interval '60 days' end, c.created_at, c.created_at
    from bench_covens c
    join (select coven_id, count(*)::int as members from bench_coven_members group by 1) n on n.coven_id = c.id
    join (
      select x.ord, 'A circle for ' || min(x.topic) || '. ' || replace(string_agg(w.body, ' ' order by x.j), '{topic}', min(x.topic)) as description
      from (select c.ord, c.topic, j, ${RANDOM_SENTENCE_ID} as sid from bench_covens c, generate_series(1, 2 + c.ord % 3) j) x
      join bench_sentences w on w.id = x.sid
      group by x.ord
    ) t on t.ord = c.ord`);
  await client.query(
    "insert into coven_members (coven_id, user_id, role, joined_at) select coven_id, user_id, role, joined_at from bench_coven_members",
  );
  // Pending requests to request-only covens, from members who are not in them.
  await client.query(
    `insert into coven_join_requests (coven_id, user_id, message, status, created_at)
     select distinct on (c.id, m.id) c.id, m.id, 'I would love to practise with you.', 'pending', now() - random() * interval '20 days'
     from bench_covens c
     cross join lateral (select 12 * (1 + floor(random() * ($1::int - 1)))::int as member_ord from generate_series(1, c.ord % 4)) r
     join bench_members m on m.ord = r.member_ord
     where c.visibility = 'request' and not c.archived
       and not exists (select 1 from bench_coven_members x where x.coven_id = c.id and x.user_id = m.id)`,
    [paid],
  );
  await client.query("analyze bench_covens");
}
