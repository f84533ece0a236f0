import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import {
  addChapter,
  chapterRevisions,
  createBook,
  deleteChapter,
  moveChapter,
  renameChapter,
  restoreRevision,
  saveChapter,
  updateBookDetails,
} from "./authoring.server";
import { StaleChapterError } from "./errors";
import { bookPage, editorBook, forgeBooks, readerChapter, sitemapBooks } from "./queries.server";
import { bookPerson, refusalOf } from "./test-people";
import type { BookDetails } from "./validation";
import { REVISION_WINDOW_MS } from "./types";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

function details(overrides: Partial<BookDetails> = {}): BookDetails {
  return {
    title: "The Lunar Path",
    subtitle: "Notes from the circle",
    description: "A book about the moon.",
    language: "en",
    category: "Practice",
    tags: ["moon"],
    price: "0",
    status: "draft",
    includedWithMembership: false,
    coAuthors: [],
    removeCover: false,
    ...overrides,
  };
}
const USD = { currency: "USD" };

describe("authoring rules", () => {
  it("lets premium members and admins write; free members meet a refusal", async () => {
    const free = await bookPerson("free");
    const premium = await bookPerson("premium");
    const admin = await bookPerson("admin");
    expect(await refusalOf(createBook(free, { title: "Nope" }))).toBe("notAllowed");
    expect(await refusalOf(createBook(null, { title: "Nope" }))).toBe("notAllowed");
    const book = await createBook(premium, { title: "Mine" });
    expect(book.slug).toBe("mine");
    await createBook(admin, { title: "Admin's" });
    // Another premium member cannot edit it; an admin can.
    const other = await bookPerson("premium");
    expect(await refusalOf(editorBook(other, book.id))).toBe("notFound");
    expect(await refusalOf(addChapter(other, book.id, "Two"))).toBe("notFound");
    expect(await refusalOf(editorBook(admin, book.id))).toBe("allowed");
    expect((await forgeBooks(premium)).map((b) => b.title)).toEqual(["Mine"]);
  });

  it("lets co-authors edit, not change co-authors, and refuses unknown ones", async () => {
    const author = await bookPerson("premium");
    const co = await bookPerson("free");
    const book = await createBook(author, { title: "Together" });
    expect(
      await refusalOf(
        updateBookDetails(author, book.id, details({ coAuthors: ["no-such-member"] }), USD),
      ),
    ).toBe("coAuthorUnknown");
    await updateBookDetails(author, book.id, details({ coAuthors: [co.slug] }), USD);
    // A co-author edits even without premium, and sees the book in their list.
    const chapter = await addChapter(co, book.id, "Their chapter");
    expect(chapter.position).toBe(2);
    expect((await forgeBooks(co)).map((b) => b.id)).toEqual([book.id]);
    await updateBookDetails(co, book.id, details({ title: "Together, again", coAuthors: [] }), USD);
    const { book: after, coAuthors } = await editorBook(author, book.id);
    expect(after.title).toBe("Together, again");
    expect(coAuthors.map((c) => c.slug)).toEqual([co.slug]);
  });
});

describe("visibility", () => {
  it("hides drafts, opens unlisted books by address only, lists published ones", async () => {
    const author = await bookPerson("premium");
    const reader = await bookPerson("free");
    const book = await createBook(author, { title: "Visibility test" });
    expect(await refusalOf(bookPage(reader, book.slug))).toBe("notFound");
    expect(await refusalOf(bookPage(null, book.slug))).toBe("notFound");
    expect((await bookPage(author, book.slug)).canEdit).toBe(true);

    await updateBookDetails(
      author,
      book.id,
      details({ title: "Visibility test", status: "unlisted" }),
      USD,
    );
    expect((await bookPage(null, book.slug)).listed).toBe(false);
    expect((await sitemapBooks()).map((b) => b.slug)).not.toContain(book.slug);

    await updateBookDetails(
      author,
      book.id,
      details({ title: "Visibility test", status: "published" }),
      USD,
    );
    expect((await bookPage(null, book.slug)).listed).toBe(true);
    expect((await sitemapBooks()).map((b) => b.slug)).toContain(book.slug);
  });

  it("gives the sample to everyone, a paid book's rest to editors, a free book to members", async () => {
    const author = await bookPerson("premium");
    const premium = await bookPerson("premium");
    const book = await createBook(author, { title: "Paid words" });
    await addChapter(author, book.id, "Second");
    await updateBookDetails(author, book.id, details({ status: "published", price: "9.50" }), USD);
    const page = await bookPage(premium, book.slug);
    expect(page.book.price).toBe(950);
    expect(page.canBuy).toBe(true);
    expect(page.canReadWhole).toBe(false);
    expect((await readerChapter(null, book.slug, 1)).chapter.position).toBe(1);
    expect(await refusalOf(readerChapter(premium, book.slug, 2))).toBe("notAllowed");
    expect(await refusalOf(readerChapter(premium, book.slug, 3))).toBe("notFound");
    expect((await readerChapter(author, book.slug, 2)).previous?.position).toBe(1);

    // Included with membership: premium members read it; free members still buy.
    await updateBookDetails(
      author,
      book.id,
      details({ status: "published", price: "9.50", includedWithMembership: true }),
      USD,
    );
    expect((await readerChapter(premium, book.slug, 2)).chapter.title).toBe("Second");
    const free = await bookPerson("free");
    expect(await refusalOf(readerChapter(free, book.slug, 2))).toBe("notAllowed");

    // A free book: any member reads it whole, a guest only the sample.
    await updateBookDetails(author, book.id, details({ status: "published", price: "0" }), USD);
    expect((await readerChapter(free, book.slug, 2)).next).toBeNull();
    expect(await refusalOf(readerChapter(null, book.slug, 2))).toBe("notAllowed");
  });
});

