import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { createAccount } from "#app/modules/auth/index.server";
import { categories, posts } from "#app/modules/discussions/schema";
import { covenEvents } from "#app/modules/coven-events/schema";
import { covens } from "#app/modules/covens/schema";
import { videos } from "#app/modules/videos/schema";
import { articles } from "#app/modules/library/schema";
import { relatedDiscussions } from "#app/modules/discussions/index.server";
import { siteSuggestions } from "#app/modules/recommendations/index.server";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { refreshAll, relatedTo, retrieve, type KnowledgeViewer } from "./index.server";

let cleanup: () => Promise<void>;
let authorId: string;
let member: KnowledgeViewer;
const premium: KnowledgeViewer = { id: "p", isPremium: true, isAdmin: false };
const HOUR = 3_600_000;

async function event(values: Partial<typeof covenEvents.$inferInsert> & { title: string }) {
  const start = values.startAt ?? new Date(Date.now() + 24 * HOUR);
  const [row] = await db()
    .insert(covenEvents)
    .values({
      uid: `${values.title}-${Math.random()}@test`,
      startAt: start,
      endAt: new Date(start.getTime() + HOUR),
      seriesEndAt: new Date(start.getTime() + HOUR),
      timeZone: "UTC",
      visibility: "public",
      ...values,
    })
    .returning({ id: covenEvents.id });
  return row!.id;
}

let publicEvent: string;
let premiumEvent: string;
let covenEvent: string;
let cancelledEvent: string;
let pastEvent: string;
let archivedHostEvent: string;

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  authorId = await createAccount({
    email: `related-${Date.now()}@example.test`,
    password: "correct-horse-battery",
    name: "Related Author",
  });
  member = { id: authorId, isPremium: false, isAdmin: false };
  await db()
    .insert(videos)
    .values([
      {
        slug: "candle-magic-basics",
        title: "Candle magic basics",
        description: "How to dress a beeswax candle with anointing oil before a spell.",
        uploaderId: authorId,
        embedProvider: "youtube",
        embedId: "abcdefghijk",
        status: "published",
        publishedAt: new Date(),
      },
      {
        slug: "silent-obsidian-video",
        title: "Obsidian gazing session",
        uploaderId: authorId,
        embedProvider: "youtube",
        embedId: "abcdefghijk",
        tags: ["scrying", "obsidian"],
        status: "published",
        publishedAt: new Date(),
      },
      {
        slug: "pending-video",
        title: "Pending beeswax video",
        description: "Beeswax candles waiting for review.",
        uploaderId: authorId,
        embedProvider: "youtube",
        embedId: "abcdefghijk",
      },
      {
        slug: "hidden-video",
        title: "Hidden beeswax video",
        description: "Beeswax candles an admin hid.",
        uploaderId: authorId,
        embedProvider: "youtube",
        embedId: "abcdefghijk",
        status: "published",
        isActive: false,
      },
    ]);
  const [coven] = await db()
    .insert(covens)
    .values({ slug: "old-circle", name: "Old circle", language: "en", visibility: "open" })
    .returning({ id: covens.id });
  const [archived] = await db()
    .insert(covens)
    .values({
      slug: "gone-circle",
      name: "Gone circle",
      language: "en",
      visibility: "open",
      archivedAt: new Date(),
    })
    .returning({ id: covens.id });
  publicEvent = await event({
    title: "Full moon drumming circle",
    description: "Bring a frame drum; we drum under the full moon in the park.",
  });
  premiumEvent = await event({
    title: "Premium lunar drumming",
    description: "Members with full access drum for the lunar eclipse.",
    visibility: "premium",
  });
  covenEvent = await event({
    title: "Coven drumming night",
    description: "Only for the circle: drumming and tea.",
    visibility: "coven",
    covenId: coven!.id,
  });
  cancelledEvent = await event({
    title: "Cancelled drumming",
    description: "This drumming was called off.",
    cancelledAt: new Date(),
  });
  pastEvent = await event({
    title: "Last month's drumming",
    description: "Drumming that is over.",
    startAt: new Date(Date.now() - 48 * HOUR),
  });
  archivedHostEvent = await event({
    title: "Drumming of an archived circle",
    description: "Drumming hosted by a circle that closed.",
    covenId: archived!.id,
  });
  await db()
    .insert(categories)
    .values([
      { title: "Hall", slug: "hall" },
      { title: "Sanctum", slug: "sanctum", subscriptionTierRequired: "full" },
    ]);
  await db()
    .insert(posts)
    .values([
      {
        title: "Tarot spreads for new moon intentions",
        slug: "tarot-new-moon",
        content: "Which tarot spread do you use to set intentions at the new moon?",
        category: "hall",
        userId: authorId,
      },
      {
        title: "My favourite three-card tarot spread",
        slug: "three-card-tarot",
        content: "Past, present, future: the tarot spread I use every morning.",
        category: "hall",
        userId: authorId,
      },
      {
        title: "Tarot spread secrets of the sanctum",
        slug: "sanctum-tarot",
        content: "A premium tarot spread for new moon work.",
        category: "sanctum",
        userId: authorId,
      },
      {
        title: "Pending tarot spread",
        slug: "pending-tarot",
        content: "A tarot spread waiting for a moderator.",
        category: "hall",
        userId: authorId,
        status: "pending",
      },
      {
        title: "Growing mugwort in pots",
        slug: "mugwort-pots",
        content: "Mugwort likes sun and poor soil.",
        category: "hall",
        userId: authorId,
      },
    ]);
  await db().insert(articles).values({
    type: "grimoire",
    slug: "drum-book",
    title: "The drum book",
    summary: "",
    body: "## Drumming rhythm for trance\n\nA steady drumming rhythm of four beats a second.\n\n## Drumming rhythm for calling\n\nA broken drumming rhythm that rises and falls.",
    status: "published",
    publishedAt: new Date(),
  });
  await refreshAll();
});

