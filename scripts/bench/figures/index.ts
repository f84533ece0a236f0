import type { Measurement } from "../figure";
import { analyticsIngest } from "./analytics";
import { analyticsOverhead } from "./analytics-overhead";
import { firstLoadAssets } from "./assets";
import { guideFirstToken } from "./guide";
import { pageServiceTimes, searchServiceTime } from "./latency";
import { serverMemory } from "./memory";
import { knowledgeRetrieval } from "./knowledge";
import { listQueries } from "./queries";
import { pagesDuringSearches } from "./search-isolation";
import { sseFanout } from "./sse";
import { discussionsUnderLoad } from "./throughput";

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
  guideFirstToken,
  knowledgeRetrieval,
  analyticsIngest,
  analyticsOverhead,
  serverMemory,
];
