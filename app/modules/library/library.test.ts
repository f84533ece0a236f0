import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import type { Member } from "#app/modules/auth";
import { searchByKind } from "#app/modules/search/index.server";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { libraryPerson, refusalOf } from "./test-people";
import {
  addChapter,
  adminArticles,
  createArticle,
  createCategory,
  deleteChapter,
  moveChapter,
  publishInstant,
  setArticleStatus,
  updateArticle,
} from "./admin.server";
import { firstSection } from "./excerpt";
import { articleView, categoryPage, continueReading, sitemapArticles } from "./queries.server";
import {
  addNote,
  deleteNote,
  recordArticleView,
  saveProgress,
  setBookmark,
} from "./reading.server";
import { articleChapters, articles } from "./schema";
import { ARTICLE_LIMITS, ARTICLE_TYPES, type ArticleType } from "./types";
import type { ArticleFields } from "./validation";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

const person = (kind?: "premium" | "free" | "admin") => libraryPerson(kind, "library");
const refusal = refusalOf;

const FREE_PART = "The opening words anyone may read about the circle.";
const SECRET = "zanthorix";
const BODY = `${FREE_PART}\n\n## The working\n\nThe closed part names the ${SECRET} seal.\n\n## After\n\nMore.`;

function fields(overrides: Partial<ArticleFields> = {}): ArticleFields {
  return {
    type: "grimoire",
    title: "A test grimoire",
    summary: "A summary for everyone.",
    body: BODY,
    categoryId: null,
    isPremium: true,
    publishAt: "",
    timeZoneOffset: 0,
    ...overrides,
  };
}

let admin: Member;
let free: Member;
let premium: Member;
beforeAll(async () => {
  admin = await person("admin");
  free = await person("free");
  premium = await person("premium");
});

async function published(overrides: Partial<ArticleFields> = {}) {
  const { id } = await createArticle(admin, fields(overrides));
  await setArticleStatus(admin, id, "published");
  return id;
}

describe("the free excerpt", () => {
  it("is the text before the second heading; without one, never more than a third of the text", () => {
    expect(firstSection(BODY)).toBe(FREE_PART);
    expect(firstSection(`## Opening\n\n${FREE_PART}\n\n## Next\n\nClosed.`)).toBe(
      `## Opening\n\n${FREE_PART}`,
    );
    // A heading inside a code fence is not a section.
    const fenced = `Intro line.\n\n\`\`\`\n## not a heading\n\`\`\`\n\n## Real\n\nRest of it, long enough.`;
    expect(firstSection(fenced)).toContain("not a heading");
    const long = `${"word ".repeat(2_000)}\n\n## Then\n\nshort`;
    expect(firstSection(long).length).toBeLessThanOrEqual(4_000);
    // No heading: the first paragraphs, still at most a third.
    const plain = Array.from({ length: 9 }, (_, i) => `Paragraph ${i} ${"x ".repeat(20)}`).join(
      "\n\n",
    );
    expect(firstSection(plain)).not.toContain("Paragraph 8");
    expect(firstSection(plain).length).toBeLessThanOrEqual(Math.floor(plain.length / 3));
  });
});

