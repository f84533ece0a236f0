import { describe, expect, it } from "vitest";
import { createI18n } from "#app/i18n/i18n";
import {
  buildTaste,
  dailyNoise,
  dayKey,
  isColdStart,
  rankPicks,
  tasteQuery,
  termsOf,
  type Candidate,
  type Interaction,
} from "./ranking";
import { reasonText } from "./reasons";

const DAY = "2030-03-10";
const VIEWER = "viewer";

function interaction(over: Partial<Interaction> & { id: string }): Interaction {
  return {
    kind: "discussion",
    title: "A post",
    action: "read",
    at: new Date("2030-03-09T12:00:00Z"),
    topic: { key: "tarot", label: "Tarot" },
    author: { key: "selene", label: "Selene" },
    ...over,
  };
}

function candidate(over: Partial<Candidate<string>> & { id: string }): Candidate<string> {
  return {
    kind: "discussion",
    title: over.title ?? `Post ${over.id}`,
    text: over.text ?? over.title ?? `Post ${over.id}`,
    topic: { key: "general", label: "General" },
    author: { key: `author-${over.id}`, label: `Author ${over.id}` },
    popularity: 0,
    engagement: 0,
    featured: false,
    alsoLikedBy: 0,
    alsoLikedVia: null,
    item: over.id,
    ...over,
  };
}

describe("taste", () => {
  it("weighs actions, lets old activity fade and never counts the member as their own favourite author", () => {
    const taste = buildTaste(
      [
        interaction({ id: "a", action: "read" }),
        interaction({ id: "b", action: "react", topic: { key: "herbs", label: "Herbs" } }),
        interaction({
          id: "c",
          action: "write",
          author: { key: VIEWER, label: "Me" },
          topic: { key: "herbs", label: "Herbs" },
          at: new Date("2030-01-09T12:00:00Z"),
        }),
      ],
      VIEWER,
      DAY,
    );
    expect(taste.topics.get("discussion:tarot")?.weight).toBeCloseTo(1);
    // A reaction (3) plus an own post 60 days old (2 × ¼).
    expect(taste.topics.get("discussion:herbs")?.weight).toBeCloseTo(3.5, 1);
    expect(taste.authors.has(VIEWER)).toBe(false);
    expect(taste.authors.get("selene")?.weight).toBeCloseTo(4);
    expect(isColdStart(taste)).toBe(false);
    expect(isColdStart(buildTaste([], VIEWER, DAY))).toBe(true);
  });

  it("keeps the strongest action of a post for its reason and takes terms from titles", () => {
    const taste = buildTaste(
      [
        interaction({ id: "a", title: "Tarot spreads for beginners", action: "read" }),
        interaction({ id: "a", title: "Tarot spreads for beginners", action: "react" }),
      ],
      VIEWER,
      DAY,
    );
    expect(taste.seeds.get("discussion:a")).toMatchObject({ action: "react", weight: 4 });
    expect([...termsOf("Tarot spreads for the NEW moon, 2030! Any thoughts?")]).toEqual([
      "tarot",
      "spreads",
      "moon",
    ]);
    expect([...termsOf("Медитация и дыхание")]).toEqual(["медитация", "дыхание"]);
    const query = tasteQuery(taste, "discussion");
    expect(query).toEqual({
      topics: ["tarot"],
      authors: ["selene"],
      terms: expect.arrayContaining(["tarot", "spreads", "beginners"]),
      seeds: ["a"],
    });
    expect(tasteQuery(taste, "video")).toMatchObject({ topics: [], seeds: [] });
  });
});

