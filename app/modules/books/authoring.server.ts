import { and, asc, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { uniqueSlug } from "#app/db/unique-slug.server";
import { NotAllowedError, type Actor, type Member } from "#app/modules/auth";
import { profiles } from "#app/modules/profiles/schema";
import { minorUnitDigits } from "#app/modules/memberships";
import { wordCount } from "#app/modules/library";
import { openBookDiscussion } from "./discussion.server";
import { BookRefusedError, StaleChapterError } from "./errors";
import { canEditBook, canWriteBooks } from "./policy";
import { bookChapterRevisions, bookChapters, bookCoAuthors, books } from "./schema";
import { BOOK_LIMITS, REVISION_WINDOW_MS } from "./types";
import type { BookDetails } from "./validation";

/*
 * Writing a book (docs/ARCHITECTURE.md "Book Forge"): creating it, its details, its chapters and
 * their revisions. Every command asks the policy first and refuses with BookRefusedError.
 */

type Book = typeof books.$inferSelect;

/** A book with its co-authors, as the policy needs it; undefined when there is none. */
export async function bookWithCoAuthors(
  bookId: string,
  handle: Db = db(),
): Promise<(Book & { coAuthorIds: string[] }) | undefined> {
  const [book] = await handle.select().from(books).where(eq(books.id, bookId)).limit(1);
  if (!book) return undefined;
  const co = await handle
    .select({ userId: bookCoAuthors.userId })
    .from(bookCoAuthors)
    .where(eq(bookCoAuthors.bookId, bookId));
  return { ...book, coAuthorIds: co.map((row) => row.userId) };
}

/** The book an editor works on, or a refusal: 404 for a book that is not theirs to see. */
async function editableBook(actor: Actor, bookId: string, handle: Db = db()) {
  const book = await bookWithCoAuthors(bookId, handle);
  if (!book) throw new BookRefusedError("notFound");
  if (!canEditBook(actor, book)) throw new BookRefusedError("notFound");
  return book;
}

export async function createBook(actor: Actor, input: { title: string }, now = new Date()) {
  if (!canWriteBooks(actor) || !actor) throw new NotAllowedError("book.create");
  return db().transaction(async (tx) => {
    const slug = await uniqueSlug(tx, { table: books, column: books.slug }, input.title, {
      maxLength: BOOK_LIMITS.slugMax,
      fallback: "book",
    });
    const book = firstRow(
      await tx
        .insert(books)
        .values({ slug, title: input.title, authorId: actor.id, createdAt: now, updatedAt: now })
        .returning(),
      "new book",
    );
    await insertChapter(tx, book.id, 1, "Chapter 1", now);
    return book;
  });
}

async function insertChapter(tx: Db, bookId: string, position: number, title: string, now: Date) {
  return firstRow(
    await tx.insert(bookChapters).values({ bookId, position, title, updatedAt: now }).returning(),
    "new chapter",
  );
}

/** "12.50" in the site currency → 1250 minor units (0 for JPY-like currencies' fractions). */
export function priceToMinor(price: string, currency: string): number {
  const digits = minorUnitDigits(currency);
  const [whole = "0", fraction = ""] = price.split(/[.,]/);
  const minor = Number(whole) * 10 ** digits + Number((fraction + "00").slice(0, digits) || "0");
  return Math.min(minor, BOOK_LIMITS.priceMax);
}

/**
 * Saves a book's details. Co-authors are named by their profile address; an unknown one refuses
 * the whole form. Publishing the first time stamps `publishedAt` (the book page's date).
 */
export async function updateBookDetails(
  actor: Actor,
  bookId: string,
  input: BookDetails,
  options: { currency: string; coverUrl?: string | null },
  now = new Date(),
) {
  return db().transaction(async (tx) => {
    const book = await editableBook(actor, bookId, tx as unknown as Db);
    const coAuthorIds = await coAuthorIdsOf(tx as unknown as Db, input.coAuthors, book.authorId);
    const cover =
      options.coverUrl !== undefined ? options.coverUrl : input.removeCover ? null : book.coverUrl;
    const [updated] = await tx
      .update(books)
      .set({
        title: input.title,
        subtitle: input.subtitle,
        description: input.description,
        language: input.language,
        category: input.category,
        tags: input.tags,
        price: priceToMinor(input.price, options.currency),
        status: input.status,
        includedWithMembership: input.includedWithMembership,
        coverUrl: cover,
        publishedAt: input.status === "draft" ? book.publishedAt : (book.publishedAt ?? now),
        updatedAt: now,
      })
      .where(eq(books.id, bookId))
      .returning();
    // The first publication opens the book's discussion thread, or none of it happens.
    const discussionPostId = await openBookDiscussion(tx as unknown as Db, updated!, actor);
    // Only the author (or an admin) changes who else writes the book.
    if (actor && (actor.isAdmin || actor.id === book.authorId)) {
      await tx.delete(bookCoAuthors).where(eq(bookCoAuthors.bookId, bookId));
      if (coAuthorIds.length)
        await tx.insert(bookCoAuthors).values(coAuthorIds.map((userId) => ({ bookId, userId })));
    }
    return {
      book: { ...updated!, discussionPostId: discussionPostId ?? updated!.discussionPostId },
      wasPublished: book.status !== "draft" || book.publishedAt !== null,
    };
  });
}

async function coAuthorIdsOf(tx: Db, slugs: string[], authorId: string): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await tx
    .select({ userId: profiles.userId, slug: profiles.slug })
    .from(profiles)
    .where(inArray(profiles.slug, slugs));
  if (rows.length !== slugs.length) throw new BookRefusedError("coAuthorUnknown");
  return rows.map((row) => row.userId).filter((id) => id !== authorId);
}

