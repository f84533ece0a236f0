import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { createAccount } from "#app/modules/auth/index.server";
import { db } from "#app/db/client.server";
import { notifications } from "#app/modules/notifications/schema";
import { profiles } from "#app/modules/profiles/schema";
import { award } from "./award.server";
import { AWARDS, RANK_THRESHOLDS, badgesFor, rankForXp, type Milestones } from "./rules";
import { reputationEvents } from "./schema";

// The award rules and the award function, whatever runs it (inline today, a job later): what a
// contribution earns, that it earns once, and the ranks and badges that follow.
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

let counter = 0;
const member = () =>
  createAccount({
    email: `rep${++counter}-${Date.now()}@example.test`,
    password: "correct-horse-battery",
    name: `Contributor ${counter}`,
  });
const standing = async (userId: string) =>
  (
    await db()
      .select({
        xp: profiles.xpPoints,
        reputation: profiles.reputation,
        rank: profiles.mysticalRank,
        badges: profiles.mysticalBadges,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId))
  )[0];
const achievements = async (userId: string) =>
  (
    await db()
      .select({ params: notifications.params, actionUrl: notifications.actionUrl })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.createdAt)
  ).map((n) => ({ ...(n.params as object), actionUrl: n.actionUrl }));
const awardMany = async (
  userId: string,
  kind: keyof typeof AWARDS,
  count: number,
  prefix: string = kind,
) => {
  for (let i = 0; i < count; i++) await award(db(), userId, kind, `${prefix}-${i}`);
};

describe("the rules", () => {
  it("rank by XP at the thresholds, and never take headmaster away", () => {
    expect(RANK_THRESHOLDS.map((t) => [t.rank, t.minXp])).toEqual([
      ["archon", 5000],
      ["magus", 2000],
      ["adept", 500],
      ["initiate", 0],
    ]);
    const ranks = [0, 499, 500, 1999, 2000, 4999, 5000, 1_000_000].map((xp) =>
      rankForXp(xp, "initiate"),
    );
    expect(ranks).toEqual([
      "initiate",
      "initiate",
      "adept",
      "adept",
      "magus",
      "magus",
      "archon",
      "archon",
    ]);
    expect(rankForXp(0, "headmaster")).toBe("headmaster");
    expect(rankForXp(9999, "headmaster")).toBe("headmaster");
  });

  it("give each badge at its milestone and not one short of it", () => {
    const none: Milestones = { posts: 0, comments: 0, reactionsReceived: 0, acceptedAnswers: 0 };
    expect(badgesFor(none)).toEqual([]);
    expect(badgesFor({ ...none, posts: 1 })).toEqual(["first-post"]);
    expect(badgesFor({ ...none, comments: 1 })).toEqual(["first-reply"]);
    expect(badgesFor({ ...none, reactionsReceived: 9 })).toEqual([]);
    expect(badgesFor({ ...none, reactionsReceived: 10 })).toEqual(["helpful"]);
    expect(badgesFor({ ...none, acceptedAnswers: 4 })).toEqual([]);
    expect(badgesFor({ ...none, acceptedAnswers: 5 })).toEqual(["mentor"]);
    expect(badgesFor({ ...none, posts: 24 })).toEqual(["first-post"]);
    expect(
      badgesFor({ posts: 25, comments: 1, reactionsReceived: 10, acceptedAnswers: 5 }),
    ).toEqual(["first-post", "first-reply", "helpful", "mentor", "scholar"]);
  });
});

