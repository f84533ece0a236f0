import { request, type ClientRequest } from "node:http";
import pg from "pg";
import { REALTIME_CHANNEL } from "#app/modules/realtime";
import { ms, verdict, type Figure, type Measurement } from "../figure";
import { percentile } from "../load";

const STREAMS = 1_000;
const ROUNDS = 5;
const BUDGET_MS = 1_000;
/** Streams opened at once: a burst of 1,000 connects would overflow the listen backlog. */
const OPEN_BATCH = 100;
const ROUND_TIMEOUT_MS = 5_000;

const NAME = "notification reaching 1,000 open SSE streams";

/**
 * Opens 1,000 guest event streams on /api/events, publishes events the way the app does (a
 * pg_notify on the realtime channel, which every server process LISTENs to) addressed to
 * everyone, the widest fan-out, and times each stream's arrival from just before the NOTIFY.
 * ROUNDS events, one after the other; the figure is the p99 over all arrivals, and an event that
 * never arrives fails it. Reported "not measured" while the endpoint does not exist.
 */
export const sseFanout: Measurement = {
  name: "SSE fan-out",
  async run(context) {
    const probe = await fetch(new URL("/api/events", context.baseUrl), {
      signal: AbortSignal.timeout(5_000),
    }).catch(() => null);
    await probe?.body?.cancel().catch(() => {});
    if (probe?.status === 404) return [notMeasured("/api/events not present")];
    if (!probe?.ok || !probe.headers.get("content-type")?.startsWith("text/event-stream")) {
      return [
        notMeasured(
          `/api/events answered ${probe ? `${probe.status} ${probe.headers.get("content-type") ?? ""}` : "nothing"}`,
        ),
      ];
    }

    context.log(`${NAME}: opening ${STREAMS} streams`);
    const streams: Stream[] = [];
    const publisher = new pg.Client({ connectionString: context.databaseUrl });
    try {
      for (let i = 0; i < STREAMS; i += OPEN_BATCH) {
        streams.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(OPEN_BATCH, STREAMS - i) }, () =>
              openStream(new URL("/api/events", context.baseUrl)),
            ),
          )),
        );
      }
      await publisher.connect();
      const latencies: number[] = [];
      let missed = 0;
      for (let seq = 1; seq <= ROUNDS; seq++) {
        const sentAt = performance.now();
        const arrivals = Promise.all(streams.map((s) => s.arrival(seq, ROUND_TIMEOUT_MS)));
        await publisher.query("select pg_notify($1, $2)", [
          REALTIME_CHANNEL,
          JSON.stringify({ to: { everyone: true }, type: "bench", data: { seq } }),
        ]);
        for (const at of await arrivals) {
          if (at === null) missed += 1;
          else latencies.push(at - sentAt);
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      latencies.sort((a, b) => a - b);
      const p99 = percentile(latencies, 99);
      return [
        {
          name: `${NAME} p99`,
          value: `${ms(p99)} (${ROUNDS} events, median ${ms(percentile(latencies, 50))}${missed ? `, ${missed} arrivals missing` : ""})`,
          budget: `< ${BUDGET_MS} ms`,
          verdict: verdict(missed === 0 && p99 < BUDGET_MS),
        },
      ];
    } finally {
      for (const stream of streams) stream.close();
      await publisher.end().catch(() => {});
    }
  },
};

function notMeasured(reason: string): Figure {
  return {
    name: NAME,
    value: `not measured: ${reason}`,
    budget: `p99 < ${BUDGET_MS} ms`,
    verdict: "SKIP",
  };
}

interface Stream {
  /** When event `seq` arrived (performance.now()), or null after `timeoutMs`. */
  arrival(seq: number, timeoutMs: number): Promise<number | null>;
  close(): void;
}

/** One event stream on its own socket, resolved once the server's first bytes (": connected") arrive. */
function openStream(url: URL): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrived = new Map<number, number>();
    const waiting = new Map<number, (at: number) => void>();
    let buffer = "";
    let connected = false;
    const req: ClientRequest = request(
      url,
      { agent: false, headers: { accept: "text/event-stream" } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`/api/events answered ${res.statusCode}.`));
          res.resume();
          return;
        }
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          const now = performance.now();
          if (!connected) {
            connected = true;
            resolve(stream);
          }
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const seq = benchSeq(event);
            if (seq === null) continue;
            arrived.set(seq, now);
            waiting.get(seq)?.(now);
          }
        });
      },
    );
    req.on("error", (error) => (connected ? undefined : reject(error)));
    req.end();
    const stream: Stream = {
      arrival: (seq, timeoutMs) =>
        new Promise((done) => {
          const at = arrived.get(seq);
          if (at !== undefined) return done(at);
          const timer = setTimeout(() => done(null), timeoutMs);
          waiting.set(seq, (time) => {
            clearTimeout(timer);
            done(time);
          });
        }),
      close: () => req.destroy(),
    };
  });
}

/** The `seq` of a benchmark event (`data: {"type":"bench","data":{"seq":n}}`), else null. */
function benchSeq(event: string): number | null {
  for (const line of event.split("\n")) {
    if (!line.startsWith("data:")) continue;
    try {
      const parsed = JSON.parse(line.slice(5)) as { type?: string; data?: { seq?: unknown } };
      if (parsed.type === "bench" && typeof parsed.data?.seq === "number") return parsed.data.seq;
    } catch {
      // Not ours.
    }
  }
  return null;
}
