import type { Measurement } from "../figure";
import { firstLoadAssets } from "./assets";
import { discussionsLatency, searchLatency, threadLatency } from "./latency";
import { serverMemory } from "./memory";
import { listQueries } from "./queries";
import { pagesDuringSearches } from "./search-isolation";
import { sseFanout } from "./sse";
import { discussionsThroughput } from "./throughput";

/**
 * DESIGN.md "Performance budgets", one measurement per row, run in this order. The memory figure
 * comes last: it reports the peak over all the load before it.
 */
export const MEASUREMENTS: Measurement[] = [
  discussionsThroughput,
  discussionsLatency,
  threadLatency,
  searchLatency,
  pagesDuringSearches,
  listQueries,
  firstLoadAssets,
  sseFanout,
  serverMemory,
];
