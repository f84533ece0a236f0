import type { PoolClient } from "pg";
import {
  BIOS,
  FEELINGS,
  OBJECTS,
  PLACES,
  REPLY_OPENERS,
  SENTENCES,
  SPANS,
  TITLE_ENDINGS,
  TITLE_OPENERS,
  TOPICS,
} from "./vocabulary";

/** Distinct generated sentences; posts and comments are made of random picks from this pool. */
export const SENTENCE_POOL = 20_000;

/** How strongly topic picks favour the first topics of the list (1 = uniform). */
export const TOPIC_SKEW = 1.6;

/**
 * Prepares text generation inside the seeding session (temporary objects, gone when it ends):
 * - `bench_words`: the vocabulary lists by kind;
 * - `pg_temp.pick(kind, skew)`: one random word of a kind; a skew above 1 favours the first ones;
 * - `bench_sentences(id, body)`: SENTENCE_POOL sentences with their slots filled, except
 *   `{topic}`: a post is about one topic, filled in when the post (and its comments) are
 *   assembled, so a topic phrase matches the posts about it rather than a fifth of all posts.
 * Filling a template costs several lookups, so it is done once per pool sentence rather than once
 * per sentence of the 600,000 posts and comments, which only pick pool ids.
 */
export async function prepareText(client: PoolClient): Promise<void> {
  await client.query(
    "create temp table bench_words (kind text primary key, words text[] not null)",
  );
  const lists: Record<string, readonly string[]> = {
    topic: TOPICS,
    opener: TITLE_OPENERS,
    ending: TITLE_ENDINGS,
    sentence: SENTENCES,
    object: OBJECTS,
    span: SPANS,
    feeling: FEELINGS,
    place: PLACES,
    reply: REPLY_OPENERS,
    bio: BIOS,
  };
  for (const [kind, words] of Object.entries(lists)) {
    await client.query("insert into bench_words (kind, words) values ($1, $2)", [kind, words]);
  }
  await client.query(`
    create function pg_temp.pick(k text, skew float8 default 1) returns text language sql volatile as
    $$ select words[1 + floor(power(random(), skew) * cardinality(words))::int] from bench_words where kind = k $$`);
  await client.query(
    `create temp table bench_sentences as
     select g as id,
       replace(replace(replace(replace(pg_temp.pick('sentence'),
         '{object}', pg_temp.pick('object')), '{span}', pg_temp.pick('span')),
         '{feeling}', pg_temp.pick('feeling')), '{place}', pg_temp.pick('place')) as body
     from generate_series(1, $1::int) g`,
    [SENTENCE_POOL],
  );
  await client.query("alter table bench_sentences add primary key (id)");
}

/** SQL for a random pool sentence id (evaluated per row: it calls random()). */
export const RANDOM_SENTENCE_ID = `1 + floor(random() * ${SENTENCE_POOL})::int`;
