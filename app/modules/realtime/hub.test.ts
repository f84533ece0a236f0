import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { db, openPostgres, type Database } from "#app/db/client.server";
import { eventStream } from "#server/event-stream";
import { publish } from "./publish.server";
import type { RealtimeDetail, RealtimeEventMap } from "./events";
import { RealtimeHub, reaches, type RealtimeSubscriber } from "./hub.server";

let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ database, cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

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

function collector(
  userId: string | null,
  isAdmin = false,
): RealtimeSubscriber & { received: Received } {
  const received: Received = [];
  return { userId, isAdmin, received, send: (event) => received.push(event) };
}

async function until(check: () => boolean, ms = 5000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error("timed out waiting for a realtime event");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("audiences", () => {
  it("reaches the addressed members, admins or everyone", () => {
    const alice = { userId: "a", isAdmin: false };
    const admin = { userId: "b", isAdmin: true };
    const guest = { userId: null, isAdmin: false };
    expect(reaches({ users: ["a"] }, alice)).toBe(true);
    expect(reaches({ users: ["a"] }, admin)).toBe(false);
    expect(reaches({ users: ["a"] }, guest)).toBe(false);
    expect(reaches({ admins: true }, admin)).toBe(true);
    expect(reaches({ admins: true }, alice)).toBe(false);
    expect(reaches({ everyone: true }, guest)).toBe(true);
  });
});

describe("observers", () => {
  it("see every event the process receives, addressed to anyone", () => {
    const hub = new RealtimeHub();
    const seen: string[] = [];
    const stop = hub.observe((event) => seen.push(event.type));
    hub.deliver(JSON.stringify({ to: { users: ["x"] }, type: "notification", data: {} }));
    hub.deliver(JSON.stringify({ to: { everyone: true }, type: "counts", data: {} }));
    stop();
    hub.deliver(JSON.stringify({ to: { everyone: true }, type: "counts", data: {} }));
    expect(seen).toEqual(["notification", "counts"]);
  });
});

describe("delivery through the database", () => {
  it("delivers committed events to every process's hub, and nothing from a rolled-back transaction", async () => {
    // Two hubs, each with its own LISTEN connection on PostgreSQL: what two app processes run.
    const second: Database | undefined =
      database.kind === "postgres" ? await openPostgres(database.url!, 2) : undefined;
    const hubA = new RealtimeHub();
    const hubB = new RealtimeHub();
    await hubA.listen(database);
    await hubB.listen(second ?? database);
    try {
      const alice = collector("alice");
      const bob = collector("bob");
      const admin = collector("ada", true);
      const guest = collector(null);
      hubA.subscribe(alice);
      hubB.subscribe(bob);
      hubB.subscribe(admin);
      const unsubscribeGuest = hubA.subscribe(guest);

      await expect(
        db().transaction(async (tx) => {
          await publish(tx, { to: { users: ["alice"] }, type: "message", data: message("never") });
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");

      await db().transaction(async (tx) => {
        await publish(tx, { to: { users: ["bob"] }, type: "message", data: message("for bob") });
        await publish(tx, {
          to: { admins: true },
          type: "sale",
          data: { amount: 3000, currency: "usd", member: "Ann" },
        });
      });
      await publish(db(), {
        to: { everyone: true },
        type: "counts",
        data: { kind: "discussions" },
      });

      await until(
        () =>
          bob.received.length === 2 && guest.received.length === 1 && admin.received.length === 2,
      );
      expect(bob.received).toEqual([
        { type: "message", data: message("for bob") },
        { type: "counts", data: { kind: "discussions" } },
      ]);
      expect(admin.received.map((e) => e.type)).toEqual(["sale", "counts"]);
      expect(guest.received.map((e) => e.type)).toEqual(["counts"]);
      expect(alice.received.map((e) => e.type)).toEqual(["counts"]);

      unsubscribeGuest();
      await publish(db(), {
        to: { everyone: true },
        type: "counts",
        data: { kind: "discussions" },
      });
      await until(() => alice.received.length === 2);
      expect(guest.received).toHaveLength(1);
      expect(hubA.size).toBe(1);
    } finally {
      await hubA.close();
      await hubB.close();
      await second?.close();
    }
  });
});

describe("the /api/events stream", () => {
  it("writes each event addressed to the viewer as one data line, and stops on abort", async () => {
    const hub = new RealtimeHub();
    await hub.listen(database);
    const abort = new AbortController();
    try {
      const response = eventStream(hub, { userId: "carol", isAdmin: false }, abort.signal);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const readUntil = async (needle: string) => {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += decoder.decode(value);
        }
      };
      await readUntil(": connected");
      await publish(db(), {
        to: { users: ["someone-else"] },
        type: "message",
        data: message("not for carol"),
      });
      await publish(db(), {
        to: { users: ["carol"] },
        type: "message",
        data: message("<b>for carol</b>"),
      });
      await readUntil("for carol");
      expect(text).not.toContain("not for carol");
      expect(text).toContain(
        `data: ${JSON.stringify({ type: "message", data: message("<b>for carol</b>") })}\n\n`,
      );
      expect(hub.size).toBe(1);
      abort.abort();
      expect(hub.size).toBe(0);
      expect((await reader.read()).done).toBe(true);
    } finally {
      await hub.close();
    }
  });
});
