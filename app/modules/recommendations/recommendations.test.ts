import { afterAll, assert, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member, seedCategories } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { categories, comments, postViews, posts, reactions } from "#app/modules/discussions/schema";
import { recordView, toggleReaction, createComment } from "#app/modules/discussions/index.server";
import { todaysRecommendations } from "./recommendations.server";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedCategories();
  await db()
    .insert(categories)
    .values([
      { slug: "tarot", title: "Tarot & Divination", displayOrder: 3 },
      { slug: "meditation", title: "Meditation", displayOrder: 4 },
      { slug: "herbs", title: "Herbal Lore", displayOrder: 5 },
    ]);
});
afterAll(() => cleanup());

const NOW = new Date("2030-03-10T09:00:00Z");
const HOUR = 3_600_000;
/** /explore is for premium members: what the page passes as its reader. */
const asPremium = (id: string) => ({ id, isPremium: true, isAdmin: false });
let n = 0;

/** A post written straight into the table: any author, state, category and age. */
async function post(
  authorId: string,
  input: {
    title: string;
    category: string;
    status?: "published" | "pending" | "rejected";
    featured?: boolean;
    hoursAgo?: number;
    replies?: number;
    reactions?: number;
  },
) {
  n += 1;
  const at = new Date(NOW.getTime() - (input.hoursAgo ?? n) * HOUR);
  const [row] = await db()
    .insert(posts)
    .values({
      title: input.title,
      slug: `post-${n}-${input.title.toLowerCase().replace(/\W+/g, "-")}`,
      content: `Some thoughts on ${input.title.toLowerCase()}.`,
      category: input.category,
      userId: authorId,
      status: input.status ?? "published",
      isFeatured: input.featured ?? false,
      replyCount: input.replies ?? 0,
      reactionCount: input.reactions ?? 0,
      createdAt: at,
      lastActivityAt: at,
    })
    .returning({ id: posts.id, title: posts.title });
  return row;
}

const ids = (r: Awaited<ReturnType<typeof todaysRecommendations>>) => r.items.map((i) => i.id);

