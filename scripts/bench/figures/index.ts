import type { Figure, Measurement } from "../figure";
import { firstLoadAssets } from "./assets";
import { pageServiceTimes, searchServiceTime } from "./latency";
import { serverMemory } from "./memory";
import { knowledgeRetrieval } from "./knowledge";
import { listQueries } from "./queries";
import { pagesDuringSearches } from "./search-isolation";
import { sseFanout } from "./sse";
import { discussionsUnderLoad } from "./throughput";

/** The AI guide's figures, until there is an AI guide to measure. */
const aiGuide: Measurement = {
  name: "AI guide",
  run: async (): Promise<Figure[]> => [
    {
      name: "AI guide hit@3 on the evaluation set, first token p95",
      value: "not measured: the AI guide is not built yet",
      budget: "hit@3 >= 0.9, < 1 s",
      verdict: "SKIP",
    },
  ],
};

/**
 * DESIGN.md "Performance budgets", one measurement per row, run in this order. The memory figure
 * comes last: it reports the peak over all the load before it.
 */
export const MEASUREMENTS: Measurement[] = [
  ...pageServiceTimes,
  searchServiceTime,
  discussionsUnderLoad,
  pagesDuringSearches,
  listQueries,
  firstLoadAssets,
  sseFanout,
  aiGuide,
  knowledgeRetrieval,
  serverMemory,
];
