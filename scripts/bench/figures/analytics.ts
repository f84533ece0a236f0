import autocannon from "autocannon";
import pg from "pg";
import { integer, verdict, type Measurement } from "../figure";

const RATE = 1_000;
const SECONDS = 10;
const CONNECTIONS = 20;
/** How long the server may take to write what it buffered after the load stops. */
const FLUSH_WAIT_MS = 15_000;

const NAME = "analytics ingest at 1,000 page views/s";

async function navigationViews(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from page_views where source = 'navigation'",
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Client navigations sent to POST /api/analytics at a fixed 1,000 requests per second for 10 s
 * (autocannon's overall rate, 20 connections): the rate achieved, every answer a 204, and every
 * view written to the database by the buffer within 15 s of the end (the rows are counted; the
 * requests still in flight when autocannon stops counting are written too, so rows may exceed
 * the answers counted).
 */
export const analyticsIngest: Measurement = {
  name: NAME,
  async run(context) {
    const before = await navigationViews(context.databaseUrl);
    context.log(`${NAME}: ${SECONDS} s`);
    const result = await autocannon({
      url: new URL("/api/analytics", context.baseUrl).toString(),
      method: "POST",
      connections: CONNECTIONS,
      overallRate: RATE,
      duration: SECONDS,
      timeout: 10,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent":
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
      },
      body: "kind=view&path=%2Fdiscussions",
    });
    const accepted = result["2xx"];
    const failures = result.errors + result.timeouts + result.non2xx;
    let written = (await navigationViews(context.databaseUrl)) - before;
    const deadline = Date.now() + FLUSH_WAIT_MS;
    while (written < accepted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      written = (await navigationViews(context.databaseUrl)) - before;
    }
    const rate = accepted / result.duration;
    return [
      {
        name: `${NAME}, ${SECONDS} s`,
        value: `${integer(rate)} views/s accepted (p99 ${result.latency.p99} ms), ${integer(written)} of ${integer(accepted)} written, ${failures} failed`,
        budget: `>= ${integer(RATE * 0.95)} views/s, 0 failed, all written`,
        verdict: verdict(rate >= RATE * 0.95 && failures === 0 && written >= accepted),
      },
    ];
  },
};
