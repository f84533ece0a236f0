// The guide's retrieval evaluation (decision 060) on an embedded database seeded like the first
// start: hit@1 and hit@3 of each retrieval method. `npx tsx scripts/knowledge-eval.ts [--misses]`;
// `npm run bench` reports the same through scripts/bench/figures/knowledge.ts.
import { runKnowledgeEvaluation } from "./bench/knowledge-eval";

const results = await runKnowledgeEvaluation();
for (const r of results) {
  console.log(
    `${r.method.padEnd(9)} en hit@1 ${r.english.hit1.toFixed(2)} hit@3 ${r.english.hit3.toFixed(2)} (${r.english.count})` +
      ` · other hit@1 ${r.other.hit1.toFixed(2)} hit@3 ${r.other.hit3.toFixed(2)} (${r.other.count})` +
      ` · held-out hit@1 ${r.heldOut.hit1.toFixed(2)} hit@3 ${r.heldOut.hit3.toFixed(2)} (${r.heldOut.count})` +
      ` · below threshold ${r.belowThreshold} · off-topic answered ${r.offTopicAnswered} · ${r.meanMs.toFixed(1)} ms`,
  );
  if (process.argv.includes("--misses")) for (const m of r.misses) console.log(`   miss: ${m}`);
}
process.exit(0);