describe("who reads what", () => {
  it.each(ARTICLE_TYPES)(
    "a premium %s: everyone gets the excerpt, premium members and admins the whole",
    async (type: ArticleType) => {
      const id = await published({ type, title: `Premium ${type}` });
      for (const [name, actor] of [
        ["guest", null],
        ["free", free],
      ] as const) {
        const view = await articleView(type, id, null, actor);
        expect(view, name).not.toBeNull();
        expect(view!.whole).toBe(false);
        expect(view!.html).toContain("opening words");
        expect(view!.html).not.toContain(SECRET);
        expect(view!.reader).toBeNull();
      }
      for (const actor of [premium, admin]) {
        const view = await articleView(type, id, null, actor);
        expect(view!.whole).toBe(true);
        expect(view!.html).toContain(SECRET);
        expect(view!.toc.map((entry) => entry.text)).toEqual(["The working", "After"]);
      }
      // Another type's address does not find it.
      const other = ARTICLE_TYPES.find((t) => t !== type)!;
      expect(await articleView(other, id, null, admin)).toBeNull();
    },
  );

  it("a free article is whole for everyone; drafts and scheduled ones exist for admins only", async () => {
    const open = await published({ isPremium: false, title: "Open text" });
    expect((await articleView("grimoire", open, null, null))!.html).toContain(SECRET);

    const { id: draft } = await createArticle(admin, fields({ title: "Draft text" }));
    for (const actor of [null, free, premium])
      expect(await articleView("grimoire", draft, null, actor)).toBeNull();
    expect((await articleView("grimoire", draft, null, admin))!.article.live).toBe(false);

    const later = await published({ title: "Later text", publishAt: "2099-01-01T09:00" });
    expect(await articleView("grimoire", later, null, premium)).toBeNull();
    expect(
      await articleView("grimoire", later, null, premium, new Date("2099-01-02")),
    ).not.toBeNull();
    const listed = await adminArticles(admin, { status: "scheduled", page: 1 });
    expect(listed.rows.map((r) => r.id)).toContain(later);
    expect((await sitemapArticles()).map((a) => a.id)).not.toContain(later);
    expect((await sitemapArticles()).map((a) => a.id)).toContain(open);
  });

  it("a premium work's chapters never reach a reader who may not read them", async () => {
    const id = await published({ title: "Chaptered work", body: "" });
    await addChapter(admin, id, {
      title: "First",
      body: `Chapter one opens.\n\n## Deeper\n\n${SECRET}`,
    });
    const { id: second } = await addChapter(admin, id, { title: "Second", body: "Second text" });
    const guest = await articleView("grimoire", id, second, null);
    expect(guest!.chapter).toBeNull();
    expect(guest!.html).toContain("Chapter one opens");
    expect(guest!.html).not.toContain(SECRET);
    expect(guest!.html).not.toContain("Second text");
    const reader = await articleView("grimoire", id, second, premium);
    expect(reader!.chapter).toMatchObject({ id: second, index: 1 });
    expect(reader!.html).toContain("Second text");
  });
});

describe("a reader's own state", () => {
  it("progress resumes at the chapter, and bookmarks and notes are private to their owner", async () => {
    const id = await published({ title: "Resumable", body: "Intro" });
    await addChapter(admin, id, { title: "One", body: "1" });
    const { id: two } = await addChapter(admin, id, { title: "Two", body: "2" });
    const other = await person("premium");

    await saveProgress(premium, id, { chapterId: two, position: 420 });
    await saveProgress(premium, id, { chapterId: two, position: 500 });
    const back = await articleView("grimoire", id, null, premium);
    expect(back!.chapter!.id).toBe(two);
    expect(back!.reader!.progress).toEqual({ chapterId: two, position: 500 });
    expect((await continueReading(premium.id)).map((r) => r.id)).toContain(id);
    const [row] = await db().select().from(articles).where(eq(articles.id, id));
    expect(row!.readers).toBe(1);

    await setBookmark(premium, id, true);
    await setBookmark(premium, id, true);
    const { id: noteId } = await addNote(premium, id, "Only mine");
    const mine = await articleView("grimoire", id, null, premium);
    expect(mine!.reader!.bookmarked).toBe(true);
    expect(mine!.reader!.notes.map((n) => n.body)).toEqual(["Only mine"]);
    const theirs = await articleView("grimoire", id, null, other);
    expect(theirs!.reader).toMatchObject({ bookmarked: false, notes: [], progress: null });
    const adminView = await articleView("grimoire", id, null, admin);
    expect(adminView!.reader!.notes).toEqual([]);

    expect(await refusal(deleteNote(other, id, noteId))).toBe("notFound");
    expect(await refusal(deleteNote(admin, id, noteId))).toBe("notFound");
    await deleteNote(premium, id, noteId);
  });

  it("refuses guests, members without premium, another article's chapter, and the note cap", async () => {
    const id = await published({ title: "Guarded" });
    const open = await published({ title: "Chapter owner", isPremium: false });
    const { id: foreign } = await addChapter(admin, open, { title: "Elsewhere", body: "x" });
    expect(await refusal(saveProgress(null, id, { chapterId: null, position: 1 }))).toBe("signIn");
    expect(await refusal(setBookmark(free, id, true))).toBe("premium");
    expect(await refusal(addNote(free, id, "no"))).toBe("premium");
    expect(await refusal(saveProgress(premium, id, { chapterId: foreign, position: 1 }))).toBe(
      "chapter",
    );
    expect(await refusal(setBookmark(premium, crypto.randomUUID(), true))).toBe("notFound");
    for (let i = 0; i < ARTICLE_LIMITS.notesPerArticle; i++) await addNote(premium, id, `n${i}`);
    expect(await refusal(addNote(premium, id, "one too many"))).toBe("notesFull");
  });

  it("counts a view once per viewer per day", async () => {
    const id = await published({ title: "Counted" });
    expect(await recordArticleView(id, "m:one", new Date("2026-11-01T10:00Z"))).toBe(true);
    expect(await recordArticleView(id, "m:one", new Date("2026-11-01T22:00Z"))).toBe(false);
    expect(await recordArticleView(id, "m:one", new Date("2026-11-02T01:00Z"))).toBe(true);
    const [row] = await db().select().from(articles).where(eq(articles.id, id));
    expect(row!.views).toBe(2);
  });
});

