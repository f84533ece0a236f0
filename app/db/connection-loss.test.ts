import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { setupTestDatabase } from "../../tests/helpers/test-db";
import { startTcpProxy, type TcpProxy } from "../../tests/helpers/tcp-proxy";
import { openPostgres, type Database } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { RealtimeHub, type RealtimeSubscriber, publish } from "#app/modules/realtime/index.server";
import type { RealtimeDetail, RealtimeEventMap } from "#app/modules/realtime";
import { isDatabaseUnavailable } from "./errors";

// Connection loss exists only on PostgreSQL: PGlite runs inside the process and has no
// connection to lose, so on PGlite this file has nothing to test.
const onPostgres = (process.env.TEST_DB_ENGINE ?? "pglite") === "postgres";

let database: Database;
let cleanup: () => Promise<void>;
/** A connection of the test's own, outside the app's pool, that terminates the others. */
let admin: pg.Client;
beforeAll(async () => {
  if (!onPostgres) return;
  ({ database, cleanup } = await setupTestDatabase());
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end().catch(() => {});
  await cleanup?.();
});

/** pg_terminate_backend on every other connection to the test database; how many there were. */
async function terminateBackends(): Promise<number> {
  const result = await admin.query(
    "select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return (result.rows[0] as { n: number }).n;
}

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 20_000,
): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Received = RealtimeDetail[];
/** A direct-message event whose preview names it (the tests are about delivery, not content). */
function message(preview: string): RealtimeEventMap["message"] {
  return {
    conversationId: "c1",
    messageId: "m1",
    senderId: "s1",
    senderName: "Sender",
    preview,
    createdAt: "2026-01-01T00:00:00.000Z",
  };
}

function collector(userId: string): RealtimeSubscriber & { received: Received } {
  const received: Received = [];
  return { userId, isAdmin: false, received, send: (event) => received.push(event) };
}

/** Publishes `title` and then a sentinel, and waits for the sentinel: anything sent twice has arrived by then. */
async function publishAndSettle(
  hub: RealtimeHub,
  subscriber: ReturnType<typeof collector>,
  title: string,
) {
  await publish(database.db, {
    to: { users: [subscriber.userId!] },
    type: "message",
    data: message(title),
  });
  await publish(database.db, {
    to: { users: [subscriber.userId!] },
    type: "message",
    data: message(`${title} (sentinel)`),
  });
  await until(
    () =>
      subscriber.received.some(
        (e) => "preview" in e.data && e.data.preview === `${title} (sentinel)`,
      ),
    `the hub received "${title}"`,
  );
  return subscriber.received.filter((e) => "preview" in e.data && e.data.preview === title).length;
}

async function listeningBackends(): Promise<number> {
  const result = await admin.query(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'",
  );
  return (result.rows[0] as { n: number }).n;
}