describe("chapters", () => {
  it("reorders, renames and deletes chapters, never the last one", async () => {
    const author = await bookPerson("premium");
    const book = await createBook(author, { title: "Order" });
    const two = await addChapter(author, book.id, "Two");
    const three = await addChapter(author, book.id, "Three");
    await moveChapter(author, three.id, "up");
    await renameChapter(author, two.id, "Second");
    let { chapters } = await editorBook(author, book.id);
    expect(chapters.map((c) => c.title)).toEqual(["Chapter 1", "Three", "Second"]);
    await deleteChapter(author, three.id);
    ({ chapters } = await editorBook(author, book.id));
    expect(chapters.map((c) => [c.position, c.title])).toEqual([
      [1, "Chapter 1"],
      [2, "Second"],
    ]);
    await deleteChapter(author, two.id);
    expect(await refusalOf(deleteChapter(author, chapters[0]!.id))).toBe("lastChapter");
  });

  it("refuses a save based on a stale version and hands back the text saved meanwhile", async () => {
    const author = await bookPerson("premium");
    const book = await createBook(author, { title: "Two tabs" });
    const { chapters } = await editorBook(author, book.id);
    const chapter = chapters[0]!;
    const first = await saveChapter(author, {
      chapterId: chapter.id,
      body: "Tab one words here",
      baseVersion: 1,
    });
    expect(first).toEqual({ version: 2, words: 4 });
    expect((await forgeBooks(author)).find((b) => b.id === book.id)).toMatchObject({
      words: 4,
      sales: 0,
    });
    let stale: unknown;
    try {
      await saveChapter(author, { chapterId: chapter.id, body: "Tab two", baseVersion: 1 });
    } catch (error) {
      stale = error;
    }
    expect(stale).toBeInstanceOf(StaleChapterError);
    expect((stale as StaleChapterError).current).toMatchObject({
      version: 2,
      body: "Tab one words here",
    });
    // Both at once from the same version: exactly one wins.
    const results = await Promise.allSettled([
      saveChapter(author, { chapterId: chapter.id, body: "A", baseVersion: 2 }),
      saveChapter(author, { chapterId: chapter.id, body: "B", baseVersion: 2 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("keeps revisions (autosaves folded) and restores one as a new version", async () => {
    const author = await bookPerson("premium");
    const book = await createBook(author, { title: "History" });
    const chapter = (await editorBook(author, book.id)).chapters[0]!;
    const t0 = new Date("2026-01-01T10:00:00Z");
    let v = (
      await saveChapter(author, { chapterId: chapter.id, body: "First draft", baseVersion: 1 }, t0)
    ).version;
    v = (
      await saveChapter(
        author,
        { chapterId: chapter.id, body: "First draft, typed on", baseVersion: v },
        new Date(t0.getTime() + 5000),
      )
    ).version;
    const later = new Date(t0.getTime() + REVISION_WINDOW_MS + 1000);
    v = (
      await saveChapter(
        author,
        { chapterId: chapter.id, body: "Second sitting", baseVersion: v },
        later,
      )
    ).version;
    const revisions = await chapterRevisions(author, chapter.id);
    expect(revisions.map((r) => r.body)).toEqual(["Second sitting", "First draft, typed on"]);
    const restored = await restoreRevision(author, {
      chapterId: chapter.id,
      revisionId: revisions[1]!.id,
    });
    expect(restored.version).toBe(v + 1);
    const after = (await editorBook(author, book.id)).chapters[0]!;
    expect(after.body).toBe("First draft, typed on");
    expect(after.words).toBe(4);
    expect(await refusalOf(chapterRevisions(await bookPerson("premium"), chapter.id))).toBe(
      "notFound",
    );
  });
});
