import { isbot } from "isbot";
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import type { Actor } from "#app/modules/auth";
import { payments } from "#app/modules/payments/schema";
import { posts } from "#app/modules/discussions/schema";
import { profiles } from "#app/modules/profiles/schema";
import { bookWithCoAuthors } from "./authoring.server";
import { BookRefusedError } from "./errors";
import { canEditBook, canReadChapter, canReadWhole, canSeeBook, canBuy, isListed } from "./policy";
import { bookChapters, bookCoAuthors, bookDailyViews, books, bookProgress } from "./schema";

/*
 * Reading Book Forge: the author's list, the editor's book, the public book page and the reader.
 * Whether a viewer owns a book is a paid `payments` row naming it (decision 064).
 */

/** Whether the member holds a paid (not refunded) purchase of the book. */
export async function ownsBook(userId: string | undefined, bookId: string): Promise<boolean> {
  if (!userId) return false;
  const [row] = await db()
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.productKind, "book"),
        eq(payments.productId, bookId),
        eq(payments.status, "paid"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

// Correlated subqueries: the outer book is named in full ("books"."id"), since a bare column
// inside the subquery would be read as the inner table's own.
const salesCount = sql<number>`(
  select count(*)::int from ${payments}
  where ${payments.productKind} = 'book' and ${payments.productId} = "books"."id"
    and ${payments.status} = 'paid'
)`;
const bookWords = sql<number>`(
  select coalesce(sum(${bookChapters.words}), 0)::int from ${bookChapters}
  where ${bookChapters.bookId} = "books"."id"
)`;

/** The books a member writes (as author or co-author), newest work first. */
export async function forgeBooks(actor: Actor) {
  if (!actor) return [];
  const coWritten = db()
    .select({ bookId: bookCoAuthors.bookId })
    .from(bookCoAuthors)
    .where(eq(bookCoAuthors.userId, actor.id));
  return db()
    .select({
      id: books.id,
      slug: books.slug,
      title: books.title,
      status: books.status,
      hiddenReason: books.hiddenReason,
      price: books.price,
      coverUrl: books.coverUrl,
      updatedAt: books.updatedAt,
      words: bookWords,
      sales: salesCount,
    })
    .from(books)
    .where(or(eq(books.authorId, actor.id), inArray(books.id, coWritten)))
    .orderBy(desc(books.updatedAt))
    .limit(200);
}

/** Everything the editor shows: the book, its chapters with their text, co-authors' addresses. */
export async function editorBook(actor: Actor, bookId: string) {
  const book = await bookWithCoAuthors(bookId);
  if (!book || !canEditBook(actor, book)) throw new BookRefusedError("notFound");
  const [chapters, coAuthors] = await Promise.all([
    db()
      .select()
      .from(bookChapters)
      .where(eq(bookChapters.bookId, bookId))
      .orderBy(asc(bookChapters.position)),
    book.coAuthorIds.length
      ? db()
          .select({ slug: profiles.slug, name: profiles.displayName })
          .from(profiles)
          .where(inArray(profiles.userId, book.coAuthorIds))
      : Promise.resolve([]),
  ]);
  return { book, chapters, coAuthors };
}

async function visibleBookBySlug(actor: Actor, slug: string) {
  const [row] = await db()
    .select({ id: books.id })
    .from(books)
    .where(eq(books.slug, slug))
    .limit(1);
  const book = row ? await bookWithCoAuthors(row.id) : undefined;
  if (!book || !canSeeBook(actor, book)) throw new BookRefusedError("notFound");
  return book;
}

async function authorCard(authorId: string) {
  const [author] = await db()
    .select({
      id: profiles.userId,
      name: profiles.displayName,
      slug: profiles.slug,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
    })
    .from(profiles)
    .where(eq(profiles.userId, authorId))
    .limit(1);
  return author ?? null;
}

/** The public book page: details, author, table of contents, the sample, and what the viewer may do. */
export async function bookPage(actor: Actor, slug: string) {
  const book = await visibleBookBySlug(actor, slug);
  const owns = await ownsBook(actor?.id, book.id);
  const [chapters, author, sample, progress] = await Promise.all([
    db()
      .select({
        position: bookChapters.position,
        title: bookChapters.title,
        words: bookChapters.words,
      })
      .from(bookChapters)
      .where(eq(bookChapters.bookId, book.id))
      .orderBy(asc(bookChapters.position)),
    authorCard(book.authorId),
    db()
      .select({ title: bookChapters.title, body: bookChapters.body })
      .from(bookChapters)
      .where(and(eq(bookChapters.bookId, book.id), eq(bookChapters.position, 1)))
      .limit(1),
    actor
      ? db()
          .select({ position: bookProgress.position })
          .from(bookProgress)
          .where(and(eq(bookProgress.userId, actor.id), eq(bookProgress.bookId, book.id)))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return {
    book,
    author,
    chapters,
    discussion: await bookDiscussion(book.discussionPostId),
    sample: sample[0] ?? null,
    owns,
    canEdit: canEditBook(actor, book),
    canReadWhole: canReadWhole(actor, book, owns),
    canBuy: canBuy(actor, book, owns),
    listed: isListed(book),
    resumeAt: progress[0]?.position ?? null,
  };
}

/** The book's thread (its address and comment count), once it is published for all to read. */
async function bookDiscussion(postId: string | null) {
  if (!postId) return null;
  const [post] = await db()
    .select({ slug: posts.slug, replyCount: posts.replyCount })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.status, "published")))
    .limit(1);
  return post ?? null;
}

