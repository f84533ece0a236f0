import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member, seedCategories } from "../../../tests/helpers/community";
import { guestRequest } from "../../../tests/helpers/accounts";
import { routeArgs } from "../../../tests/helpers/route-args";
import { db } from "#app/db/client.server";
import { CLIENT_IP_HEADER } from "#app/modules/auth/index.server";
import {
  saveCategory,
  decide,
  decideEdit,
  createPost,
  deletePost,
  updatePost,
} from "#app/modules/discussions/index.server";
import { categories, posts } from "#app/modules/discussions/schema";
import { pages } from "#app/modules/pages/schema";
import { updateSettings } from "#app/modules/settings/index.server";
import { loader as pageLoader } from "#app/routes/search";
import { loader as apiLoader } from "#app/routes/search/api";
import { searchWords } from "./schema";
import { findByKind, findQuick, submittedSearch } from "./search.server";
import { bestCandidate, correctSpelling, editDistance } from "./spelling.server";

let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof member>>;
let writer: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedCategories();
  admin = await member({ role: "admin", name: "Spelling Admin" });
  // A paying member publishes at once (no pre-moderation).
  writer = await member({ tier: "full", name: "Wren Writer" });
});
afterAll(() => cleanup());

let address = 0;
/** A request from its own address, so the per-client search rate limit never interferes. */
function searchRequest(path = "/search", cookie?: string) {
  const headers = new Headers({
    [CLIENT_IP_HEADER]: `10.27.${Math.floor(address / 250)}.${(address += 1) % 250}`,
  });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`http://localhost:3000${path}`, { headers });
}

async function publish(title: string, content: string, category = "general-discussion") {
  const { slug } = await createPost(writer.rules, { title, content, category });
  const [row] = await db()
    .select({ id: posts.id, status: posts.status })
    .from(posts)
    .where(eq(posts.slug, slug));
  assert(row);
  expect(row.status).toBe("published");
  return { id: row.id, slug };
}

async function dictionary(word: string) {
  const [row] = await db().select().from(searchWords).where(eq(searchWords.word, word));
  return row ? { documents: row.documents, guestDocuments: row.guestDocuments } : null;
}

/** The whole dictionary, in word order. */
async function allWords() {
  return db().select().from(searchWords).orderBy(asc(searchWords.word));
}

