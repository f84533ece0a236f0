import { integer, ms, verdict, type Measurement } from "../figure";
import { startHelloServer } from "../hello-server";
import { percentile, runLoad } from "../load";
import { expectOk } from "./latency";

const CONNECTIONS = 10;
const SECONDS = 10;
const WARMUP_SECONDS = 2;
const P99_BUDGET_MS = 150;

/**
 * /discussions at 10 concurrent clients: its p99 is the budget; its requests per second are
 * printed beside a bare node:http "hello" server's under the same load in the same run, the
 * machine's ceiling, for the reader (a 2-core machine running the load generator too cannot
 * show a throughput worth a budget).
 */
export const discussionsUnderLoad: Measurement = {
  name: "/discussions at 10 connections",
  async run(context) {
    await expectOk(context.baseUrl, ["/discussions"]);
    context.log(`node:http "hello" ceiling, ${CONNECTIONS} connections, ${SECONDS} s`);
    const hello = await startHelloServer();
    context.defer(() => hello.stop());
    let ceiling;
    try {
      ceiling = await runLoad({
        baseUrl: hello.baseUrl,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
      });
    } finally {
      await hello.stop();
    }
    context.log(`/discussions, ${CONNECTIONS} connections, ${SECONDS} s`);
    const app = await runLoad({
      baseUrl: context.baseUrl,
      path: "/discussions",
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    });
    const p99 = percentile(app.latencies, 99);
    const failed = app.failures > 0 ? `, ${app.failures} failed responses` : "";
    return [
      {
        name: `/discussions p99, ${CONNECTIONS} connections`,
        value: `${ms(p99)} (median ${ms(percentile(app.latencies, 50))}; ${integer(app.rps)} req/s beside node:http ${integer(ceiling.rps)} req/s${failed})`,
        budget: `< ${P99_BUDGET_MS} ms`,
        verdict: verdict(p99 < P99_BUDGET_MS && app.failures === 0),
      },
    ];
  },
};