describe("todaysRecommendations", () => {
  let selene: Awaited<ReturnType<typeof member>>;
  let orion: Awaited<ReturnType<typeof member>>;
  let amara: Awaited<ReturnType<typeof member>>;

  it("has nothing to recommend (and says it is a cold start) in a community without discussions", async () => {
    const newcomer = await member({ tier: "full" });
    const result = await todaysRecommendations(asPremium(newcomer.userId), { now: NOW });
    expect(result).toEqual({ day: "2030-03-10", coldStart: true, items: [], suggestions: [] });
  });

  it("starts a member without history on popular and featured discussions, each explained", async () => {
    selene = await member({ tier: "full", name: "Selene Ashgrove" });
    orion = await member({ tier: "full", name: "Orion Vale" });
    amara = await member({ tier: "lifetime", name: "Amara Nightbloom" });
    await post(selene.userId, {
      title: "Three card tarot spreads for beginners",
      category: "tarot",
      replies: 8,
      reactions: 5,
    });
    await post(selene.userId, {
      title: "Reading reversed tarot cards",
      category: "tarot",
      replies: 2,
    });
    await post(selene.userId, { title: "Celtic cross tarot layout explained", category: "tarot" });
    await post(orion.userId, {
      title: "Morning breath meditation routine",
      category: "meditation",
      reactions: 3,
    });
    await post(orion.userId, {
      title: "Grounding meditation after ritual",
      category: "meditation",
    });
    await post(amara.userId, {
      title: "Drying lavender and mugwort",
      category: "herbs",
      featured: true,
    });
    await post(amara.userId, { title: "Herbal teas for dream work", category: "herbs" });
    await post(amara.userId, { title: "Moon water and intention", category: "general-discussion" });

    const newcomer = await member({ tier: "full" });
    const result = await todaysRecommendations(asPremium(newcomer.userId), { now: NOW });
    expect(result.coldStart).toBe(true);
    expect(result.items.length).toBe(8);
    const reasons = new Map(result.items.map((i) => [i.item.title, i.reason]));
    expect(reasons.get("Three card tarot spreads for beginners")).toEqual({ type: "trending" });
    expect(reasons.get("Drying lavender and mugwort")).toEqual({ type: "featured" });
    expect(reasons.get("Celtic cross tarot layout explained")).toEqual({
      type: "fresh",
      circle: "Tarot & Divination",
    });
    const first = result.items.find(
      (i) => i.item.title === "Three card tarot spreads for beginners",
    )!;
    expect(first.labelKey).toBe("explore.kinds.discussion");
    expect(first.item).toMatchObject({
      href: expect.stringMatching(/^\/discussions\/post-\d+-three-card/),
      topic: { label: "Tarot & Divination", href: "/discussions?category=tarot" },
      author: { displayName: "Selene Ashgrove" },
      replyCount: 8,
      reactionCount: 5,
    });
  });

  it("follows what the member reads, and never shows what they already read", async () => {
    const reader = await member({ tier: "full" });
    const [read] = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.title, "Reading reversed tarot cards"));
    assert(read);
    await recordView(read.id, reader.userId);
    const result = await todaysRecommendations(asPremium(reader.userId), { now: NOW });
    expect(result.coldStart).toBe(false);
    expect(ids(result)).not.toContain(read.id);
    const tarot = result.items.filter((i) => i.item.topic.label === "Tarot & Divination");
    expect(tarot.length).toBe(2);
    // Tarot first: the member's only interest so far.
    expect(result.items.slice(0, 2).map((i) => i.item.topic.label)).toEqual([
      "Tarot & Divination",
      "Tarot & Divination",
    ]);
    for (const pick of tarot) {
      expect([
        { type: "similar", action: "read", title: "Reading reversed tarot cards" },
        { type: "circle", circle: "Tarot & Divination" },
        { type: "author", name: "Selene Ashgrove" },
      ]).toContainEqual(pick.reason);
    }
  });

  it("leaves out the member's own posts, pending and rejected posts, inactive categories and what they replied to or reacted to", async () => {
    const writer = await member({ tier: "full" });
    const other = await member({ tier: "full" });
    const own = await post(writer.userId, {
      title: "My meditation journal week one",
      category: "meditation",
    });
    const pending = await post(other.userId, {
      title: "Pending meditation question",
      category: "meditation",
      status: "pending",
    });
    assert(pending);
    const rejected = await post(other.userId, {
      title: "Rejected meditation spam",
      category: "meditation",
      status: "rejected",
    });
    assert(rejected);
    const archived = await post(other.userId, {
      title: "Archived meditation notes",
      category: "archive",
    });
    assert(archived);
    const [breath] = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.title, "Morning breath meditation routine"));
    assert(breath);
    const [grounding] = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.title, "Grounding meditation after ritual"));
    assert(grounding);
    await toggleReaction(writer.rules, { type: "post", id: breath.id }, "like");
    await createComment({ ...writer.rules, displayName: "Writer" }, grounding.id, {
      content: "Lovely practice, thank you.",
      parentId: null,
    });

    const result = await todaysRecommendations(asPremium(writer.userId), { now: NOW });
    for (const hidden of [own!.id, pending.id, rejected.id, archived.id, breath.id, grounding.id])
      expect(ids(result)).not.toContain(hidden);
    expect(result.items.length).toBeGreaterThan(0);
    // Pending and rejected posts are not recommended to anyone.
    const stranger = await todaysRecommendations(
      asPremium((await member({ tier: "full" })).userId),
      {
        now: NOW,
      },
    );
    expect(ids(stranger)).not.toContain(pending.id);
    expect(ids(stranger)).not.toContain(rejected.id);
    expect(ids(stranger)).not.toContain(archived.id);
  });

  it("explains picks by the member's circle, a favourite author, a similar post, or members alike", async () => {
    const fan = await member({ tier: "full" });
    const [spreads] = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.title, "Three card tarot spreads for beginners"));
    const [tea] = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.title, "Herbal teas for dream work"));
    assert(tea);
    // The fan likes Amara's herbal post; three other members who like it too like a meditation post.
    await toggleReaction(fan.rules, { type: "post", id: tea.id }, "like");
    const liked = await post(orion.userId, {
      title: "Candle gazing for focus",
      category: "meditation",
      hoursAgo: 200,
    });
    for (let i = 0; i < 3; i++) {
      const alike = await member({ tier: "full" });
      await toggleReaction(alike.rules, { type: "post", id: tea.id }, "like");
      await toggleReaction(alike.rules, { type: "post", id: liked!.id }, "blessed");
    }
    const result = await todaysRecommendations(asPremium(fan.userId), { now: NOW });
    const byTitle = new Map(result.items.map((i) => [i.item.title, i.reason]));
    expect(byTitle.get("Candle gazing for focus")).toEqual({
      type: "alsoLiked",
      title: "Herbal teas for dream work",
    });
    // Amara's other posts: her herbal circle or her as an author.
    expect([
      { type: "circle", circle: "Herbal Lore" },
      { type: "author", name: "Amara Nightbloom" },
    ]).toContainEqual(byTitle.get("Drying lavender and mugwort"));
    expect(byTitle.get("Moon water and intention")).toEqual({
      type: "author",
      name: "Amara Nightbloom",
    });
    expect(ids(result)).not.toContain(tea.id);

    // Reading about tarot spreads recommends another post sharing its words.
    const student = await member({ tier: "full" });
    await db()
      .insert(postViews)
      .values({ postId: spreads!.id, viewerKey: student.userId, day: "2030-03-01" });
    const similar = await post(orion.userId, {
      title: "Tarot spreads for the new moon",
      category: "general-discussion",
    });
    const forStudent = await todaysRecommendations(asPremium(student.userId), { now: NOW });
    expect(forStudent.items.find((i) => i.id === similar!.id)?.reason).toEqual({
      type: "similar",
      action: "read",
      title: "Three card tarot spreads for beginners",
    });
  });

  it("keeps the same picks in the same order all day and reshuffles them the next day", async () => {
    const author = await member({ tier: "full" });
    for (let i = 0; i < 30; i++)
      await post(author.userId, {
        title: `Daily practice note ${i}`,
        category: "general-discussion",
        hoursAgo: 300 + i,
      });
    const viewer = await member({ tier: "full" });
    // Room for every pick: earlier tests' popular posts must not crowd these near-equal ones out.
    const on = (iso: string) =>
      todaysRecommendations(asPremium(viewer.userId), { now: new Date(iso), limit: 100 });
    const morning = await on("2030-03-10T00:05:00Z");
    const evening = await on("2030-03-10T23:55:00Z");
    expect(ids(evening)).toEqual(ids(morning));
    expect(evening.items.map((i) => i.reason)).toEqual(morning.items.map((i) => i.reason));
    // The author's notes score almost alike, so the day's shuffle reorders them.
    const notes = (result: Awaited<ReturnType<typeof on>>) =>
      result.items.filter((i) => i.item.title.startsWith("Daily practice note")).map((i) => i.id);
    expect(notes(morning).length).toBeGreaterThan(5);
    const days = await Promise.all(
      ["2030-03-11", "2030-03-12", "2030-03-13"].map((d) => on(`${d}T12:00:00Z`)),
    );
    expect(days.some((d) => notes(d).join() !== notes(morning).join())).toBe(true);
  });

  it("costs two queries whatever the length of the history", async () => {
    const busy = await member({ tier: "full" });
    const quiet = await member({ tier: "full" });
    const all = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.status, "published"));
    await db()
      .insert(postViews)
      .values(
        all.map((p, i) => ({
          postId: p.id,
          viewerKey: busy.userId,
          day: `2030-02-${String((i % 28) + 1).padStart(2, "0")}`,
        })),
      );
    await db()
      .insert(reactions)
      .values(
        all.slice(0, 20).map((p) => ({
          userId: busy.userId,
          targetType: "post" as const,
          targetId: p.id,
          kind: "like" as const,
        })),
      );
    const spy = vi.spyOn(db(), "execute");
    await todaysRecommendations(asPremium(quiet.userId), { now: NOW });
    const forQuiet = spy.mock.calls.length;
    const busyResult = await todaysRecommendations(asPremium(busy.userId), { now: NOW });
    expect(spy.mock.calls.length - forQuiet).toBe(forQuiet);
    expect(forQuiet).toBe(2);
    spy.mockRestore();
    // Everything was read: nothing left to recommend, and it is not a cold start.
    expect(busyResult).toMatchObject({ coldStart: false, items: [] });
    expect((await db().select({ id: comments.id }).from(comments)).length).toBeGreaterThan(0);
  });
});