export async function addChapter(actor: Actor, bookId: string, title: string, now = new Date()) {
  return db().transaction(async (tx) => {
    await editableBook(actor, bookId, tx as unknown as Db);
    // The book row is locked so two additions at once take different positions.
    await tx.execute(sql`select id from ${books} where ${books.id} = ${bookId} for update`);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${bookChapters.position}), 0)::int` })
      .from(bookChapters)
      .where(eq(bookChapters.bookId, bookId));
    const position = (last?.position ?? 0) + 1;
    if (position > BOOK_LIMITS.chaptersMax) throw new BookRefusedError("tooManyChapters");
    await touch(tx as unknown as Db, bookId, now);
    return insertChapter(tx as unknown as Db, bookId, position, title, now);
  });
}

async function chapterOf(actor: Actor, chapterId: string, tx: Db) {
  const [chapter] = await tx
    .select()
    .from(bookChapters)
    .where(eq(bookChapters.id, chapterId))
    .limit(1);
  if (!chapter) throw new BookRefusedError("notFound");
  const book = await editableBook(actor, chapter.bookId, tx);
  return { chapter, book };
}

async function touch(tx: Db, bookId: string, now: Date) {
  await tx.update(books).set({ updatedAt: now }).where(eq(books.id, bookId));
}

export async function renameChapter(
  actor: Actor,
  chapterId: string,
  title: string,
  now = new Date(),
) {
  await db().transaction(async (tx) => {
    const { chapter } = await chapterOf(actor, chapterId, tx as unknown as Db);
    await tx
      .update(bookChapters)
      .set({ title, updatedAt: now })
      .where(eq(bookChapters.id, chapterId));
    await touch(tx as unknown as Db, chapter.bookId, now);
  });
}

/** Swaps a chapter with its neighbour; the first and last stay where they are when asked to go further. */
export async function moveChapter(actor: Actor, chapterId: string, direction: "up" | "down") {
  await db().transaction(async (tx) => {
    const { chapter } = await chapterOf(actor, chapterId, tx as unknown as Db);
    await tx.execute(sql`select id from ${books} where ${books.id} = ${chapter.bookId} for update`);
    const [neighbour] = await tx
      .select()
      .from(bookChapters)
      .where(
        and(
          eq(bookChapters.bookId, chapter.bookId),
          direction === "up"
            ? lt(bookChapters.position, chapter.position)
            : gt(bookChapters.position, chapter.position),
        ),
      )
      .orderBy(direction === "up" ? desc(bookChapters.position) : asc(bookChapters.position))
      .limit(1);
    if (!neighbour) return;
    await tx
      .update(bookChapters)
      .set({ position: neighbour.position })
      .where(eq(bookChapters.id, chapter.id));
    await tx
      .update(bookChapters)
      .set({ position: chapter.position })
      .where(eq(bookChapters.id, neighbour.id));
  });
}

/** Deletes a chapter (never the last one) and closes the gap in the positions. */
export async function deleteChapter(actor: Actor, chapterId: string, now = new Date()) {
  await db().transaction(async (tx) => {
    const { chapter } = await chapterOf(actor, chapterId, tx as unknown as Db);
    await tx.execute(sql`select id from ${books} where ${books.id} = ${chapter.bookId} for update`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bookChapters)
      .where(eq(bookChapters.bookId, chapter.bookId));
    if ((count?.n ?? 0) <= 1) throw new BookRefusedError("lastChapter");
    await tx.delete(bookChapters).where(eq(bookChapters.id, chapterId));
    await tx
      .update(bookChapters)
      .set({ position: sql`${bookChapters.position} - 1` })
      .where(
        and(eq(bookChapters.bookId, chapter.bookId), gt(bookChapters.position, chapter.position)),
      );
    await touch(tx as unknown as Db, chapter.bookId, now);
  });
}

/**
 * Saves a chapter's text if it is still at `baseVersion`, else refuses with the text saved
 * meanwhile (StaleChapterError). The conditional update is the guard: of two saves based on the
 * same version exactly one wins. Each save is also a revision; an author's saves within
 * REVISION_WINDOW_MS of their last revision fold into it, so autosave does not bury the history.
 */
export async function saveChapter(
  actor: Actor,
  input: { chapterId: string; body: string; baseVersion: number },
  now = new Date(),
): Promise<{ version: number; words: number }> {
  return db().transaction(async (tx) => {
    const { chapter } = await chapterOf(actor, input.chapterId, tx as unknown as Db);
    const words = wordCount(input.body);
    const [saved] = await tx
      .update(bookChapters)
      .set({
        body: input.body,
        words,
        version: sql`${bookChapters.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(bookChapters.id, chapter.id), eq(bookChapters.version, input.baseVersion)))
      .returning({ version: bookChapters.version, title: bookChapters.title });
    if (!saved) {
      const [current] = await tx
        .select({
          version: bookChapters.version,
          body: bookChapters.body,
          title: bookChapters.title,
        })
        .from(bookChapters)
        .where(eq(bookChapters.id, chapter.id));
      throw new StaleChapterError(current ?? { version: 0, body: "", title: chapter.title });
    }
    await recordRevision(tx as unknown as Db, actor as Member, {
      chapterId: chapter.id,
      version: saved.version,
      title: saved.title,
      body: input.body,
      words,
      now,
    });
    await touch(tx as unknown as Db, chapter.bookId, now);
    return { version: saved.version, words };
  });
}