describe("rankPicks", () => {
  it("explains each pick by its strongest signal", () => {
    const taste = buildTaste(
      [
        interaction({
          id: "s1",
          title: "Candle magic colours",
          action: "react",
          topic: { key: "candles", label: "Candle Craft" },
          author: { key: "amara", label: "Amara" },
        }),
        interaction({
          id: "s2",
          title: "Moon water ritual",
          action: "comment",
          topic: { key: "moon", label: "Moon Work" },
          author: { key: "orion", label: "Orion" },
        }),
      ],
      VIEWER,
      DAY,
    );
    const picks = rankPicks(
      [
        candidate({ id: "circle", topic: { key: "candles", label: "Candle Craft" } }),
        candidate({ id: "author", author: { key: "orion", label: "Orion" } }),
        candidate({ id: "similar", title: "Blessing moon water at home" }),
        candidate({ id: "alike", alsoLikedBy: 5, alsoLikedVia: "s1" }),
        candidate({ id: "hot", popularity: 3, engagement: 7 }),
        candidate({ id: "pinned", featured: true }),
        candidate({ id: "new" }),
      ],
      taste,
      DAY,
    );
    const reasons = Object.fromEntries(picks.map((p) => [p.item, p.reason]));
    expect(reasons).toEqual({
      circle: { type: "circle", circle: "Candle Craft" },
      author: { type: "author", name: "Orion" },
      similar: { type: "similar", action: "comment", title: "Moon water ritual" },
      alike: { type: "alsoLiked", title: "Candle magic colours" },
      hot: { type: "trending" },
      pinned: { type: "featured" },
      new: { type: "fresh", circle: "General" },
    });
    // Personal signals come before mere popularity.
    expect(
      picks
        .slice(-3)
        .map((p) => p.item)
        .sort(),
    ).toEqual(["hot", "new", "pinned"]);
  });

  it("never recommends what the member already interacted with", () => {
    const taste = buildTaste([interaction({ id: "seen" })], VIEWER, DAY);
    expect(
      rankPicks([candidate({ id: "seen" }), candidate({ id: "other" })], taste, DAY).map(
        (p) => p.id,
      ),
    ).toEqual(["other"]);
  });

  it("is stable within a day and reshuffles close scores from day to day", () => {
    const taste = buildTaste([], VIEWER, DAY);
    const pool = Array.from({ length: 30 }, (_, i) =>
      candidate({ id: `p${i}`, popularity: 1, engagement: 1 }),
    );
    const today = rankPicks(pool, taste, DAY).map((p) => p.id);
    expect(rankPicks([...pool].reverse(), taste, DAY).map((p) => p.id)).toEqual(today);
    expect(today).toHaveLength(12);
    expect(rankPicks(pool, taste, "2030-03-11").map((p) => p.id)).not.toEqual(today);
    expect(dailyNoise(DAY, "x")).toBe(dailyNoise(DAY, "x"));
    expect(dailyNoise(DAY, "x")).not.toBe(dailyNoise("2030-03-11", "x"));
    expect(dayKey(new Date("2030-03-10T23:59:59Z"))).toBe(DAY);
  });

  it("spreads picks over authors and topics while there is choice", () => {
    const taste = buildTaste(
      [
        interaction({
          id: "s",
          topic: { key: "tarot", label: "Tarot" },
          author: { key: "selene", label: "Selene" },
        }),
      ],
      VIEWER,
      DAY,
    );
    const sameAuthor = Array.from({ length: 8 }, (_, i) =>
      candidate({
        id: `s${i}`,
        topic: { key: "tarot", label: "Tarot" },
        author: { key: "selene", label: "Selene" },
      }),
    );
    const others = Array.from({ length: 8 }, (_, i) =>
      candidate({ id: `o${i}`, topic: { key: `t${i}`, label: `Topic ${i}` } }),
    );
    const picks = rankPicks([...sameAuthor, ...others], taste, DAY, 8);
    expect(picks.filter((p) => p.id.startsWith("s"))).toHaveLength(3);
    // Without other choice the limit is filled anyway.
    expect(rankPicks(sameAuthor, taste, DAY, 8)).toHaveLength(8);
  });
});

describe("reasonText", () => {
  it("renders every reason through its translation key", async () => {
    const i18n = createI18n("en", {
      explore: {
        reasons: {
          read: "Because you read “{{title}}”",
          circle: "Because you follow {{circle}}",
          trending: "Trending",
        },
      },
    });
    // Titles and names are bidi-isolated (U+2068 … U+2069) so they keep their direction in any language.
    expect(reasonText({ type: "similar", action: "read", title: "Moon water" }, i18n.t)).toBe(
      "Because you read “\u2068Moon water\u2069”",
    );
    expect(reasonText({ type: "circle", circle: "Tarot" }, i18n.t)).toBe(
      "Because you follow \u2068Tarot\u2069",
    );
    expect(reasonText({ type: "trending" }, i18n.t)).toBe("Trending");
  });
});
