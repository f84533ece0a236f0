import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { db, type Db } from "#app/db/client.server";
import { createAccount } from "#app/modules/auth/index.server";
import { drainJobs, emitEvent, runJob } from "#app/modules/events/index.server";
import { notifications } from "./schema";
import { notificationSubscriptions } from "./subscribers.server";

// SPEC §3 `new_user`: the admins' notice of a new account is the `member.joined` subscriber's
// effect, run by the job queue once per account.
let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin" });
  await drainJobs();
});
afterAll(() => cleanup());

const noticesAbout = (userId: string) =>
  db()
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, admin.userId),
        eq(notifications.type, "new_user"),
        eq(notifications.actionUrl, `/profile/${userId}`),
      ),
    );

describe("a new account", () => {
  it("is announced to the admins by a job after the sign-up, once", async () => {
    const userId = await createAccount({
      email: `joiner-${Date.now()}@example.test`,
      password: "correct-horse-battery",
      name: "Juniper Joiner",
    });
    expect(await noticesAbout(userId)).toHaveLength(0);
    await drainJobs();
    const notices = await noticesAbout(userId);
    expect(notices.map((n) => n.params)).toEqual([{ kind: "newMember", name: "Juniper Joiner" }]);

    // The same event delivered again (a completion lost after the notice committed) adds nothing.
    const subscription = notificationSubscriptions.find(
      (s) => s.event === "member.joined" && s.subscriber === "notifications",
    )! as Parameters<typeof runJob>[0];
    const job = {
      id: crypto.randomUUID(),
      event: { name: "member.joined" as const, userId, displayName: "Juniper Joiner" },
    };
    await runJob(subscription, job);
    await runJob(subscription, job);
    // One more notice for the new event id, none for its repeat.
    expect(await noticesAbout(userId)).toHaveLength(2);
  });

  it("is not announced when the transaction that emitted it rolls back", async () => {
    const userId = crypto.randomUUID();
    await expect(
      db().transaction(async (tx) => {
        await emitEvent(tx as unknown as Db, {
          name: "member.joined",
          userId,
          displayName: "Never Was",
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await drainJobs()).toEqual({ ran: 0, failed: 0 });
    expect(await noticesAbout(userId)).toHaveLength(0);
  });
});
