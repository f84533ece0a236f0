import { verdict, type Measurement } from "../figure";

const BUDGET_MB = 400;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * The server's peak resident memory over every load above (sampled from /proc all run long),
 * with the phase it happened in and the footprint right after start-up for comparison.
 */
export const serverMemory: Measurement = {
  name: "server memory",
  async run(context) {
    const { rss } = context;
    return [
      {
        name: "server RSS, peak during the load",
        value: `${mb(rss.maxBytes)} during "${rss.maxPhase}" (${mb(rss.startBytes)} after start-up, ${rss.samples} samples)`,
        budget: `< ${BUDGET_MB} MB`,
        verdict: verdict(rss.samples > 0 && rss.maxBytes / 1024 / 1024 < BUDGET_MB),
      },
    ];
  },
};
