import autocannon, { type AutocannonRequest } from "autocannon";

export interface LoadResult {
  /** Successful (2xx) responses per second over the measured run. */
  rps: number;
  /** Response times of the successful responses, in milliseconds, sorted ascending. */
  latencies: number[];
  /** Connection errors, timeouts and non-2xx responses: a run with any is not a valid figure. */
  failures: number;
  connections: number;
}

export interface LoadOptions {
  baseUrl: string;
  path?: string;
  /** Several paths, cycled through by each connection (e.g. different search terms). */
  paths?: string[];
  connections: number;
  /** Measured seconds. */
  seconds: number;
  /** Unmeasured seconds first, so the JIT, caches and database buffers are warm. */
  warmupSeconds?: number;
  /** Sent with every request (a signed-in member's cookie). */
  headers?: Record<string, string>;
}

/** Runs autocannon against one or more paths and keeps every response time (for exact percentiles). */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const requests: AutocannonRequest[] | undefined = options.paths?.map((path) => ({
    method: "GET",
    path,
  }));
  const base = {
    url: new URL(options.path ?? "/", options.baseUrl).toString(),
    connections: options.connections,
    timeout: 10,
    requests,
    headers: options.headers,
  };
  if (options.warmupSeconds) await autocannon({ ...base, duration: options.warmupSeconds });

  const latencies: number[] = [];
  const instance = autocannon({ ...base, duration: options.seconds });
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result["2xx"] / result.duration,
    latencies,
    failures: result.errors + result.timeouts + result.non2xx,
    connections: options.connections,
  };
}

/** Nearest-rank percentile of ascending values (p in 0..100). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}