describe("the dictionary (search_words), kept by triggers", () => {
  it("holds the words of published posts: title words readable by guests, body words by members", async () => {
    await publish(
      "Moonlit meditation for beginners",
      "Breathe slowly and count each breath until the mind settles.",
    );
    expect(await dictionary("meditation")).toEqual({ documents: 1, guestDocuments: 1 });
    expect(await dictionary("breathe")).toEqual({ documents: 1, guestDocuments: 0 });
    // Words shorter than 3 letters, numbers and addresses are not words to correct to.
    await publish(
      "Seven 7s and an e-mail",
      "Write to 12345 or keeper@sanctuary.test, or visit https://sanctuary.test/path.",
    );
    for (const word of [
      "7s",
      "an",
      "12345",
      "keeper@sanctuary.test",
      "sanctuary.test/path",
      "e-mail",
    ])
      expect(await dictionary(word)).toBeNull();
    expect(await dictionary("keeper")).toBeNull(); // the parser keeps an address whole
  });

  it("counts a pending post only once approved, and never a rejected one", async () => {
    const newcomer = await member({ name: "New Nell" });
    const pending = await createPost(newcomer.rules, {
      title: "Quetzalcoatl sightings",
      category: "general-discussion",
      content: "Feathered serpentine visions.",
    });
    expect(pending.status).toBe("pending");
    expect(await dictionary("quetzalcoatl")).toBeNull();
    expect(await dictionary("serpentine")).toBeNull();
    const [row] = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.slug, pending.slug));
    await decide(admin.userId, { type: "post", id: row!.id }, "approve");
    expect(await dictionary("quetzalcoatl")).toEqual({ documents: 1, guestDocuments: 1 });

    const rejected = await createPost(newcomer.rules, {
      title: "Ouroboros musings",
      category: "general-discussion",
      content: "Nothing else.",
    });
    const [other] = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.slug, rejected.slug));
    await decide(admin.userId, { type: "post", id: other!.id }, "reject");
    expect(await dictionary("ouroboros")).toBeNull();
  });

  it("follows edits, held edits and deletion", async () => {
    const post = await publish("Selenite wands", "Cleansing with selenite and moonwater.");
    await updatePost(writer.rules, post.id, {
      title: "Selenite towers",
      category: "general-discussion",
      content: "Cleansing with selenite.",
    });
    expect(await dictionary("wands")).toBeNull();
    expect(await dictionary("moonwater")).toBeNull();
    expect(await dictionary("towers")).toEqual({ documents: 1, guestDocuments: 1 });

    // A held edit waits for review: its words are not readable yet.
    const newcomer = await member({ name: "Held Hana" });
    const held = await createPost(newcomer.rules, {
      title: "Labyrinth walking",
      category: "general-discussion",
      content: "Slow steps.",
    });
    const [heldRow] = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.slug, held.slug));
    assert(heldRow);
    await decide(admin.userId, { type: "post", id: heldRow.id }, "approve");
    expect(
      (
        await updatePost(newcomer.rules, heldRow.id, {
          title: "Labyrinth walking",
          category: "general-discussion",
          content: "Chrysoprase secrets.",
        })
      ).held,
    ).toBe(true);
    expect(await dictionary("chrysoprase")).toBeNull();
    await decideEdit(admin.userId, { type: "post", id: heldRow.id }, "approve");
    expect(await dictionary("chrysoprase")).toEqual({ documents: 1, guestDocuments: 0 });
    expect(await dictionary("steps")).toBeNull();

    await deletePost(writer.rules, post.id);
    expect(await dictionary("selenite")).toBeNull();
    expect(await dictionary("towers")).toBeNull();
  });

  it("counts a word once per document and drops it with the last one", async () => {
    const first = await publish("Amethyst geodes", "Amethyst amethyst amethyst.");
    const second = await publish("Caring for crystals", "My amethyst lives on the sill.");
    expect(await dictionary("amethyst")).toEqual({ documents: 2, guestDocuments: 1 });
    await deletePost(writer.rules, first.id);
    expect(await dictionary("amethyst")).toEqual({ documents: 1, guestDocuments: 0 });
    await deletePost(writer.rules, second.id);
    expect(await dictionary("amethyst")).toBeNull();
  });

  it("leaves out posts of inactive categories, and follows a category switched off, on and renamed", async () => {
    await db().insert(posts).values({
      title: "Archived obsidian lore",
      slug: "archived-obsidian",
      content: "Old scrying notes.",
      category: "archive",
      userId: writer.userId,
    });
    expect(await dictionary("obsidian")).toBeNull();

    const category = await db()
      .insert(categories)
      .values({ slug: "scrying", title: "Scrying", displayOrder: 5 })
      .returning({ id: categories.id });
    await publish("Scrying with a black mirror", "Candlelight and patience.", "scrying");
    expect(await dictionary("candlelight")).toEqual({ documents: 1, guestDocuments: 0 });
    const input = {
      title: "Scrying",
      slug: "scrying",
      description: "",
      displayOrder: 5,
      isActive: false,
      isReadOnly: false,
      premium: false,
    };
    await saveCategory(admin.userId, category[0]!.id, input);
    expect(await dictionary("candlelight")).toBeNull();
    await saveCategory(admin.userId, category[0]!.id, { ...input, isActive: true });
    expect(await dictionary("candlelight")).toEqual({ documents: 1, guestDocuments: 0 });
    // A new slug takes its posts along (saveCategory moves them): still counted, once.
    await saveCategory(admin.userId, category[0]!.id, {
      ...input,
      isActive: true,
      slug: "mirror-work",
    });
    expect(await dictionary("candlelight")).toEqual({ documents: 1, guestDocuments: 0 });
  });

  it("holds every word of the informational pages, readable by guests", async () => {
    await db()
      .insert(pages)
      .values({ slug: "refunds", title: "Refund policy", body: "Cancellation within thirty days." })
      .onConflictDoNothing();
    expect(await dictionary("cancellation")).toEqual({ documents: 1, guestDocuments: 1 });
    await db().update(pages).set({ body: "Ask us." }).where(eq(pages.slug, "refunds"));
    expect(await dictionary("cancellation")).toBeNull();
  });

  it("counts a bulk insert of many posts in one statement", async () => {
    await db()
      .insert(posts)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          title: `Bulk tourmaline ${i}`,
          slug: `bulk-tourmaline-${i}`,
          content: i % 2 ? "Hematite." : "Pyrite.",
          category: "general-discussion",
          userId: writer.userId,
        })),
      );
    expect(await dictionary("tourmaline")).toEqual({ documents: 50, guestDocuments: 50 });
    expect(await dictionary("hematite")).toEqual({ documents: 25, guestDocuments: 0 });
    await db()
      .delete(posts)
      .where(sql`${posts.slug} like 'bulk-tourmaline-%'`);
    expect(await dictionary("tourmaline")).toBeNull();
  });

  it("is exactly what counting every readable document afresh gives", async () => {
    const kept = await allWords();
    expect(kept.length).toBeGreaterThan(20);
    await db().execute(sql`select search_words_rebuild()`);
    expect(await allWords()).toEqual(kept);
  });
});

