/**
 * Today's recommendations, the pure part: a member's taste from what they did, each candidate's
 * score and its one-line reason, and the day's order. No database here, so every rule is tested
 * with plain values (ranking.test.ts); the sources (`sources/*.server.ts`) only fetch.
 */

/** What a member did with a piece of content, strongest last. */
export const ACTIONS = ["read", "comment", "react", "write"] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * How much one action says about taste. A reaction is a deliberate "I like this"; a reply or an
 * own post shows interest in the subject; a view may be a glance.
 */
export const ACTION_WEIGHT: Record<Action, number> = { read: 1, comment: 2, react: 3, write: 2 };

/** Old activity fades: its weight halves every this many days. */
export const HALF_LIFE_DAYS = 30;

/** Picks shown per day. */
export const DAILY_PICKS = 12;

/** Diversity: in the first pass at most this many picks share an author or a topic. */
const MAX_PER_AUTHOR = 3;
const MAX_PER_TOPIC = 4;

/** The strongest terms of a taste (from titles) that are looked for in candidates. */
export const MAX_TASTE_TERMS = 8;

export interface Ref {
  key: string;
  label: string;
}

/** One thing the member did: read, replied to, reacted to or wrote a piece of content. */
export interface Interaction {
  /** Content kind (the source's name): "discussion", later "video", "course" … */
  kind: string;
  id: string;
  title: string;
  action: Action;
  at: Date;
  /** The circle it belongs to: a discussion's category, a video's category … */
  topic: Ref;
  author: Ref;
}

/** Something a source could recommend, with what ranking needs to know about it. */
export interface Candidate<T = unknown> {
  kind: string;
  id: string;
  title: string;
  /** Title and the start of the body: where taste terms are looked for. */
  text: string;
  topic: Ref;
  author: Ref;
  /** The source's popularity score (trending), comparable within a kind. */
  popularity: number;
  /** Replies and reactions: whether "trending" would be true. */
  engagement: number;
  featured: boolean;
  /** Members who liked what the viewer liked and also liked this. */
  alsoLikedBy: number;
  /** The viewer's content through which they are alike (`Interaction.id`), if any. */
  alsoLikedVia: string | null;
  /** What the page shows; ranking never looks inside. */
  item: T;
}

export type Reason =
  | { type: "similar"; action: Action; title: string }
  | { type: "circle"; circle: string }
  | { type: "author"; name: string }
  | { type: "alsoLiked"; title: string }
  | { type: "trending" }
  | { type: "featured" }
  | { type: "fresh"; circle: string };

export interface Pick<T = unknown> {
  kind: string;
  id: string;
  reason: Reason;
  item: T;
}

interface Seed {
  kind: string;
  id: string;
  title: string;
  weight: number;
  /** The strongest thing the member did with it (for "Because you read/liked/wrote …"). */
  action: Action;
  terms: Set<string>;
}

export interface Taste {
  /** `kind:topic` → label and weight. */
  topics: Map<string, { label: string; weight: number }>;
  authors: Map<string, { label: string; weight: number }>;
  terms: Map<string, number>;
  /** `kind:id` → the content the member interacted with. */
  seeds: Map<string, Seed>;
}

const DAY_MS = 86_400_000;