async function recordRevision(
  tx: Db,
  actor: Member,
  revision: {
    chapterId: string;
    version: number;
    title: string;
    body: string;
    words: number;
    now: Date;
  },
) {
  const [latest] = await tx
    .select()
    .from(bookChapterRevisions)
    .where(eq(bookChapterRevisions.chapterId, revision.chapterId))
    .orderBy(desc(bookChapterRevisions.updatedAt))
    .limit(1);
  const fold =
    latest &&
    latest.authorId === actor.id &&
    revision.now.getTime() - latest.createdAt.getTime() < REVISION_WINDOW_MS;
  const fields = {
    version: revision.version,
    title: revision.title,
    body: revision.body,
    words: revision.words,
    updatedAt: revision.now,
  };
  if (fold) {
    await tx.update(bookChapterRevisions).set(fields).where(eq(bookChapterRevisions.id, latest.id));
  } else {
    await tx.insert(bookChapterRevisions).values({
      ...fields,
      chapterId: revision.chapterId,
      authorId: actor.id,
      createdAt: revision.now,
    });
  }
}

/** A chapter's revisions, newest first, with who wrote each. */
export async function chapterRevisions(actor: Actor, chapterId: string) {
  await chapterOf(actor, chapterId, db());
  return db()
    .select({
      id: bookChapterRevisions.id,
      version: bookChapterRevisions.version,
      body: bookChapterRevisions.body,
      words: bookChapterRevisions.words,
      createdAt: bookChapterRevisions.createdAt,
      updatedAt: bookChapterRevisions.updatedAt,
      authorName: profiles.displayName,
    })
    .from(bookChapterRevisions)
    .leftJoin(profiles, eq(profiles.userId, bookChapterRevisions.authorId))
    .where(eq(bookChapterRevisions.chapterId, chapterId))
    .orderBy(desc(bookChapterRevisions.updatedAt))
    .limit(50);
}

/** Brings back a revision's text as a new version (the history keeps what it replaced). */
export async function restoreRevision(
  actor: Actor,
  input: { chapterId: string; revisionId: string },
  now = new Date(),
) {
  return db().transaction(async (tx) => {
    const { chapter } = await chapterOf(actor, input.chapterId, tx as unknown as Db);
    const [revision] = await tx
      .select()
      .from(bookChapterRevisions)
      .where(
        and(
          eq(bookChapterRevisions.id, input.revisionId),
          eq(bookChapterRevisions.chapterId, chapter.id),
        ),
      )
      .limit(1);
    if (!revision) throw new BookRefusedError("notFound");
    const [saved] = await tx
      .update(bookChapters)
      .set({
        body: revision.body,
        words: revision.words,
        version: sql`${bookChapters.version} + 1`,
        updatedAt: now,
      })
      .where(eq(bookChapters.id, chapter.id))
      .returning({ version: bookChapters.version, title: bookChapters.title });
    // A restore always starts a revision of its own, so it can itself be undone.
    await tx.insert(bookChapterRevisions).values({
      chapterId: chapter.id,
      version: saved!.version,
      title: saved!.title,
      body: revision.body,
      words: revision.words,
      authorId: actor?.id ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await touch(tx as unknown as Db, chapter.bookId, now);
    return { version: saved!.version, body: revision.body };
  });
}
