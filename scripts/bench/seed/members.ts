import type { PoolClient } from "pg";
import { TIERS } from "#app/modules/memberships";
import { AWARDS, RANK_THRESHOLDS } from "#app/modules/reputation";
import { MEMBER_EMAIL_DOMAIN } from "./constants";
import { FIRST_NAMES, LAST_NAMES } from "./vocabulary";

/**
 * Plans the members (`bench_members`: ord, id, name, slug, email, created_at) and inserts their
 * better-auth rows: `user` and a `credential` account, as better-auth's sign-up writes them
 * (account_id is the user id; the password is a scrypt hash from better-auth itself).
 *
 * Names are "First I. Last" enumerated without repeats, so slugs and e-mails are unique without
 * the app's suffix search. Join dates spread over the last three years.
 */
export async function insertMembers(
  client: PoolClient,
  count: number,
  passwordHash: string,
): Promise<void> {
  const distinctNames = FIRST_NAMES.length * 26 * LAST_NAMES.length;
  if (count > distinctNames)
    throw new Error(`Only ${distinctNames} distinct member names can be generated.`);
  await client.query(
    `create temp table bench_members as
     select ord, id, name, slug, slug || '@' || $4::text as email, created_at
     from (
       select ord, id, name, lower(regexp_replace(name, '[^A-Za-z0-9]+', '-', 'g')) as slug, created_at
       from (
         select g as ord, gen_random_uuid() as id,
           ($2::text[])[1 + (g - 1) % cardinality($2::text[])] || ' ' || chr(65 + ((g - 1) / cardinality($2::text[])) % 26) || '. '
             || ($3::text[])[1 + ((g - 1) / (cardinality($2::text[]) * 26)) % cardinality($3::text[])] as name,
           now() - interval '1 day' * (30 + random() * 1065) as created_at
         from generate_series(1, $1::int) g
       ) named
     ) slugged`,
    [count, FIRST_NAMES, LAST_NAMES, MEMBER_EMAIL_DOMAIN],
  );
  await client.query("alter table bench_members add primary key (ord)");
  await client.query(`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select id, name, email, true, created_at, created_at from bench_members`);
  await client.query(
    `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
     select gen_random_uuid(), id::text, 'credential', id, $1, created_at, created_at from bench_members`,
    [passwordHash],
  );
}

/**
 * Inserts `profiles` and `subscribers` for the planned members. XP, reputation, rank and badges
 * follow the app's own rules (app/modules/reputation/rules.ts) applied to the planned posts,
 * comments and accepted answers, so profile pages and the members list agree with the content.
 * One member in twelve pays, spread over the paid tiers.
 */
export async function insertMemberRecords(client: PoolClient): Promise<void> {
  const rank = RANK_THRESHOLDS.map((t) => `when xp >= ${t.minXp} then '${t.rank}'`).join(" ");
  const { post_published: post, comment_published: comment, answer_accepted: accepted } = AWARDS;
  await client.query(`
    insert into profiles (user_id, display_name, slug, bio, mystical_rank, xp_points, reputation, mystical_badges, created_at, updated_at)
    select id, name, slug, pg_temp.pick('bio'), case ${rank} else 'initiate' end, xp, rep,
      to_jsonb(array_remove(array[
        case when posts > 0 then 'first-post' end,
        case when comments > 0 then 'first-reply' end,
        case when answers >= 5 then 'mentor' end,
        case when posts >= 25 then 'scholar' end], null)),
      created_at, created_at
    from (
      select m.*, coalesce(p.n, 0) as posts, coalesce(c.n, 0) as comments, coalesce(a.n, 0) as answers,
        ${post.xp} * coalesce(p.n, 0) + ${comment.xp} * coalesce(c.n, 0) + ${accepted.xp} * coalesce(a.n, 0) as xp,
        ${post.reputation} * coalesce(p.n, 0) + ${comment.reputation} * coalesce(c.n, 0) + ${accepted.reputation} * coalesce(a.n, 0) as rep
      from bench_members m
      left join (select author_ord, count(*) as n from bench_posts where author_ord is not null group by 1) p on p.author_ord = m.ord
      left join (select author_ord, count(*) as n from bench_comments group by 1) c on c.author_ord = m.ord
      left join (select author_ord, count(*) as n from bench_comments where accepted group by 1) a on a.author_ord = m.ord
    ) stats`);
  const paidTiers = TIERS.filter((tier) => tier !== "free");
  await client.query(
    `
    insert into subscribers (user_id, email, subscribed, subscription_tier, subscription_status, monthly_price, subscription_start, created_at, updated_at)
    select id, email, paid, case when paid then ($1::text[])[1 + (ord / 12) % cardinality($1::text[])] else 'free' end,
      'active', case when paid then 3000 else 0 end, case when paid then created_at + interval '7 days' end, created_at, created_at
    from (select *, ord % 12 = 0 as paid from bench_members) m`,
    [paidTiers],
  );
}
