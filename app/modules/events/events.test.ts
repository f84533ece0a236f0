import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member, profileOf, seedCategories } from "../../../tests/helpers/community";
import { db, type Db } from "#app/db/client.server";
import { createPost, createComment, getThread } from "#app/modules/discussions/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { reputationEvents } from "#app/modules/reputation/schema";
import { emitEvent } from "./emit.server";
import { drainJobs, runJob, type EventJob } from "./jobs.server";
import { handledEvents } from "./schema";
import { SUBSCRIPTIONS } from "./subscribers.server";
import type { EventOf } from "./types";

let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedCategories();
  admin = await member({ role: "admin", name: "Moderator Maya" });
});
afterAll(() => cleanup());

const answerAccepted = (
  commentAuthorId: string,
  commentId: string,
): EventOf<"answer.accepted"> => ({
  name: "answer.accepted",
  commentId,
  commentAuthorId,
  postTitle: "A question",
  url: `/discussions/a-question?comment=${commentId}#comment-${commentId}`,
});

async function noticesOf(userId: string, type: "accepted_answer" | "moderation" | "new_reply") {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
}

describe("domain events", () => {
  it("are never handled when the command's transaction rolls back", async () => {
    const m = await member();
    // Creating the member queued its own `member.joined` notice: out of the way first.
    await drainJobs();
    const commentId = crypto.randomUUID();
    await expect(
      db().transaction(async (tx) => {
        await emitEvent(tx as unknown as Db, answerAccepted(m.userId, commentId));
        throw new Error("the command fails after emitting");
      }),
    ).rejects.toThrow("the command fails after emitting");
    expect(await drainJobs()).toEqual({ ran: 0, failed: 0 });
    expect(await noticesOf(m.userId, "accepted_answer")).toHaveLength(0);

    // The same event emitted in a transaction that commits is handled: the test can fail.
    await db().transaction((tx) =>
      emitEvent(tx as unknown as Db, answerAccepted(m.userId, commentId)),
    );
    // One job per subscriber of answer.accepted (notifications, reputation).
    expect(await drainJobs()).toEqual({ ran: 2, failed: 0 });
    expect(await noticesOf(m.userId, "accepted_answer")).toHaveLength(1);
  });

  it("retry a subscriber that failed, and its effect happens once", async () => {
    const m = await member();
    await drainJobs();
    const before = await profileOf(m.userId);
    const subscription = SUBSCRIPTIONS.find(
      (s) => s.event === "answer.accepted" && s.subscriber === "notifications",
    )!;
    const original = subscription.handle;
    let calls = 0;
    // Fails the first time after its effect was written: the effect rolls back with the failure.
    subscription.handle = async (tx, event) => {
      calls++;
      await original(tx, event);
      if (calls === 1) throw new Error("the mail server hiccuped");
    };
    try {
      await db().transaction((tx) =>
        emitEvent(tx as unknown as Db, answerAccepted(m.userId, crypto.randomUUID())),
      );
      const outcome = await drainJobs();
      expect(outcome.failed).toBe(1);
      expect(calls).toBe(2);
    } finally {
      subscription.handle = original;
    }
    expect(await noticesOf(m.userId, "accepted_answer")).toHaveLength(1);
    // The reputation subscriber of the same event ran once, unaffected by the other's failure.
    expect((await profileOf(m.userId)).xpPoints - before.xpPoints).toBe(25);
  });

  it("run a job delivered twice only once (the completion was lost after the effect committed)", async () => {
    const m = await member();
    const subscription = SUBSCRIPTIONS.find(
      (s) => s.event === "answer.accepted" && s.subscriber === "notifications",
    )!;
    const job: EventJob = {
      id: crypto.randomUUID(),
      event: answerAccepted(m.userId, crypto.randomUUID()),
    };
    await runJob(subscription, job);
    await runJob(subscription, job);
    expect(await noticesOf(m.userId, "accepted_answer")).toHaveLength(1);
    expect(
      await db().select().from(handledEvents).where(eq(handledEvents.eventId, job.id)),
    ).toHaveLength(1);
  });
});

describe("a comment", () => {
  it("tells the admins through a job when it waits for moderation", async () => {
    const author = await member({ tier: "yearly" });
    const { slug } = await createPost(author.rules, {
      title: "A thread for newcomers",
      category: "general-discussion",
      content: "Say hello.",
    });
    const thread = (await getThread(slug, author.rules))!;
    const newbie = await member({ name: "Newcomer Nell" });
    const { status } = await createComment(newbie.rules, thread.post.id, {
      content: "Hello all!",
      parentId: null,
    });
    expect(status).toBe("pending");
    const waiting = (n: typeof notifications.$inferSelect) =>
      JSON.stringify(n.params).includes("Newcomer Nell");
    // Nothing happened inside the request: the notice is a job.
    expect((await noticesOf(admin.userId, "moderation")).filter(waiting)).toHaveLength(0);
    await drainJobs();
    expect(
      (await noticesOf(admin.userId, "moderation")).filter(waiting).map((n) => n.params),
    ).toEqual([
      { kind: "pending", target: "comment", name: "Newcomer Nell", post: "A thread for newcomers" },
    ]);
  });

  it("earns reputation and tells the post's author through jobs when published", async () => {
    const author = await member({ tier: "yearly", name: "Poster Pia" });
    const { slug } = await createPost(author.rules, {
      title: "Ask me anything",
      category: "general-discussion",
      content: "Anything.",
    });
    const thread = (await getThread(slug, author.rules))!;
    const replier = await member({ tier: "yearly", name: "Replier Remy" });
    const { id, status } = await createComment(replier.rules, thread.post.id, {
      content: "What is your favourite herb?",
      parentId: null,
    });
    expect(status).toBe("published");
    const awarded = () =>
      db()
        .select()
        .from(reputationEvents)
        .where(and(eq(reputationEvents.userId, replier.userId), eq(reputationEvents.sourceId, id)));
    expect(await awarded()).toHaveLength(0);
    expect(await noticesOf(author.userId, "new_reply")).toHaveLength(0);
    await drainJobs();
    expect((await awarded()).map((a) => a.kind)).toEqual(["comment_published"]);
    expect((await profileOf(replier.userId)).mysticalBadges).toContain("first-reply");
    expect((await noticesOf(author.userId, "new_reply")).map((n) => n.params)).toEqual([
      {
        kind: "reply",
        name: "Replier Remy",
        post: "Ask me anything",
        preview: "What is your favourite herb?",
      },
    ]);
  });
});
