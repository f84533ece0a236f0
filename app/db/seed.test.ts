import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../tests/helpers/test-db";
import { db } from "./client.server";
import { seedIfEmpty, seedPages } from "./seed.server";
import { auditLog } from "#app/modules/audit/schema";
import { SEED_PAGES, RETIRED_SEED_BODIES } from "#app/modules/pages/index.server";
import { categories, posts } from "#app/modules/discussions/schema";
import { pages } from "#app/modules/pages/schema";
import { profiles } from "#app/modules/profiles/schema";
import { listPosts } from "#app/modules/discussions/index.server";
import { drainJobs } from "#app/modules/events/index.server";
import { knowledgeChunks } from "#app/modules/knowledge/schema";
import { bookChapters, books } from "#app/modules/books/schema";
import { bookPage, DEMO_BOOK } from "#app/modules/books/index.server";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

describe("first start", () => {
  it("creates an admin once, demo members, categories, discussions and pages", async () => {
    const admin = await seedIfEmpty({ demo: true });
    expect(admin?.email).toBe("admin@sanctuary.local");
    expect(admin?.password.length).toBeGreaterThanOrEqual(16);
    const [admins] = await db()
      .select({ n: count() })
      .from(profiles)
      .where(eq(profiles.role, "super_admin"));
    expect(admins!.n).toBe(1);
    expect((await db().select({ n: count() }).from(categories))[0]!.n).toBeGreaterThanOrEqual(5);
    expect((await db().select({ slug: pages.slug }).from(pages)).map((p) => p.slug).sort()).toEqual(
      [
        "about",
        "ankh-ta-duat",
        "archangels-landing",
        "faq",
        "free-courses",
        "help",
        "help-guidelines",
        "privacy",
        "refunds",
        "sacred-oils",
        "terms",
        "tutorials",
        "tutorials-landing",
      ],
    );
    const latest = await listPosts({ tab: "latest", viewer: null });
    expect(latest.items.length).toBeGreaterThanOrEqual(5);
    expect(
      (await listPosts({ tab: "answered", viewer: null })).items.length,
    ).toBeGreaterThanOrEqual(1);
    expect((await db().select({ n: count() }).from(posts))[0]!.n).toBe(latest.items.length);
    // A free published book by a premium demo member, with its chapters and discussion.
    const [book] = await db().select().from(books).where(eq(books.title, DEMO_BOOK.title));
    expect(book).toMatchObject({ status: "published", price: 0 });
    expect(book!.discussionPostId).not.toBeNull();
    const chapters = await db()
      .select({ title: bookChapters.title, words: bookChapters.words })
      .from(bookChapters)
      .where(eq(bookChapters.bookId, book!.id));
    expect(chapters.map((c) => c.title).sort()).toEqual(
      DEMO_BOOK.chapters.map((c) => c.title).sort(),
    );
    expect(chapters.every((c) => c.words > 50)).toBe(true);
    const page = await bookPage(null, book!.slug);
    expect(page.author?.name).toBe("Amara Nightbloom");
    expect(page.discussion).not.toBeNull();
    // The first start waits for the guide's index of what it seeded.
    const indexed = await db().select({ n: count() }).from(knowledgeChunks);
    expect(indexed[0]!.n).toBeGreaterThan(0);
    expect(await seedIfEmpty({ demo: true })).toBeNull();
  });

  it("leaves a later start's index refresh to the job workers, which bring it up to date", async () => {
    const [post] = await db()
      .select({ id: knowledgeChunks.sourceId })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.sourceKind, "post"))
      .limit(1);
    const ofPost = and(
      eq(knowledgeChunks.sourceKind, "post"),
      eq(knowledgeChunks.sourceId, post!.id),
    );
    await db().delete(knowledgeChunks).where(ofPost);
    expect(await seedIfEmpty({ demo: true })).toBeNull();
    expect((await db().select({ n: count() }).from(knowledgeChunks).where(ofPost))[0]!.n).toBe(0);
    await drainJobs();
    expect(
      (await db().select({ n: count() }).from(knowledgeChunks).where(ofPost))[0]!.n,
    ).toBeGreaterThan(0);
  });
});

describe("seeded pages over time", () => {
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

  it("brings a page no admin edited up to the current text, and keeps an edited one", async () => {
    await seedPages();
    await db()
      .update(pages)
      .set({ body: "The old FAQ text, never edited." })
      .where(eq(pages.slug, "faq"));
    await db().update(pages).set({ body: "An admin wrote this." }).where(eq(pages.slug, "about"));
    await seedPages({
      faq: [sha256("The old FAQ text, never edited.")],
      about: [sha256("Some other old text")],
    });
    const [faq] = await db().select().from(pages).where(eq(pages.slug, "faq"));
    const [about] = await db().select().from(pages).where(eq(pages.slug, "about"));
    expect(faq!.body).toBe(SEED_PAGES.find((p) => p.slug === "faq")!.body);
    expect(about!.body).toBe("An admin wrote this.");
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "page.update"), eq(auditLog.targetId, "faq")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBeNull();
  });

  it("never retires a current text, and the texts promise nothing the product lacks", () => {
    for (const page of SEED_PAGES) {
      expect(RETIRED_SEED_BODIES[page.slug] ?? [], page.slug).not.toContain(sha256(page.body));
      expect(page.body, page.slug).not.toMatch(
        /visible only to signed-in members|visible to signed-in members|course library|grimoires|covens|members-only for a reason/i,
      );
    }
  });
});
