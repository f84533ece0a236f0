import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startChild, waitUntilReady, type Child } from "./child";
import { freePort } from "./ports";

export interface AppServer {
  baseUrl: string;
  pid: number;
  /** The process itself: its recent output, its exit. */
  child: Child;
  stop(): Promise<void>;
}

/** The Node options of `npm start` (package.json), so the benchmark runs the server as deployed. */
function startNodeOptions(): string[] {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as {
    scripts: { start: string };
  };
  const options = /^node\s+(.*?)\s*scripts\/start\.mjs$/.exec(scripts.start)?.[1];
  if (options === undefined)
    throw new Error(
      `package.json's start script is not "node [options] scripts/start.mjs": ${scripts.start}`,
    );
  return options.split(/\s+/).filter(Boolean);
}

/**
 * Starts the production build (`scripts/start.mjs` with the options `npm start` gives it) as a
 * child process on a free port, against `databaseUrl`, and waits for /readyz. Run with `node`
 * directly rather than through npm so the child's pid is the server's own (its memory is sampled).
 *
 * LOG_LEVEL=warn: at info every request writes a JSON line, and the figures should measure the
 * application rather than a log pipe nobody reads. SEED_DEMO=false: the data is already seeded.
 * SEARCH_RATE_LIMIT and ANALYTICS_RATE_LIMIT are lifted since all load comes from one address. DATA_DIR is a fresh
 * temporary folder (uploads), AUTH_SECRET a random one (nothing is written).
 *
 * The process tests start it the same way: without `databaseUrl` on an embedded database in that
 * folder, with `env` overriding any of the above (LOG_LEVEL=info to read its lines).
 */
export async function startAppServer(
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
): Promise<AppServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "sanctuary-bench-"));
  const child = startChild(process.execPath, [...startNodeOptions(), "scripts/start.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      // Every load comes from one address; the search figure measures searches, not refusals.
      SEARCH_RATE_LIMIT: "1000000",
      ANALYTICS_RATE_LIMIT: "1000000",
      ...env,
    },
  });
  const stop = async () => {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(child, `${baseUrl}/readyz`, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid, child, stop };
}