/**
 * Counts a view of the book page (the conversion figure's base): the book's total and today's
 * counter row, never a row per view. Its editors' own views and crawlers do not count.
 */
export async function recordBookView(
  actor: Actor,
  book: { id: string; authorId: string; coAuthorIds: string[] },
  options: { userAgent?: string | null; now?: Date } = {},
) {
  if (canEditBook(actor, book)) return;
  if (options.userAgent && isbot(options.userAgent)) return;
  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  await db().transaction(async (tx) => {
    await tx
      .update(books)
      .set({ views: sql`${books.views} + 1` })
      .where(eq(books.id, book.id));
    await tx
      .insert(bookDailyViews)
      .values({ bookId: book.id, day, views: 1 })
      .onConflictDoUpdate({
        target: [bookDailyViews.bookId, bookDailyViews.day],
        set: { views: sql`${bookDailyViews.views} + 1` },
      });
  });
}

/**
 * One chapter for the reader, or a refusal: "notFound" for a book or chapter the viewer may not
 * see, "notAllowed" for a chapter beyond the sample they do not own (the page offers Buy).
 * Opening a chapter saves the reader's place.
 */
export async function readerChapter(
  actor: Actor,
  slug: string,
  position: number,
  now = new Date(),
) {
  const book = await visibleBookBySlug(actor, slug);
  const owns = await ownsBook(actor?.id, book.id);
  const chapters = await db()
    .select({ id: bookChapters.id, position: bookChapters.position, title: bookChapters.title })
    .from(bookChapters)
    .where(eq(bookChapters.bookId, book.id))
    .orderBy(asc(bookChapters.position));
  const index = chapters.findIndex((chapter) => chapter.position === position);
  if (index === -1) throw new BookRefusedError("notFound");
  if (!canReadChapter(actor, book, owns, position)) throw new BookRefusedError("notAllowed");
  const [chapter] = await db()
    .select({ title: bookChapters.title, body: bookChapters.body })
    .from(bookChapters)
    .where(eq(bookChapters.id, chapters[index]!.id));
  if (actor) {
    await db()
      .insert(bookProgress)
      .values({ userId: actor.id, bookId: book.id, position, updatedAt: now })
      .onConflictDoUpdate({
        target: [bookProgress.userId, bookProgress.bookId],
        set: { position, updatedAt: now },
      });
  }
  return {
    book: { id: book.id, slug: book.slug, title: book.title, language: book.language },
    chapter: { position, title: chapter!.title, body: chapter!.body },
    previous: chapters[index - 1] ?? null,
    next: chapters[index + 1] ?? null,
    chapters: chapters.map(({ position: p, title }) => ({ position: p, title })),
    canBuy: canBuy(actor, book, owns),
    price: book.price,
  };
}

/** Published books for the sitemap (unlisted, drafts and hidden books never). */
export async function sitemapBooks() {
  return db()
    .select({ slug: books.slug, updatedAt: books.updatedAt })
    .from(books)
    .where(and(eq(books.status, "published"), isNull(books.hiddenReason)))
    .orderBy(desc(books.publishedAt))
    .limit(5000);
}

/** A book's address and title by id (the purchase pages name the book they sold). */
export async function bookById(bookId: string) {
  const [row] = await db()
    .select({ id: books.id, slug: books.slug, title: books.title })
    .from(books)
    .where(eq(books.id, bookId))
    .limit(1);
  return row ?? null;
}

/** A book's id by its address (any status: the commands ask the policy themselves). */
export async function bookIdBySlug(slug: string): Promise<string | null> {
  const [row] = await db()
    .select({ id: books.id })
    .from(books)
    .where(eq(books.slug, slug))
    .limit(1);
  return row?.id ?? null;
}