describe("spelling correction", () => {
  beforeAll(async () => {
    await publish(
      "Daily meditation practice",
      "Sit for ten minutes with a candle and watch the breath.",
    );
    await publish("Protection spells", "A circle of salt and rosemary keeps the space clear.");
  });

  it("finds the post about meditation for 'meditaton', and says it searched for the correction", async () => {
    const found = await findQuick("meditaton", "full", { spelling: true });
    expect(found.corrected).toBe("meditation");
    expect(found.results.map((r) => r.title)).toContain("Daily meditation practice");
    expect(found.results.find((r) => r.title === "Daily meditation practice")?.score).toBe(95); // SPEC §9 title match

    // No post holds both corrected words: a correction that finds nothing is not offered.
    expect(await submittedSearch(searchRequest(), "meditaton protecton")).toMatchObject({
      corrected: null,
      groups: [],
    });
    const both = await submittedSearch(searchRequest(), "protecton spels");
    expect(both.corrected).toBe("protection spells");
    expect(both.groups[0]!.results.map((r) => r.title)).toEqual(["Protection spells"]);
    // Exactly what was typed, on request: nothing.
    expect(await submittedSearch(searchRequest(), "meditaton", { exact: true })).toMatchObject({
      corrected: null,
      exact: true,
      groups: [],
    });
  });

  it("does not correct a word the dictionary holds, nor fall back when the search finds something", async () => {
    expect(await correctSpelling("meditation", "full")).toBeNull();
    const found = await findQuick("meditation", "full", { spelling: true });
    expect(found.corrected).toBeNull();
    expect(found.results.length).toBeGreaterThan(0);
    // A known word next to an unknown one: only the unknown one may change.
    expect(await correctSpelling("meditation rosemarry", "full")).toBe("meditation rosemary");
  });

  it("prefers the word fewest edits away over the one sharing most trigrams", async () => {
    // "protecton" shares more trigrams with "protect" (0.64) than with "protection" (0.62).
    await publish("Protect your energy", "Short note.");
    expect(await correctSpelling("protecton", "full")).toBe("protection");
    expect(editDistance("protecton", "protection")).toBe(1);
    expect(editDistance("protecton", "protect")).toBe(2);
    expect(editDistance("crytsal", "crystal")).toBe(1); // neighbours swapped
    expect(editDistance("東京", "東京都")).toBe(1);
    // Equal edits: the word more documents hold, then the more similar.
    expect(
      bestCandidate("cant", [
        { candidate: "cent", documents: 2, similarity: 0.3 },
        { candidate: "cart", documents: 9, similarity: 0.3 },
      ]),
    ).toBe("cart");
    expect(bestCandidate("zzz", [])).toBeNull();
  });

  it("keeps websearch syntax and the words it cannot correct", async () => {
    expect(await correctSpelling('"daily meditaton" -candel', "full")).toBe(
      '"daily meditation" -candel',
    );
    expect(await correctSpelling("zzqxv meditaton", "full")).toBe("zzqxv meditation");
    expect(await correctSpelling("zzqxv", "full")).toBeNull();
  });

  it("never suggests a word from content the asker cannot read", async () => {
    const newcomer = await member({ name: "Secret Sam" });
    // Pending, rejected, deleted, held back and archived: each holds a word nobody may read.
    const pending = await createPost(newcomer.rules, {
      title: "Xanthorrhoea pending",
      category: "general-discussion",
      content: "Xanthorrhoea.",
    });
    const rejected = await createPost(newcomer.rules, {
      title: "Zygomorphic rejected",
      category: "general-discussion",
      content: "Zygomorphic.",
    });
    const [rejectedRow] = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.slug, rejected.slug));
    await decide(admin.userId, { type: "post", id: rejectedRow!.id }, "reject");
    const deleted = await publish("Wolframite deleted", "Wolframite.");
    expect(await correctSpelling("wolframit", "full")).toBe("wolframite"); // while it could be read
    await deletePost(writer.rules, deleted.id);
    const approved = await publish("Quiet evening", "Nothing here.");
    await db()
      .update(posts)
      .set({
        heldTitle: "Vermiculite held",
        heldContent: "Vermiculite.",
        heldCategory: "general-discussion",
        heldAt: new Date(),
      })
      .where(eq(posts.id, approved.id));
    await db().insert(posts).values({
      title: "Sphalerite archived",
      slug: "sphalerite-archived",
      content: "Sphalerite.",
      category: "archive",
      userId: writer.userId,
    });

    for (const typo of ["xanthorrhoeaa", "zygomorphik", "wolframit", "vermiculit", "sphalerit"]) {
      for (const term of [typo, `${typo} or meditation`, `meditation ${typo}`]) {
        expect(String(await correctSpelling(term, "full")), term).not.toMatch(
          /xanthorrhoea\b|zygomorphic|wolframite|vermiculite|sphalerite/,
        );
        const found = await findByKind(term, "full", { spelling: true });
        expect(JSON.stringify(found), term).not.toMatch(
          /xanthorrhoea\b|zygomorphic|wolframite|vermiculite|sphalerite/i,
        );
      }
    }
    // Once readable, the same typo is corrected: the test above would see a leak.
    const [pendingRow] = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.slug, pending.slug));
    await decide(admin.userId, { type: "post", id: pendingRow!.id }, "approve");
    expect(await correctSpelling("xanthorrhoeaa", "full")).toBe("xanthorrhoea");
  });

  it("premium categories are readable by all (SPEC §6), so their words are suggested like their posts are found", async () => {
    await publish("Grimoire study: sigils", "Advanced sigilcraft.", "inner-sanctum");
    const found = await findQuick("sigilcraf", "full", { spelling: true });
    expect(found.corrected).toBe("sigilcraft");
    expect(found.results.map((r) => r.title)).toEqual(["Grimoire study: sigils"]);
  });

  it("corrects a guest of members-only reading only to words of titles (what they may search)", async () => {
    await publish("Evening notes", "Labradorite on the windowsill.");
    await publish("Labradorite for beginners", "Plain words.");
    expect(await correctSpelling("windowsil", "full")).toBe("windowsill");
    expect(await correctSpelling("windowsil", "titles")).toBeNull();
    expect(await correctSpelling("labradorrite", "titles")).toBe("labradorite");

    await updateSettings(admin.userId, { members_only_reading: "true" });
    try {
      const guest = await submittedSearch(searchRequest(), "windowsil");
      expect(guest).toMatchObject({ corrected: null, groups: [] });
      // (A typo that is the start of a title word is found as typed: titles match substrings.)
      const guestTitles = await submittedSearch(searchRequest(), "labradorrite");
      expect(guestTitles.corrected).toBe("labradorite");
      // Title matches only, without the body's excerpt.
      expect(guestTitles.groups[0]!.results.map((r) => [r.title, r.excerpt])).toEqual([
        ["Labradorite for beginners", ""],
      ]);
      const signedIn = await submittedSearch(searchRequest("/search", writer.cookie), "windowsil");
      expect(signedIn.corrected).toBe("windowsill");
      expect(signedIn.groups[0]!.results.map((r) => r.title)).toEqual(["Evening notes"]);
    } finally {
      await updateSettings(admin.userId, { members_only_reading: "false" });
    }
  });
});

