import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member, seedCategories } from "../../../tests/helpers/community";
import { guestRequest } from "../../../tests/helpers/accounts";
import { db } from "#app/db/client.server";
import { CLIENT_IP_HEADER } from "#app/modules/auth/index.server";
import { posts } from "#app/modules/discussions/schema";
import { pages } from "#app/modules/pages/schema";
import { profiles } from "#app/modules/profiles/schema";
import { scoresAreOrdered } from "./kinds/kind";
import { SEARCH_KINDS } from "./kinds/index.server";
import { SEARCH_LIMITS, allowSearch, hashIp, logResultClick } from "./log.server";
import { searchLog } from "./schema";
import {
  dropdownSearch,
  quickSearch,
  searchByKind,
  searchStatement,
  submittedSearch,
} from "./search.server";
import { clickSchema } from "./validation";

let cleanup: () => Promise<void>;
let author: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedCategories();
  author = await member({ name: "Quill Author" });
});
afterAll(() => cleanup());

let seq = 0;
/** Inserts a post directly: the search reads rows, so moderation and side effects are not needed here. */
async function post(values: {
  title: string;
  content?: string;
  status?: "published" | "pending" | "rejected";
  category?: string;
  ageHours?: number;
}) {
  seq += 1;
  await db()
    .insert(posts)
    .values({
      title: values.title,
      slug: `post-${seq}`,
      content: values.content ?? "Nothing to see in this body.",
      category: values.category ?? "general-discussion",
      userId: author.userId,
      status: values.status ?? "published",
      createdAt: new Date(Date.now() - (values.ageHours ?? 0) * 3_600_000),
      lastActivityAt: new Date(Date.now() - (values.ageHours ?? 0) * 3_600_000),
    });
  return `post-${seq}`;
}

async function rename(userId: string, displayName: string, slug: string) {
  await db().update(profiles).set({ displayName, slug }).where(eq(profiles.userId, userId));
}

async function page(slug: string, title: string, body: string) {
  await db()
    .insert(pages)
    .values({ slug, title, body })
    .onConflictDoUpdate({ target: pages.slug, set: { title, body } });
}

function requestFrom(ip: string, init: { cookie?: string; userAgent?: string } = {}) {
  const headers = new Headers({
    [CLIENT_IP_HEADER]: ip,
    "user-agent": init.userAgent ?? "Vitest Browser/1.0",
  });
  if (init.cookie) headers.set("cookie", init.cookie);
  return new Request("http://localhost:3000/search", { headers });
}

describe("the registry", () => {
  it("scores every title match above every body match (SPEC §9)", () => {
    expect(scoresAreOrdered(SEARCH_KINDS)).toBe(true);
    expect(SEARCH_KINDS.find((k) => k.name === "post")?.scores).toEqual({ title: 95, body: 80 });
    expect(SEARCH_KINDS.find((k) => k.name === "post")?.limits.dropdown).toBe(6);
    for (const kind of SEARCH_KINDS.filter((k) => k.name !== "post"))
      expect(kind.limits.dropdown).toBe(3);
  });

  it("searches every kind in one statement: a UNION ALL of two branches (title, any match) per kind", () => {
    const { sql: text } = new PgDialect().sqlToQuery(
      searchStatement("moon water", (k) => k.limits.dropdown),
    );
    const branches = SEARCH_KINDS.reduce((n, k) => n + (k.bounded?.recentFrom ? 4 : 2), 0);
    expect(text.match(/union all/g)).toHaveLength(branches - 1);
    expect(text).toContain("websearch_to_tsquery('simple'");
    expect(text).not.toContain("moon water"); // the term is a bound parameter
  });
});