describe.skipIf(!onPostgres)(
  "PostgreSQL connections lost under load (PostgreSQL only: PGlite has no connection to lose)",
  () => {
    it("keeps the process up through repeated pg_terminate_backend; every acknowledged write is stored", async () => {
      // Any unhandled 'error' event of a pg client is an uncaught exception, which fails this run.
      const acknowledged: string[] = [];
      const failures: unknown[] = [];
      let running = true;
      let next = 0;

      const writer = async () => {
        while (running) {
          const id = `probe-${(next += 1)}`;
          try {
            // A transaction holds a checked-out connection across several round trips: the case
            // pg-pool does not guard on its own.
            await database.db.transaction(async (tx) => {
              await tx.insert(auditLog).values({
                action: "connection-probe",
                targetType: "probe",
                targetId: id,
                details: {},
              });
              await new Promise((resolve) => setImmediate(resolve));
              await tx.execute(sql`select count(*) from audit_log where target_id = ${id}`);
            });
            acknowledged.push(id);
          } catch (error) {
            failures.push(error);
          }
        }
      };
      const reader = async () => {
        while (running) {
          try {
            await database.db.select({ id: auditLog.id }).from(auditLog).limit(5);
            await database.ping();
          } catch (error) {
            failures.push(error);
          }
        }
      };
      const workers = [writer(), writer(), writer(), reader(), reader()];

      try {
        for (let round = 0; round < 5; round++) {
          const before = acknowledged.length;
          await until(
            () => acknowledged.length >= before + 5,
            `writes are acknowledged again (round ${round + 1})`,
          );
          expect(await terminateBackends()).toBeGreaterThan(0);
        }
        const after = acknowledged.length;
        await until(() => acknowledged.length >= after + 20, "the pool recovered");
      } finally {
        running = false;
        await Promise.all(workers);
      }

      // No connection was leaked: with the work done, every one the pool holds is idle.
      expect(database.pool!.totalCount).toBe(database.pool!.idleCount);
      // Every failure was the lost connection, reported as such (the request would answer 503).
      expect(failures.filter((error) => !isDatabaseUnavailable(error))).toEqual([]);
      const stored = await database.db
        .select({ targetId: auditLog.targetId })
        .from(auditLog)
        .where(eq(auditLog.action, "connection-probe"));
      const storedIds = new Set(stored.map((row) => row.targetId));
      expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
      await expect(database.ping()).resolves.toBeUndefined();
    });

    it("reconnects the realtime LISTEN connection and delivers an event published afterwards exactly once", async () => {
      const hub = new RealtimeHub();
      await hub.listen(database);
      const alice = collector("alice");
      hub.subscribe(alice);
      try {
        expect(await publishAndSettle(hub, alice, "before")).toBe(1);
        for (let round = 1; round <= 3; round++) {
          expect(await terminateBackends()).toBeGreaterThan(0);
          await until(
            () => hub.state.listening && hub.state.reconnects === round,
            `the hub reconnected (${round})`,
          );
        }
        expect(await publishAndSettle(hub, alice, "after")).toBe(1);
        expect(await listeningBackends()).toBe(1);
      } finally {
        await hub.close();
      }
    });
  },
);

describe.skipIf(!onPostgres)(
  "a PostgreSQL restart, the connection refused for a while (PostgreSQL only)",
  () => {
    let proxy: TcpProxy;
    let through: Database;
    beforeAll(async () => {
      if (!onPostgres) return;
      proxy = await startTcpProxy(database.url!);
      through = await openPostgres(proxy.url, 3);
    });
    afterAll(async () => {
      await through?.close().catch(() => {});
      await proxy?.close();
    });

    it("fails pings and queries as unavailable while it is away, then recovers pool and LISTEN on their own", async () => {
      const hub = new RealtimeHub();
      await hub.listen(through);
      const bob = collector("bob");
      hub.subscribe(bob);
      try {
        await through.db.insert(auditLog).values({
          action: "restart-probe",
          targetType: "probe",
          targetId: "before",
          details: {},
        });
        await proxy.interrupt();

        const ping = await through.ping().then(
          () => null,
          (error: unknown) => error,
        );
        expect(isDatabaseUnavailable(ping)).toBe(true);
        const write = await through.db
          .transaction((tx) =>
            tx.insert(auditLog).values({
              action: "restart-probe",
              targetType: "probe",
              targetId: "during",
              details: {},
            }),
          )
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(isDatabaseUnavailable(write)).toBe(true);
        await until(() => !hub.state.listening, "the hub noticed");

        await proxy.resume();
        await until(
          () =>
            through.ping().then(
              () => true,
              () => false,
            ),
          "the pool connects again",
        );
        await until(() => hub.state.listening && hub.state.reconnects === 1, "the hub reconnected");
        await through.db
          .insert(auditLog)
          .values({ action: "restart-probe", targetType: "probe", targetId: "after", details: {} });
        expect(await publishAndSettle(hub, bob, "after the restart")).toBe(1);

        const stored = await database.db
          .select({ targetId: auditLog.targetId })
          .from(auditLog)
          .where(eq(auditLog.action, "restart-probe"));
        expect(stored.map((row) => row.targetId).sort()).toEqual(["after", "before"]);
      } finally {
        await hub.close();
      }
    });
  },
);