describe("content management", () => {
  it("is for admins only", async () => {
    for (const actor of [null, free, premium]) {
      expect(await refusal(createArticle(actor, fields()))).toBe("notAllowed");
      expect(await refusal(adminArticles(actor, { page: 1 }))).toBe("notAllowed");
    }
  });

  it("keeps chapter positions dense through moves and deletes, and audits every change", async () => {
    const { id } = await createArticle(admin, fields({ title: "Ordered" }));
    const ids: string[] = [];
    for (const title of ["A", "B", "C", "D"])
      ids.push((await addChapter(admin, id, { title, body: title })).id);
    await moveChapter(admin, id, ids[3]!, "up");
    await moveChapter(admin, id, ids[0]!, "up"); // at the top: nothing moves
    await deleteChapter(admin, id, ids[1]!);
    const order = await db()
      .select({ title: articleChapters.title, position: articleChapters.position })
      .from(articleChapters)
      .where(eq(articleChapters.articleId, id))
      .orderBy(articleChapters.position);
    expect(order).toEqual([
      { title: "A", position: 1 },
      { title: "D", position: 2 },
      { title: "C", position: 3 },
    ]);
    const other = await published({ title: "Other" });
    expect(await refusal(moveChapter(admin, other, ids[0]!, "down"))).toBe("chapter");
    await updateArticle(admin, id, fields({ title: "Ordered, renamed" }));
    const actions = (
      await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, "article"), eq(auditLog.targetId, id)))
    ).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "article.create",
        "article.chapter_add",
        "article.chapter_move",
        "article.chapter_delete",
        "article.update",
      ]),
    );
  });

  it("accepts a category of the article's own type only, and lists a category's live articles", async () => {
    const rituals = await createCategory(admin, {
      type: "ritual",
      title: "Protection",
      description: "",
    });
    expect(
      await refusal(
        createCategory(admin, { type: "ritual", title: "Protection", description: "" }),
      ),
    ).toBe("slug");
    expect(
      await refusal(createArticle(admin, fields({ type: "grimoire", categoryId: rituals.id }))),
    ).toBe("category");
    const id = await published({ type: "ritual", categoryId: rituals.id, title: "Warding rite" });
    await createArticle(
      admin,
      fields({ type: "ritual", categoryId: rituals.id, title: "Unpublished rite" }),
    );
    const page = await categoryPage("ritual", rituals.id, 1);
    expect(page!.articles.rows.map((r) => r.id)).toEqual([id]);
    expect(await categoryPage("grimoire", rituals.id, 1)).toBeNull();
  });

  it("reads the publish time in the admin's time zone", () => {
    // 09:00 in UTC+2 (getTimezoneOffset -120) is 07:00 UTC.
    expect(publishInstant("2027-03-01T09:00", -120)!.toISOString()).toBe(
      "2027-03-01T07:00:00.000Z",
    );
    expect(publishInstant("", 0)).toBeNull();
  });
});

describe("search", () => {
  it("finds a premium article by its title and excerpt, never by its closed body", async () => {
    await published({
      title: "Quillowan sigils",
      body: `Quillowan opening.\n\n## Closed\n\nThe ${SECRET}x mark.`,
    });
    const byTitle = (await searchByKind("quillowan")).find((g) => g.kind === "article");
    expect(byTitle?.results.map((r) => r.title)).toContain("Quillowan sigils");
    expect((await searchByKind(`${SECRET}x`)).find((g) => g.kind === "article")).toBeUndefined();
    const { id: draft } = await createArticle(admin, fields({ title: "Vexmoorn draft" }));
    expect(draft).toBeTruthy();
    expect((await searchByKind("vexmoorn")).find((g) => g.kind === "article")).toBeUndefined();
  });
});