describe("ranking", () => {
  beforeAll(async () => {
    await post({ title: "Moonstone rituals for beginners", content: "Start small.", ageHours: 48 });
    await post({
      title: "Candle colours",
      content: "A drop of **moonstone** elixir helps, says my teacher.",
      ageHours: 1,
    });
    const m = await member({});
    await rename(m.userId, "Moonstone Mira", "moonstone-mira");
    await page("about", "About Sanctuary", "We share lore about moonstone and more.");
  });

  it("puts a title match before a body match, even an older one", async () => {
    const results = await quickSearch("moonstone");
    expect(results.map((r) => [r.kind, r.title, r.score])).toEqual([
      ["post", "Moonstone rituals for beginners", 95],
      ["member", "Moonstone Mira", 90],
      ["post", "Candle colours", 80],
      ["page", "About Sanctuary", 70],
    ]);
    expect(results[0]!.url).toMatch(/^\/discussions\/post-\d+$/);
    expect(results[1]!.url).toBe("/profile/moonstone-mira");
    expect(results[1]!.avatar).toBe(true);
    expect(results[3]!.url).toBe("/about");
  });

  it("gives each result its details: a post's author, category and date, a member's rank and join date, a page's last change", async () => {
    const results = await quickSearch("moonstone");
    const byTitle = (title: string) => results.find((r) => r.title === title)!.details;
    expect(byTitle("Moonstone rituals for beginners")).toMatchObject({
      author: "Quill Author",
      category: "General Discussion",
      date: { meaning: "posted" },
    });
    expect(
      Date.now() - Date.parse(byTitle("Moonstone rituals for beginners").date!.at),
    ).toBeGreaterThan(47 * 3_600_000); // written 48 h ago
    expect(byTitle("Moonstone Mira")).toEqual({
      rank: "initiate",
      date: { at: expect.any(String), meaning: "joined" },
    });
    expect(byTitle("About Sanctuary")).toEqual({
      date: { at: expect.any(String), meaning: "updated" },
    });
    // The search page's groups carry the same.
    const [posts] = await searchByKind("moonstone");
    expect(posts!.results[0]!.details).toMatchObject({
      author: "Quill Author",
      category: "General Discussion",
    });
  });

  it("cuts excerpts to 120 characters around the match", async () => {
    const long = `${"Preamble words before the point. ".repeat(20)}Here the selenite wand matters most. ${"Closing words after the point. ".repeat(20)}`;
    await post({ title: "A long essay", content: long });
    const [result] = await quickSearch("selenite");
    assert(result);
    expect(result.excerpt.length).toBeLessThanOrEqual(120);
    expect(result.excerpt).toContain("selenite wand");
    expect(result.excerpt.startsWith("…")).toBe(true);
    expect(result.excerpt.endsWith("…")).toBe(true);
  });

  it("finds members by a near spelling, below exact name matches", async () => {
    const m = await member({});
    await rename(m.userId, "Selene Ashgrove", "selene-ashgrove");
    const [fuzzy] = await quickSearch("Ashgrovee");
    expect(fuzzy).toMatchObject({ kind: "member", title: "Selene Ashgrove", score: 75 });
    const [bySlug] = await quickSearch("@selene-ashgrove");
    expect(bySlug).toMatchObject({ kind: "member", score: 90 });
  });

  it("merges at most 8 results, with at most 6 posts and 3 of each other kind", async () => {
    for (let i = 0; i < 10; i++) await post({ title: `Zephyr meditation part ${i}`, ageHours: i });
    for (let i = 0; i < 5; i++) {
      const m = await member({});
      await rename(m.userId, `Zephyr Keeper ${i}`, `zephyr-keeper-${i}`);
    }
    for (const slug of ["privacy", "terms", "refunds", "help"])
      await page(slug, `Zephyr ${slug}`, "Body text.");

    const dropdown = await quickSearch("zephyr");
    expect(dropdown).toHaveLength(8);
    expect(dropdown.filter((r) => r.kind === "post")).toHaveLength(6);
    expect(dropdown.filter((r) => r.kind === "member")).toHaveLength(2);
    // Latest activity first among equal scores.
    expect(dropdown.slice(0, 6).map((r) => r.title)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `Zephyr meditation part ${i}`),
    );
    const scores = dropdown.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);

    // Only members match "Keeper": still at most 3 of them in the dropdown.
    expect((await quickSearch("Zephyr Keeper")).filter((r) => r.kind === "member")).toHaveLength(3);

    // The search page shows more, grouped by kind in registry order.
    const groups = await searchByKind("zephyr");
    expect(groups.map((g) => [g.kind, g.results.length])).toEqual([
      ["post", 10],
      ["member", 5],
      ["page", 4],
    ]);
    expect(groups[0]!.headingKey).toBe("search.discussions");
  });
});

describe("visibility", () => {
  it("shows published posts only, in active categories, premium ones included", async () => {
    await post({ title: "Obsidian mirror published" });
    await post({ title: "Obsidian mirror pending", status: "pending" });
    await post({ title: "Obsidian mirror rejected", status: "rejected" });
    await post({ title: "Obsidian mirror archived", category: "archive" });
    await post({ title: "Obsidian mirror sanctum", category: "inner-sanctum" });
    const titles = (await quickSearch("obsidian")).map((r) => r.title).sort();
    expect(titles).toEqual(["Obsidian mirror published", "Obsidian mirror sanctum"]);
    const pageTitles = (await searchByKind("obsidian")).flatMap((g) =>
      g.results.map((r) => r.title),
    );
    expect(pageTitles).not.toContain("Obsidian mirror pending");
  });

  it("matches the body through full-text search, with websearch syntax", async () => {
    await post({
      title: "Evening practice",
      content: "I light incense of sandalwood and sit quietly.",
    });
    await post({
      title: "Morning practice",
      content: "Sandalwood oil on the wrists, nothing else.",
    });
    expect((await quickSearch("sandalwood -incense")).map((r) => r.title)).toEqual([
      "Morning practice",
    ]);
    expect((await quickSearch('"incense of sandalwood"')).map((r) => r.title)).toEqual([
      "Evening practice",
    ]);
  });
});

