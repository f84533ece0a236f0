// `npm run bench`: the performance budgets of DESIGN.md, measured end to end on this machine.
//
// Creates a uniquely named PostgreSQL database (BENCH_POSTGRES_URL, default the local server),
// fills it with scripts/seed-large.ts, builds the app (BENCH_REUSE_BUILD=true keeps an existing
// build), starts the production server as a child process, then runs the measurements of
// scripts/bench/figures/index.ts one after the other. Prints one line per figure with its budget,
// exits 1 when a budget is missed, and always stops the servers and drops the database, on
// failure and on Ctrl-C too.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startAppServer, type AppServer } from "./bench/app-server";
import { runToCompletion } from "./bench/child";
import { createBenchDatabase } from "./bench/database";
import { formatFigures, type BenchContext, type Figure } from "./bench/figure";
import { MEASUREMENTS } from "./bench/figures/index";
import { premiumMemberEmail } from "./bench/premium-member";
import { sampleRss } from "./bench/rss";
import { KNOWN_THREAD_SLUG } from "./bench/seed/constants";
import { SEARCH_TERMS } from "./bench/seed/vocabulary";

// Paths below (scripts/, build/, drizzle/) are relative to the repository root, wherever this is run from.
process.chdir(fileURLToPath(new URL("..", import.meta.url)));

const started = performance.now();
const log = (message: string) =>
  console.log(
    `bench [${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`,
  );

/** Undo steps, last first; run once whether the bench ends, fails or is interrupted. */
const cleanups: Array<() => Promise<void>> = [];
/** Kills a still-running seed or build when the bench is interrupted. */
const abort = new AbortController();
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  return (cleaning ??= (async () => {
    abort.abort();
    for (const undo of cleanups.reverse()) {
      await undo().catch((error: unknown) =>
        console.error(
          `bench: clean-up step failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
  })());
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const database = await createBenchDatabase();
  cleanups.push(async () => {
    await database.drop();
    log(`dropped database ${database.name}`);
  });
  log(`created database ${database.name}; seeding`);
  await runToCompletion(process.execPath, ["--import", "tsx", "scripts/seed-large.ts"], {
    env: { ...process.env, DATABASE_URL: database.url },
    signal: abort.signal,
  });

  // Always a fresh build: measuring a stale one (older code, removed dependencies) misleads.
  if (process.env.BENCH_REUSE_BUILD !== "true" || !existsSync("build/server/index.js")) {
    log("npm run build");
    await runToCompletion("npm", ["run", "build"], { signal: abort.signal });
  }

  const startServer = async (
    databaseUrl: string,
    env?: Record<string, string>,
  ): Promise<AppServer> => {
    const server = await startAppServer(databaseUrl, env);
    cleanups.push(() => server.stop());
    return server;
  };
  const app = await startServer(database.url);
  log(`production server pid ${app.pid} on ${app.baseUrl}`);
  const rss = sampleRss(app.pid);
  cleanups.push(async () => rss.stop());

  let premiumEmail: Promise<string> | undefined;
  const context: BenchContext = {
    baseUrl: app.baseUrl,
    rss,
    databaseUrl: database.url,
    startServer,
    defer: (undo) => cleanups.push(undo),
    knownThreadSlug: KNOWN_THREAD_SLUG,
    premiumMemberEmail: () => (premiumEmail ??= premiumMemberEmail(database.url)),
    searchTerms: SEARCH_TERMS,
    log,
  };
  const figures: Figure[] = [];
  // BENCH_ONLY=name,name runs only the measurements whose names contain one of them.
  const only = (process.env.BENCH_ONLY ?? "")
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  const chosen = only.length
    ? MEASUREMENTS.filter((m) => only.some((part) => m.name.toLowerCase().includes(part)))
    : MEASUREMENTS;
  for (const measurement of chosen) {
    rss.phase = measurement.name;
    try {
      figures.push(...(await measurement.run(context)));
    } catch (error) {
      // One broken measurement is a failed figure, not a lost run.
      figures.push({
        name: measurement.name,
        value: `error: ${error instanceof Error ? error.message : String(error)}`,
        budget: "-",
        verdict: "FAIL",
      });
    }
  }

  const failed = figures.filter((f) => f.verdict === "FAIL").length;
  console.log(
    `\nPerformance budgets (DESIGN.md), ${((performance.now() - started) / 1000).toFixed(0)} s:\n${formatFigures(figures)}\n`,
  );
  console.log(
    failed === 0 ? "bench: every measured budget is met." : `bench: ${failed} budget(s) missed.`,
  );
  return failed === 0 ? 0 : 1;
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    // After Ctrl-C the aborted seed or build rejects too: the signal handler reports and exits.
    if (!abort.signal.aborted)
      console.error(
        `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    await cleanUp();
    process.exit(1);
  });