afterAll(async () => {
  await cleanup();
});

describe("videos in the knowledge index", () => {
  it("finds a published video by its description, linking to its page", async () => {
    const hits = await retrieve("how do I dress a beeswax candle", null, { kinds: ["video"] });
    expect(hits.map((h) => h.url)).toEqual(["/video/candle-magic-basics"]);
    expect(hits[0]!.title).toBe("Candle magic basics");
  });

  it("finds a video without a description by its title and tags", async () => {
    const hits = await retrieve("obsidian scrying", null, { kinds: ["video"] });
    expect(hits.map((h) => h.url)).toContain("/video/silent-obsidian-video");
  });

  it("never holds pending or hidden videos", async () => {
    const rows = await db()
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.slug, "pending-video"));
    expect(rows).toHaveLength(1);
    const hits = await retrieve("beeswax review hid", premium, { kinds: ["video"], limit: 10 });
    expect(hits.map((h) => h.url)).not.toContain("/video/pending-video");
    expect(hits.map((h) => h.url)).not.toContain("/video/hidden-video");
  });
});

describe("events in the knowledge index", () => {
  it("gives guests public upcoming events only", async () => {
    const urls = (await retrieve("drumming", null, { kinds: ["event"], limit: 20 })).map(
      (h) => h.url,
    );
    expect(urls).toContain(`/covens/events/${publicEvent}`);
    expect(urls).not.toContain(`/covens/events/${premiumEvent}`);
  });

  it("gives premium readers the premium events too", async () => {
    const urls = (await retrieve("drumming", premium, { kinds: ["event"], limit: 20 })).map(
      (h) => h.url,
    );
    expect(urls).toContain(`/covens/events/${premiumEvent}`);
    expect(urls).toContain(`/covens/events/${publicEvent}`);
  });

  it("never holds coven-only, cancelled, finished or archived-coven events", async () => {
    const urls = (await retrieve("drumming", premium, { kinds: ["event"], limit: 20 })).map(
      (h) => h.url,
    );
    for (const id of [covenEvent, cancelledEvent, pastEvent, archivedHostEvent])
      expect(urls).not.toContain(`/covens/events/${id}`);
  });

  it("drops an event on the refresh after it is cancelled", async () => {
    await db()
      .update(covenEvents)
      .set({ cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(covenEvents.id, publicEvent));
    await refreshAll();
    const urls = (await retrieve("drumming", null, { kinds: ["event"], limit: 20 })).map(
      (h) => h.url,
    );
    expect(urls).not.toContain(`/covens/events/${publicEvent}`);
  });
});

describe("related discussions", () => {
  const thread = { title: "Tarot spreads for new moon intentions", slug: "tarot-new-moon" };

  it("lists close threads, never the thread itself, pending ones or unrelated ones", async () => {
    const related = await relatedDiscussions(thread, member);
    const urls = related.map((r) => r.url);
    expect(urls).toContain("/discussions/three-card-tarot");
    expect(urls).not.toContain("/discussions/tarot-new-moon");
    expect(urls).not.toContain("/discussions/pending-tarot");
    expect(urls).not.toContain("/discussions/mugwort-pots");
  });

  it("shows a premium category's thread only to premium readers", async () => {
    expect((await relatedDiscussions(thread, member)).map((r) => r.url)).not.toContain(
      "/discussions/sanctum-tarot",
    );
    expect((await relatedDiscussions(thread, premium)).map((r) => r.url)).toContain(
      "/discussions/sanctum-tarot",
    );
  });

  it("keeps to the kinds asked for", async () => {
    const hits = await relatedTo(
      { title: "Beeswax candle dressing oil", url: "/nowhere" },
      member,
      { kinds: ["post"] },
    );
    expect(hits.every((h) => h.sourceKind === "post")).toBe(true);
    expect(await relatedTo({ title: "tarot spread" }, member, { kinds: [] })).toEqual([]);
  });
});

describe("suggestions across the site for /explore", () => {
  it("finds videos and events from what the member engaged with, saying through which", async () => {
    const found = await siteSuggestions(premium, [
      { title: "Beeswax candle spells", action: "react" },
      { title: "Lunar drumming", action: "read" },
    ]);
    const byUrl = new Map(found.map((s) => [s.url, s]));
    expect(byUrl.get("/video/candle-magic-basics")).toMatchObject({
      kind: "video",
      reason: { type: "similar", action: "react", title: "Beeswax candle spells" },
    });
    expect(byUrl.get(`/covens/events/${premiumEvent}`)?.kind).toBe("event");
    expect(found.every((s) => s.kind !== ("post" as string))).toBe(true);
  });

  it("suggests an article once, however many of its sections match", async () => {
    const found = await siteSuggestions(premium, [{ title: "Drumming rhythm", action: "read" }]);
    const articlePages = found.filter((s) => s.kind === "article");
    expect(articlePages).toHaveLength(1);
    expect(articlePages[0]!.url).toMatch(/^\/article\/grimoire\/[0-9a-f-]+#s-[12]$/);
  });

  it("keeps premium events from a free member and suggests nothing without seeds", async () => {
    const found = await siteSuggestions(member, [{ title: "Lunar drumming", action: "read" }]);
    expect(found.map((s) => s.url)).not.toContain(`/covens/events/${premiumEvent}`);
    expect(await siteSuggestions(premium, [])).toEqual([]);
  });
});
