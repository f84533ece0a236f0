import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startAppServer, type AppServer } from "../../scripts/bench/app-server";
import { createBenchDatabase, type BenchDatabase } from "../../scripts/bench/database";
import { REALTIME_CHANNEL } from "#app/modules/realtime";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";

// The production server on PostgreSQL losing its connections while requests flow: backends
// terminated several times, then the database away for a while (a proxy in front of the shared
// server refuses connections, as a restart does). The process must stay up, answer 503 while the
// database is away, and come back on its own. Skipped without a reachable PostgreSQL.
const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

test.describe.configure({ mode: "serial" });

let database: BenchDatabase | undefined;
let proxy: TcpProxy | undefined;
let server: AppServer | undefined;
let admin: pg.Client | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const reachable = await new pg.Client({
    connectionString: SERVER_URL,
    connectionTimeoutMillis: 3_000,
  })
    .connect()
    .then(
      (client) => client.end().then(() => true),
      () => false,
    );
  test.skip(!reachable, `PostgreSQL is not reachable at ${SERVER_URL}`);
  database = await createBenchDatabase("sanctuary_process", SERVER_URL);
  proxy = await startTcpProxy(database.url);
  server = await startAppServer(proxy.url, { SEED_DEMO: "true" });
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
});

test.afterAll(async () => {
  await admin?.end().catch(() => {});
  await server?.stop();
  await proxy?.close();
  await database?.drop();
});

/** Requests in a loop on a few connections, counting statuses and transport errors. */
function keepRequesting(baseUrl: string, paths: string[], connections: number) {
  const statuses = new Map<number, number>();
  const errors: string[] = [];
  let ok = 0;
  let running = true;
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      try {
        const response = await fetch(new URL(paths[i % paths.length]!, baseUrl), {
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 200) ok += 1;
      } catch (error) {
        errors.push(
          error instanceof Error
            ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}`
            : String(error),
        );
      }
    }
  };
  const loops = Array.from({ length: connections }, (_, i) => loop(i));
  return {
    statuses,
    errors,
    get ok() {
      return ok;
    },
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function readyz(baseUrl: string): Promise<number> {
  const response = await fetch(new URL("/readyz", baseUrl), { signal: AbortSignal.timeout(5_000) });
  await response.arrayBuffer();
  return response.status;
}

/** A guest's event stream; resolves the events it has received so far. */
function openEventStream(baseUrl: string) {
  let text = "";
  const request = httpRequest(new URL("/api/events", baseUrl), (response) =>
    response.on("data", (chunk) => (text += chunk)),
  );
  request.on("error", () => {});
  request.end();
  return { received: () => text, close: () => request.destroy() };
}

test("survives terminated backends and a database outage under load, answering 503 meanwhile, and recovers", async () => {
  test.setTimeout(180_000);
  const { baseUrl } = server!;
  const stream = openEventStream(baseUrl);
  await expect.poll(stream.received).toContain(": connected");
  const load = keepRequesting(
    baseUrl,
    ["/", "/discussions", "/search?q=moon", "/members", "/readyz"],
    4,
  );
  try {
    for (let round = 1; round <= 5; round++) {
      const before = load.ok;
      await expect
        .poll(() => load.ok, { timeout: 30_000, message: `pages answer again (round ${round})` })
        .toBeGreaterThan(before + 3);
      const terminated = await admin!.query(
        "select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      expect((terminated.rows[0] as { n: number }).n).toBeGreaterThan(0);
    }

    // The database away: readiness and pages say 503, the process stays up.
    await proxy!.interrupt();
    await expect.poll(() => readyz(baseUrl), { timeout: 15_000 }).toBe(503);
    const page = await fetch(new URL("/discussions", baseUrl));
    await page.arrayBuffer();
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");

    await proxy!.resume();
    await expect.poll(() => readyz(baseUrl), { timeout: 30_000 }).toBe(200);
    const after = load.ok;
    await expect.poll(() => load.ok, { timeout: 30_000 }).toBeGreaterThan(after + 10);
  } finally {
    await load.stop();
  }

  expect(server!.child.process.exitCode).toBeNull();
  expect(load.errors).toEqual([]);
  // Every answer was a page or "try again shortly": never a crash, never a 500.
  expect([...load.statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual(
    [],
  );

  // The realtime LISTEN connection came back too: an event published now reaches the stream
  // that stayed open through all of it, once.
  const notify = (probe: string) =>
    admin!.query("select pg_notify($1, $2)", [
      REALTIME_CHANNEL,
      JSON.stringify({ to: { everyone: true }, type: "counts", data: { probe } }),
    ]);
  let attempt = 0;
  await expect
    .poll(async () => (await notify(`listening-${(attempt += 1)}`), stream.received()), {
      timeout: 30_000,
      message: "the server listens again",
    })
    .toContain('"probe":"listening-');
  await notify("after-outage");
  await notify("sentinel");
  await expect.poll(stream.received, { timeout: 30_000 }).toContain('"probe":"sentinel"');
  expect(stream.received().split('"probe":"after-outage"').length - 1).toBe(1);
  stream.close();
});
