import { verdict, type Figure, type Measurement } from "../figure";
import { runKnowledgeEvaluation } from "../knowledge-eval";

const HIT3_BUDGET = 0.9;
const pct = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The guide's retrieval on its evaluation set (app/modules/knowledge/eval/questions.ts, decision
 * 060), on an embedded database seeded like the first start: hit@1 and hit@3 of each method for
 * the English questions and for the other languages'. The site uses `combined`; its figures carry
 * the verdict, the others are there for comparison.
 */
export const knowledgeRetrieval: Measurement = {
  name: "AI guide retrieval",
  async run(context) {
    context.log("AI guide retrieval: evaluation set on a first-start database");
    const results = await runKnowledgeEvaluation();
    const figures: Figure[] = [];
    for (const r of results) {
      const used = r.method === "combined";
      for (const [label, group] of [
        ["English", r.english],
        ["other languages", r.other],
        ["other languages, held out", r.heldOut],
      ] as const)
        figures.push({
          name: `guide retrieval ${r.method}, ${label} (${group.count} questions)`,
          value: `hit@1 ${pct(group.hit1)}, hit@3 ${pct(group.hit3)}, ${r.meanMs.toFixed(1)} ms a question`,
          budget: used ? `hit@3 >= ${pct(HIT3_BUDGET)}` : "comparison",
          verdict: used ? verdict(group.hit3 >= HIT3_BUDGET) : "SKIP",
        });
    }
    const used = results.find((r) => r.method === "combined")!;
    figures.push({
      name: "guide: off-topic questions answered from the site",
      value: `${used.offTopicAnswered} (should say it has nothing)`,
      budget: "0",
      verdict: verdict(used.offTopicAnswered === 0),
    });
    return figures;
  },
};
