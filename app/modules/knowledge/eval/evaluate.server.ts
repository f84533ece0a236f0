import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { articles } from "#app/modules/library/schema";
import { ANSWER_THRESHOLD } from "../answer.server";
import { retrieve, type KnowledgeViewer, type RetrievalMethod } from "../retrieve.server";
import { HELD_OUT_QUESTIONS } from "./held-out";
import { EVAL_QUESTIONS, OFF_TOPIC_QUESTIONS, type EvalQuestion } from "./questions";

export interface MethodResult {
  method: RetrievalMethod;
  /** Share of questions whose first hit / one of the first three hits is an expected source. */
  english: { hit1: number; hit3: number; count: number };
  other: { hit1: number; hit3: number; count: number };
  /** The held-out questions in other languages (held-out.ts, decision 066). */
  heldOut: { hit1: number; hit3: number; count: number };
  /** Off-topic questions that scored at or above the answer threshold (should be 0). */
  offTopicAnswered: number;
  /** Eval questions below the threshold (the guide would say it has nothing). */
  belowThreshold: number;
  meanMs: number;
  misses: string[];
}

/** Everything readable: the evaluation measures ranking, not permissions. */
const READER: KnowledgeViewer = { id: "eval", isPremium: true, isAdmin: true };

function pathOf(url: string): string {
  return url.split(/[?#]/)[0]!;
}

/** Runs the evaluation set against the current database's index (seeded like the first start). */
export async function evaluate(
  methods: readonly RetrievalMethod[] = ["fts", "trgm", "combined"],
): Promise<MethodResult[]> {
  const articlePaths = new Map<string, string>();
  for (const slug of ["ars-goetia", "elenthos-communion"]) {
    const [row] = await db()
      .select({ id: articles.id, type: articles.type })
      .from(articles)
      .where(eq(articles.slug, slug));
    if (row) articlePaths.set(`article:${slug}`, `/article/${row.type}/${row.id}`);
  }
  const matches = (question: EvalQuestion, url: string) =>
    question.expected.some((e) => (articlePaths.get(e) ?? e) === pathOf(url));

  const results: MethodResult[] = [];
  for (const method of methods) {
    const tally = {
      en: { hit1: 0, hit3: 0, count: 0 },
      other: { hit1: 0, hit3: 0, count: 0 },
      heldOut: { hit1: 0, hit3: 0, count: 0 },
    };
    const misses: string[] = [];
    let below = 0;
    let elapsed = 0;
    const asked = [
      ...EVAL_QUESTIONS.map((question) => ({ question, heldOut: false })),
      ...HELD_OUT_QUESTIONS.map((question) => ({ question, heldOut: true })),
    ];
    for (const { question, heldOut } of asked) {
      const started = performance.now();
      // The guide passes the visitor's language, so the evaluation does too.
      const hits = await retrieve(question.q, READER, {
        limit: 3,
        method,
        language: question.lang,
      });
      elapsed += performance.now() - started;
      const group = heldOut ? tally.heldOut : question.lang === "en" ? tally.en : tally.other;
      group.count++;
      if (hits[0] && matches(question, hits[0].url)) group.hit1++;
      if (hits.some((h) => matches(question, h.url))) group.hit3++;
      else
        misses.push(
          `${heldOut ? "[held-out] " : ""}${question.q} → ${hits.map((h) => h.url).join(", ") || "nothing"}`,
        );
      if (!heldOut && (hits[0]?.score ?? 0) < ANSWER_THRESHOLD) below++;
    }
    let offTopic = 0;
    for (const q of OFF_TOPIC_QUESTIONS) {
      const hits = await retrieve(q, READER, { limit: 1, method });
      if ((hits[0]?.score ?? 0) >= ANSWER_THRESHOLD) offTopic++;
    }
    const share = (g: { hit1: number; hit3: number; count: number }) => ({
      hit1: g.hit1 / g.count,
      hit3: g.hit3 / g.count,
      count: g.count,
    });
    results.push({
      method,
      english: share(tally.en),
      other: share(tally.other),
      heldOut: share(tally.heldOut),
      offTopicAnswered: offTopic,
      belowThreshold: below,
      meanMs: elapsed / asked.length,
      misses,
    });
  }
  return results;
}
