import { ms, verdict, type BenchContext, type Measurement } from "../figure";
import { percentile, runLoad } from "../load";

/**
 * Latencies are measured at a moderate, steady load rather than at saturation, where every
 * figure would be queueing time: 10 concurrent users each clicking as fast as pages come back.
 */
const CONNECTIONS = 10;
const SECONDS = 10;
const WARMUP_SECONDS = 2;

interface LatencyFigure {
  label: string;
  paths(context: BenchContext): string[];
  percentile: number;
  budgetMs: number;
}

/** A percentile of response times of one or more pages under CONNECTIONS concurrent clients. */
export function latency(figure: LatencyFigure): Measurement {
  return {
    name: figure.label,
    async run(context) {
      const paths = figure.paths(context);
      await expectOk(context.baseUrl, paths);
      context.log(`${figure.label}, ${CONNECTIONS} connections, ${SECONDS} s`);
      const result = await runLoad({ baseUrl: context.baseUrl, paths, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
      const value = percentile(result.latencies, figure.percentile);
      const failed = result.failures > 0 ? `, ${result.failures} failed responses` : "";
      return [
        {
          name: `${figure.label} p${figure.percentile}, ${CONNECTIONS} connections`,
          value: `${ms(value)} (median ${ms(percentile(result.latencies, 50))}, ${Math.round(result.rps)} req/s${failed})`,
          budget: `< ${figure.budgetMs} ms`,
          verdict: verdict(value < figure.budgetMs && result.failures === 0),
        },
      ];
    },
  };
}

/** A page that does not answer 200 would make a fast, meaningless latency: stop before loading it. */
async function expectOk(baseUrl: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    const response = await fetch(new URL(path, baseUrl));
    await response.body?.cancel();
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}.`);
  }
}

export const discussionsLatency = latency({ label: "/discussions", paths: () => ["/discussions"], percentile: 99, budgetMs: 150 });

export const threadLatency = latency({
  label: "/discussions/{slug} (200 comments)",
  paths: (context) => [`/discussions/${context.knownThreadSlug}`],
  percentile: 99,
  budgetMs: 150,
});

/** Each connection cycles through the terms, so the figure covers common and rare ones. */
export const searchLatency = latency({
  label: "/search?q= (2-3 words)",
  paths: (context) => context.searchTerms.map((term) => `/search?q=${encodeURIComponent(term)}`),
  percentile: 95,
  budgetMs: 50,
});
