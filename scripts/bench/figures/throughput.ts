import { integer, verdict, type Measurement } from "../figure";
import { startHelloServer } from "../hello-server";
import { runLoad } from "../load";

const CONNECTIONS = 50;
const SECONDS = 10;
const WARMUP_SECONDS = 2;
/** DESIGN.md: /discussions SSR requests/s >= 10% of a bare node:http server in the same run. */
const MIN_SHARE = 0.1;

/**
 * /discussions server-rendered requests per second at saturation, against the machine's
 * ceiling measured the same way a moment before: a ratio survives a noisy or slow machine.
 */
export const discussionsThroughput: Measurement = {
  name: "/discussions throughput",
  async run(context) {
    context.log(`node:http "hello" ceiling, ${CONNECTIONS} connections, ${SECONDS} s`);
    const hello = await startHelloServer();
    context.defer(() => hello.stop());
    let ceiling;
    try {
      ceiling = await runLoad({ baseUrl: hello.baseUrl, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
    } finally {
      await hello.stop();
    }
    context.log(`/discussions, ${CONNECTIONS} connections, ${SECONDS} s`);
    const app = await runLoad({ baseUrl: context.baseUrl, path: "/discussions", connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
    const share = app.rps / ceiling.rps;
    const failed = app.failures > 0 ? `, ${app.failures} failed responses` : "";
    return [
      {
        name: `/discussions SSR req/s, ${CONNECTIONS} connections`,
        value: `${integer(app.rps)} req/s = ${(share * 100).toFixed(1)}% of node:http ${integer(ceiling.rps)} req/s${failed}`,
        budget: `>= ${MIN_SHARE * 100}% of node:http`,
        verdict: verdict(share >= MIN_SHARE && app.failures === 0),
      },
    ];
  },
};
