import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member, seedCategories } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { posts } from "#app/modules/discussions/schema";
import { TRENDING } from "./limits";
import { searchLog } from "./schema";
import { loadTrendingSearches } from "./trending.server";

let cleanup: () => Promise<void>;
let author: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedCategories();
  author = await member({ name: "Trend Author" });
});
afterAll(() => cleanup());

const DAY = 24 * 60 * 60 * 1000;
let seq = 0;

/** A published post, so that searching its words finds something. */
async function post(title: string) {
  seq += 1;
  await db()
    .insert(posts)
    .values({
      title,
      slug: `trend-post-${seq}`,
      content: "A body.",
      category: "general-discussion",
      userId: author.userId,
      status: "published",
    });
}

/** `times` searches for `term` by one searcher (a hashed address), `daysAgo` days back. */
async function searched(
  term: string,
  searcher: string,
  options: { times?: number; daysAgo?: number; kind?: "search" | "click" } = {},
) {
  const createdAt = new Date(Date.now() - (options.daysAgo ?? 1) * DAY);
  await db()
    .insert(searchLog)
    .values(
      Array.from({ length: options.times ?? 1 }, () => ({
        term,
        kind: options.kind ?? "search",
        ipHash: searcher,
        createdAt,
      })),
    );
}

describe("trending searches from the search log", () => {
  it("is empty while nobody searched (the list is then hidden)", async () => {
    expect(await loadTrendingSearches()).toEqual([]);
  });

  it("lists the terms most people searched for this week that find something", async () => {
    await post("Moon water under the full moon");
    await post("Tarot spreads for a new year");
    await post("Candle magic basics");
    // Three searchers, in any case and spacing the log holds: first.
    await searched("moon water", "a");
    await searched("Moon Water", "b");
    await searched("moon water", "c");
    // Two searchers, many searches: after the term with more people.
    await searched("tarot", "a", { times: 5 });
    await searched("tarot", "d");
    // Popular but finds nothing: left out.
    for (const who of ["a", "b", "c", "d"]) await searched("zzyzx quux", who);
    // One person only, however often: never suggested to others.
    await searched("candle", "e", { times: 9 });
    // Older than a week: left out.
    for (const who of ["a", "b", "c"]) await searched("candle magic", who, { daysAgo: 8 });
    // Clicks are not searches.
    for (const who of ["a", "b", "c"])
      await searched("candle -> Candle magic basics (post)", who, { kind: "click" });

    expect(await loadTrendingSearches()).toEqual(["moon water", "tarot"]);
  });

  it("shows at most eight terms, and reads only the newest logged searches", async () => {
    for (let i = 0; i < 10; i++) {
      await post(`Rune number${i} meanings`);
      await searched(`number${i}`, "f");
      await searched(`number${i}`, "g");
    }
    const shown = await loadTrendingSearches();
    expect(shown).toHaveLength(TRENDING.shown);
    // A term whose searches are all older than the newest 5,000 is not counted, however popular.
    const now = new Date(Date.now() + DAY);
    await db()
      .insert(searchLog)
      .values(
        Array.from({ length: TRENDING.scanned }, (_, i) => ({
          term: `filler ${i}`,
          kind: "search" as const,
          ipHash: `x${i}`,
          createdAt: new Date(now.getTime() - 1000),
        })),
      );
    expect(await loadTrendingSearches(now)).toEqual([]);
  });
});