/** The UTC day, "YYYY-MM-DD": the unit of "today" for the picks (and of post views). */
export function dayKey(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Midnight UTC of `day`; ages and trending are measured from it so they hold all day. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

// Frequent words that say nothing about a subject. Words under four letters are dropped anyway.
const STOPWORDS = new Set(
  (
    "about after again also anyone anything back been before being best both could does doing done down each even ever every first from " +
    "getting good have help here into just know like made make many more most much need never only other over really same should some " +
    "still such than that their them then there these they thing things this those through very want what when where which while will " +
    "with without would your yours question questions thoughts advice tips welcome hello post posts thread"
  ).split(" "),
);

/** The words of a text that may carry a subject: lower-case, any script, 4 to 30 characters. */
export function termsOf(text: string): Set<string> {
  const words =
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(
    words.filter(
      (w) => w.length >= 4 && w.length <= 30 && !/^\p{N}+$/u.test(w) && !STOPWORDS.has(w),
    ),
  );
}

function add<V extends { weight: number }>(
  map: Map<string, V>,
  key: string,
  weight: number,
  init: () => V,
) {
  const entry = map.get(key) ?? init();
  entry.weight += weight;
  map.set(key, entry);
}

/**
 * The member's taste: weights per topic, author and title term, each interaction counting
 * `ACTION_WEIGHT × ½^(age / HALF_LIFE_DAYS)`, with ages in whole days before `day` so the taste
 * does not drift during the day. The member is never their own favourite author.
 */
export function buildTaste(
  interactions: readonly Interaction[],
  viewerId: string,
  day: string,
): Taste {
  const start = dayStart(day).getTime();
  const taste: Taste = {
    topics: new Map(),
    authors: new Map(),
    terms: new Map(),
    seeds: new Map(),
  };
  for (const i of interactions) {
    const ageDays = Math.max(0, Math.floor((start - i.at.getTime()) / DAY_MS));
    const weight = ACTION_WEIGHT[i.action] * 0.5 ** (ageDays / HALF_LIFE_DAYS);
    add(taste.topics, `${i.kind}:${i.topic.key}`, weight, () => ({
      label: i.topic.label,
      weight: 0,
    }));
    if (i.author.key !== viewerId)
      add(taste.authors, i.author.key, weight, () => ({ label: i.author.label, weight: 0 }));
    const terms = termsOf(i.title);
    for (const term of terms) taste.terms.set(term, (taste.terms.get(term) ?? 0) + weight);
    const seedKey = `${i.kind}:${i.id}`;
    const seed = taste.seeds.get(seedKey) ?? {
      kind: i.kind,
      id: i.id,
      title: i.title,
      weight: 0,
      action: i.action,
      terms,
    };
    seed.weight += weight;
    if (ACTIONS.indexOf(i.action) > ACTIONS.indexOf(seed.action)) seed.action = i.action;
    taste.seeds.set(seedKey, seed);
  }
  return taste;
}

/** The member's strongest seeds (what they read, liked, replied to or wrote), strongest first. */
export function strongestSeeds(
  taste: Taste,
  count: number,
): Array<{ title: string; action: Action }> {
  return strongest(taste.seeds, (v) => v.weight, count).map(([, seed]) => ({
    title: seed.title,
    action: seed.action,
  }));
}

export function isColdStart(taste: Taste): boolean {
  return taste.seeds.size === 0;
}

function strongest<V>(
  map: Map<string, V>,
  weightOf: (v: V) => number,
  n: number,
): Array<[string, V]> {
  return [...map.entries()]
    .sort((a, b) => weightOf(b[1]) - weightOf(a[1]) || (a[0] < b[0] ? -1 : 1))
    .slice(0, n);
}

/** What a source searches with: its strongest topics and authors, the taste terms, seed ids. */
export interface TasteQuery {
  topics: string[];
  authors: string[];
  terms: string[];
  /** Content of this kind the member liked most, for "members who like …". */
  seeds: string[];
}

export function tasteQuery(
  taste: Taste,
  kind: string,
  limits = { topics: 5, authors: 5, seeds: 20 },
): TasteQuery {
  const prefix = `${kind}:`;
  return {
    topics: strongest(taste.topics, (v) => v.weight, Infinity)
      .filter(([key]) => key.startsWith(prefix))
      .slice(0, limits.topics)
      .map(([key]) => key.slice(prefix.length)),
    authors: strongest(taste.authors, (v) => v.weight, limits.authors).map(([key]) => key),
    terms: strongest(taste.terms, (v) => v, MAX_TASTE_TERMS).map(([term]) => term),
    seeds: strongest(taste.seeds, (v) => v.weight, Infinity)
      .filter(([, seed]) => seed.kind === kind)
      .slice(0, limits.seeds)
      .map(([, seed]) => seed.id),
  };
}

/** A number in [0, 1) fixed by the day and the item: the day's shuffle (FNV-1a, 32 bits). */
export function dailyNoise(day: string, key: string): number {
  let hash = 0x811c9dc5;
  const text = `${day}|${key}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 2 ** 32;
}

// How much each signal counts; personal signals outweigh popularity.
const W = { topic: 3, author: 2.5, similar: 2.5, alsoLiked: 2, popularity: 0.75, featured: 0.5 };
// The day's shuffle multiplies a score by 0.85 … 1.15: close scores trade places from day to day,
// a clearly better pick stays ahead.
const NOISE = 0.3;
const SCORE_FLOOR = 0.01;

interface Scored<T> {
  candidate: Candidate<T>;
  score: number;
  reason: Reason;
}

function score<T>(
  c: Candidate<T>,
  taste: Taste,
  topTerms: Map<string, number>,
  max: { topic: number; author: number; terms: number; popularity: number },
  seeds: Seed[],
): { score: number; reason: Reason } {
  const topic = taste.topics.get(`${c.kind}:${c.topic.key}`);
  const author = taste.authors.get(c.author.key);
  const words = termsOf(c.text);
  let termWeight = 0;
  for (const [term, weight] of topTerms) if (words.has(term)) termWeight += weight;
  // The seed sharing most words with the candidate is the one it resembles ("Because you read …").
  let like: Seed | undefined;
  let likeScore = 0;
  for (const seed of seeds) {
    let shared = 0;
    for (const term of seed.terms) if (words.has(term)) shared++;
    const s = shared * seed.weight;
    if (shared > 0 && s > likeScore) [like, likeScore] = [seed, s];
  }
  const via = c.alsoLikedVia ? taste.seeds.get(`${c.kind}:${c.alsoLikedVia}`) : undefined;
  const parts = {
    topic: topic && max.topic > 0 ? (W.topic * topic.weight) / max.topic : 0,
    author: author && max.author > 0 ? (W.author * author.weight) / max.author : 0,
    similar: like && max.terms > 0 ? W.similar * Math.min(1, termWeight / max.terms) : 0,
    alsoLiked: via ? (W.alsoLiked * Math.min(c.alsoLikedBy, 5)) / 5 : 0,
  };
  const popularity = max.popularity > 0 ? (W.popularity * c.popularity) / max.popularity : 0;
  const total =
    parts.topic +
    parts.author +
    parts.similar +
    parts.alsoLiked +
    popularity +
    (c.featured ? W.featured : 0);

  const best = (Object.entries(parts) as Array<[keyof typeof parts, number]>).reduce((a, b) =>
    b[1] > a[1] ? b : a,
  );
  let reason: Reason;
  if (best[1] <= 0)
    reason = c.featured
      ? { type: "featured" }
      : c.engagement > 0
        ? { type: "trending" }
        : { type: "fresh", circle: c.topic.label };
  else if (best[0] === "topic") reason = { type: "circle", circle: c.topic.label };
  else if (best[0] === "author") reason = { type: "author", name: c.author.label };
  else if (best[0] === "similar")
    reason = { type: "similar", action: like!.action, title: like!.title };
  else reason = { type: "alsoLiked", title: via!.title };
  return { score: total, reason };
}

/**
 * The day's picks: every candidate scored against the taste, shuffled a little by the day,
 * best first, at most `MAX_PER_AUTHOR` per author and `MAX_PER_TOPIC` per topic unless there is
 * nothing else to show. The same inputs on the same day give the same list.
 */
export function rankPicks<T>(
  candidates: readonly Candidate<T>[],
  taste: Taste,
  day: string,
  limit = DAILY_PICKS,
): Pick<T>[] {
  const unique = new Map<string, Candidate<T>>();
  for (const c of candidates)
    if (!taste.seeds.has(`${c.kind}:${c.id}`)) unique.set(`${c.kind}:${c.id}`, c);
  const topTerms = new Map(strongest(taste.terms, (v) => v, MAX_TASTE_TERMS));
  const termTop3 = [...topTerms.values()].slice(0, 3).reduce((a, b) => a + b, 0);
  const seeds = strongest(taste.seeds, (v) => v.weight, 30).map(([, seed]) => seed);
  const max = {
    topic: Math.max(0, ...[...taste.topics.values()].map((v) => v.weight)),
    author: Math.max(0, ...[...taste.authors.values()].map((v) => v.weight)),
    terms: termTop3,
    popularity: Math.max(0, ...[...unique.values()].map((c) => c.popularity)),
  };
  const scored: Array<Scored<T> & { key: string; order: number }> = [...unique.entries()].map(
    ([key, candidate]) => {
      const { score: s, reason } = score(candidate, taste, topTerms, max, seeds);
      // A small floor, so candidates that score nothing yet (old, unread posts) are still shuffled
      // by the day instead of always falling back to the same order.
      return {
        key,
        candidate,
        score: s,
        reason,
        order: (s + SCORE_FLOOR) * (1 - NOISE / 2 + NOISE * dailyNoise(day, key)),
      };
    },
  );
  scored.sort((a, b) => b.order - a.order || (a.key < b.key ? -1 : 1));

  const chosen: typeof scored = [];
  const skipped: typeof scored = [];
  const perAuthor = new Map<string, number>();
  const perTopic = new Map<string, number>();
  for (const s of scored) {
    if (chosen.length >= limit) break;
    const a = perAuthor.get(s.candidate.author.key) ?? 0;
    const topicKey = `${s.candidate.kind}:${s.candidate.topic.key}`;
    const t = perTopic.get(topicKey) ?? 0;
    if (a >= MAX_PER_AUTHOR || t >= MAX_PER_TOPIC) {
      skipped.push(s);
      continue;
    }
    perAuthor.set(s.candidate.author.key, a + 1);
    perTopic.set(topicKey, t + 1);
    chosen.push(s);
  }
  // A small community may not have enough variety: fill up with the best of what was held back.
  const picks = [...chosen, ...skipped.slice(0, Math.max(0, limit - chosen.length))].sort(
    (a, b) => b.order - a.order || (a.key < b.key ? -1 : 1),
  );
  return picks.map((s) => ({
    kind: s.candidate.kind,
    id: s.candidate.id,
    reason: s.reason,
    item: s.candidate.item,
  }));
}