describe("hostile input never fails the search", () => {
  const hostile = [
    Array.from({ length: 1000 }, (_, i) => `meditaton${i}`).join(" "),
    Array.from({ length: 1000 }, () => "meditaton").join(" "),
    "m".repeat(100_000),
    `${"meditatonnn".repeat(10)} protecton`,
    "!!! ??? ... --- ***",
    "\"\"\" ''' ((( ))) &&& ||| :::",
    "'; drop table search_words; --",
    "meditaton' or '1'='1",
    "%_\\ meditaton %%",
    "\u0000meditaton\u0000",
    "\uD800 lone surrogate meditaton",
    "-meditaton -protecton",
    "or or or meditaton or",
    "ﷺ 東京 медитаця 🔮🔮",
  ];

  it("answers the dropdown and the page with results or nothing, never an error", async () => {
    for (const raw of hostile) {
      // URLSearchParams, as a browser would send it (a lone surrogate becomes U+FFFD).
      const q = new URLSearchParams({ q: raw }).toString();
      const api = await apiLoader(routeArgs(searchRequest(`/api/search?${q}`)));
      expect(api.status, raw.slice(0, 40)).toBe(200);
      const body = (await api.json()) as { results: unknown[]; corrected: string | null };
      expect(Array.isArray(body.results)).toBe(true);

      for (const exact of ["", "&exact=1", "&exact=%00", "&exact=1&exact=0"]) {
        const page = await pageLoader(routeArgs(searchRequest(`/search?${q}${exact}`)));
        const result =
          "data" in (page as object)
            ? (page as { data: { groups: unknown[] }; init?: { status?: number } })
            : { data: page as { groups: unknown[] }, init: undefined };
        expect(result.init?.status ?? 200, raw.slice(0, 40)).toBeLessThan(500);
        expect(Array.isArray(result.data.groups)).toBe(true);
      }
    }
    // The dictionary is intact after all that.
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(searchWords),
    ).not.toEqual([{ n: 0 }]);
  });

  it("looks up at most 8 words of a long term, each of 3 to 32 letters", async () => {
    expect(
      await correctSpelling(
        Array.from({ length: 1000 }, (_, i) => `w${"a".repeat(i % 40)}`).join(" "),
        "full",
      ),
    ).toBeNull();
    expect(await correctSpelling("m".repeat(100_000), "full")).toBeNull();
    expect(await correctSpelling("!!! ...", "full")).toBeNull();
  });
});

describe("a guest of open reading", () => {
  it("gets the same corrections as members", async () => {
    const found = await dropdownSearchFor("meditaton");
    expect(found.corrected).toBe("meditation");
  });
});

async function dropdownSearchFor(raw: string) {
  const response = await apiLoader(
    routeArgs(
      new Request(`http://localhost:3000/api/search?q=${encodeURIComponent(raw)}`, {
        headers: guestRequest().headers,
      }),
    ),
  );
  return (await response.json()) as { corrected: string | null; results: Array<{ title: string }> };
}