describe("an award", () => {
  it("adds the XP and reputation of its kind to the member and to the ledger", async () => {
    const userId = await member();
    await award(db(), userId, "answer_accepted", "comment-1");
    expect(await standing(userId)).toMatchObject({
      xp: AWARDS.answer_accepted.xp,
      reputation: AWARDS.answer_accepted.reputation,
      rank: "initiate",
    });
    await award(db(), userId, "reaction_received", "reaction-1");
    expect(await standing(userId)).toMatchObject({ xp: 25 + 2, reputation: 15 + 1 });
    const ledger = await db()
      .select({
        kind: reputationEvents.kind,
        sourceId: reputationEvents.sourceId,
        xp: reputationEvents.xp,
        reputation: reputationEvents.reputation,
      })
      .from(reputationEvents)
      .where(eq(reputationEvents.userId, userId));
    expect(ledger).toEqual(
      expect.arrayContaining([
        { kind: "answer_accepted", sourceId: "comment-1", xp: 25, reputation: 15 },
        { kind: "reaction_received", sourceId: "reaction-1", xp: 2, reputation: 1 },
      ]),
    );
    expect(ledger).toHaveLength(2);
  });

  it("is earned once per member, kind and source (react, un-react, react again)", async () => {
    const userId = await member();
    const other = await member();
    for (let i = 0; i < 3; i++) await award(db(), userId, "reaction_received", "reaction-x");
    expect(await standing(userId)).toMatchObject({ xp: 2, reputation: 1 });
    // The same source may earn another kind, and another member the same kind.
    await award(db(), userId, "comment_published", "reaction-x");
    await award(db(), other, "reaction_received", "reaction-x");
    expect(await standing(userId)).toMatchObject({ xp: 2 + 5, reputation: 1 + 1 });
    expect(await standing(other)).toMatchObject({ xp: 2, reputation: 1 });
  });

  it("is undone with the transaction it ran in", async () => {
    const userId = await member();
    await expect(
      db().transaction(async (tx) => {
        await award(tx, userId, "answer_accepted", "rolled-back");
        throw new Error("the action failed after awarding");
      }),
    ).rejects.toThrow("the action failed after awarding");
    expect(await standing(userId)).toMatchObject({ xp: 0, reputation: 0 });
    expect(
      await db().select().from(reputationEvents).where(eq(reputationEvents.userId, userId)),
    ).toHaveLength(0);
    // Not spent: the same source can still earn it.
    await award(db(), userId, "answer_accepted", "rolled-back");
    expect((await standing(userId))!.xp).toBe(25);
  });
});

describe("ranks and badges", () => {
  it("raise the rank at 500 XP and tell the member once", async () => {
    const userId = await member();
    await awardMany(userId, "answer_accepted", 19); // 475 XP
    expect((await standing(userId))!.rank).toBe("initiate");
    expect((await achievements(userId)).filter((a) => "rank" in a)).toEqual([]);
    await award(db(), userId, "answer_accepted", "the-twentieth"); // 500 XP
    expect((await standing(userId))!.rank).toBe("adept");
    await award(db(), userId, "answer_accepted", "one-more");
    expect((await achievements(userId)).filter((a) => "rank" in a)).toEqual([
      { kind: "rank", rank: "adept", actionUrl: "/dashboard" },
    ]);
  });

  it("give mentor at the fifth accepted answer and helpful at the tenth reaction, each told once", async () => {
    const userId = await member();
    await awardMany(userId, "answer_accepted", 4);
    await awardMany(userId, "reaction_received", 9);
    expect((await standing(userId))!.badges).toEqual([]);
    await award(db(), userId, "answer_accepted", "fifth");
    expect((await standing(userId))!.badges).toEqual(["mentor"]);
    await award(db(), userId, "reaction_received", "tenth");
    await awardMany(userId, "reaction_received", 3, "more");
    expect((await standing(userId))!.badges).toEqual(["mentor", "helpful"]);
    const badges = (await achievements(userId)).filter((a) => "badge" in a);
    expect(badges).toEqual([
      { kind: "badge", badge: "mentor", actionUrl: "/dashboard" },
      { kind: "badge", badge: "helpful", actionUrl: "/dashboard" },
    ]);
  });

  it("leave a headmaster a headmaster, however much XP comes", async () => {
    const userId = await member();
    await db()
      .update(profiles)
      .set({ mysticalRank: "headmaster" })
      .where(eq(profiles.userId, userId));
    await awardMany(userId, "answer_accepted", 21);
    expect(await standing(userId)).toMatchObject({ rank: "headmaster", xp: 525 });
    expect((await achievements(userId)).filter((a) => "rank" in a)).toEqual([]);
  });
});
