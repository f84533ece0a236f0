import { ms, verdict, type Measurement } from "../figure";
import { percentile, runLoad } from "../load";

const ROUNDS = 3;
const SECONDS = 5;
/** The p95 with analytics on may be this much above the same pages with it off. */
const RATIO_BUDGET = 1.15;

/**
 * The issue's "page budgets hold with analytics on", as a ratio in the same run: the same pages
 * on the server under test (analytics on: every document a buffered page view) and on a second
 * server over the same database with `ANALYTICS=off`, in alternating rounds so that the shared
 * machine's drift falls on both. One connection: each figure is the server's own work.
 */
export const analyticsOverhead: Measurement = {
  name: "page service time with analytics on and off",
  async run(context) {
    const paths = ["/discussions", `/discussions/${context.knownThreadSlug}`];
    const off = await context.startServer(context.databaseUrl, { ANALYTICS: "off" });
    try {
      const on: number[] = [];
      const without: number[] = [];
      let failures = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        context.log(`analytics on and off, round ${round + 1} of ${ROUNDS}, ${SECONDS} s each`);
        for (const [baseUrl, into] of [
          [context.baseUrl, on],
          [off.baseUrl, without],
        ] as const) {
          const result = await runLoad({
            baseUrl,
            paths,
            connections: 1,
            seconds: SECONDS,
            warmupSeconds: 1,
          });
          into.push(...result.latencies);
          failures += result.failures;
        }
      }
      on.sort((a, b) => a - b);
      without.sort((a, b) => a - b);
      const ratio = percentile(on, 95) / percentile(without, 95);
      return [
        {
          name: "/discussions and a thread, p95 with analytics on ÷ off, 1 connection",
          value: `${ratio.toFixed(2)}x (${ms(percentile(on, 95))} on, ${ms(percentile(without, 95))} off${failures ? `, ${failures} failed` : ""})`,
          budget: `< ${RATIO_BUDGET}x`,
          verdict: verdict(ratio < RATIO_BUDGET && failures === 0),
        },
      ];
    } finally {
      await off.stop();
    }
  },
};