describe("minimum length", () => {
  it("gives no results and logs nothing for terms under 2 characters after trimming", async () => {
    const before = await db().select({ id: searchLog.id }).from(searchLog);
    for (const raw of ["", " ", "z", "  z  ", null]) {
      expect(await submittedSearch(requestFrom("198.51.100.1"), raw)).toMatchObject({
        term: null,
        groups: [],
        limited: false,
      });
      expect(await dropdownSearch(requestFrom("198.51.100.1"), raw)).toEqual({
        term: null,
        results: [],
        corrected: null,
      });
    }
    expect(await db().select({ id: searchLog.id }).from(searchLog)).toHaveLength(before.length);
    expect((await submittedSearch(requestFrom("198.51.100.1"), " ze ")).term).toBe("ze");
  });
});

describe("logging (SPEC §7 log_search_term)", () => {
  it("stores a submitted term with the member, the hashed address and the user agent, never the raw address", async () => {
    const signedIn = await member({ name: "Logging Luna" });
    const result = await submittedSearch(
      requestFrom("203.0.113.77", { cookie: signedIn.cookie, userAgent: "Firefox/Test" }),
      "  moonstone  ",
    );
    expect(result.term).toBe("moonstone");
    expect(result.groups.length).toBeGreaterThan(0);
    const rows = await db().select().from(searchLog).where(eq(searchLog.userId, signedIn.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      term: "moonstone",
      kind: "search",
      userAgent: "Firefox/Test",
      resultCount: result.groups.reduce((n, g) => n + g.results.length, 0),
    });
    expect(rows[0]!.resultCount).toBeGreaterThan(0);
    expect(rows[0]!.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.ipHash).toBe(hashIp("203.0.113.77"));
    expect(JSON.stringify(rows[0])).not.toContain("203.0.113.77");

    await submittedSearch(requestFrom("203.0.113.78"), "guest term");
    const [guest] = await db().select().from(searchLog).where(eq(searchLog.term, "guest term"));
    assert(guest);
    expect(guest.userId).toBeNull();
    // A search that found nothing is logged with 0, for the analytics screen's list.
    expect(guest.resultCount).toBe(0);
    expect(guest.ipHash).not.toBe(rows[0]!.ipHash);
  });

  it("does not log the dropdown's searches while someone types", async () => {
    await dropdownSearch(requestFrom("203.0.113.79"), "typing along");
    expect(
      await db().select().from(searchLog).where(eq(searchLog.term, "typing along")),
    ).toHaveLength(0);
  });

  it("logs a result click as 'query -> title (type)'", async () => {
    const signedIn = await member({});
    const parsed = clickSchema.parse({
      q: "  moonstone ",
      title: "Moonstone rituals for beginners",
      kind: "post",
    });
    expect(await logResultClick(requestFrom("203.0.113.80"), parsed, signedIn.userId)).toBe(true);
    const [row] = await db().select().from(searchLog).where(eq(searchLog.userId, signedIn.userId));
    expect(row).toMatchObject({
      kind: "click",
      term: "moonstone -> Moonstone rituals for beginners (post)",
      ipHash: hashIp("203.0.113.80"),
    });

    expect(
      await logResultClick(
        requestFrom("203.0.113.80"),
        { q: "moonstone", title: "Coven school", kind: "partner" },
        null,
      ),
    ).toBe(true);
    expect(
      await db()
        .select()
        .from(searchLog)
        .where(eq(searchLog.term, "moonstone -> Coven school (partner)")),
    ).toHaveLength(1);

    // Unknown kinds and short queries are refused.
    expect(
      await logResultClick(
        requestFrom("203.0.113.80"),
        { q: "moonstone", title: "X", kind: "spirit" },
        null,
      ),
    ).toBe(false);
    expect(clickSchema.safeParse({ q: "m", title: "X", kind: "post" }).success).toBe(false);
  });
});

describe("rate limit", () => {
  it("refuses a client over its limit, and only that client", async () => {
    const flooding = requestFrom("192.0.2.99");
    for (let i = 0; i < SEARCH_LIMITS.searchPerIp().limit; i++)
      expect(await allowSearch(flooding)).toBe(true);
    expect(await dropdownSearch(flooding, "moonstone")).toEqual({ limited: true });
    expect(await submittedSearch(flooding, "moonstone")).toMatchObject({
      limited: true,
      groups: [],
    });
    expect(
      await db()
        .select()
        .from(searchLog)
        .where(eq(searchLog.ipHash, hashIp("192.0.2.99"))),
    ).toHaveLength(0);
    expect(await dropdownSearch(guestRequest(), "moonstone")).toMatchObject({ term: "moonstone" });
  });
});
