import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import type { Actor } from "#app/modules/auth";
import { profiles } from "#app/modules/profiles/schema";
import { bookWithCoAuthors } from "./authoring.server";
import { BookRefusedError } from "./errors";
import { canReviewBook, canSeeBook } from "./policy";
import { ownsBook } from "./queries.server";
import { bookReviews } from "./schema";
import { REVIEWS_PER_PAGE } from "./types";
import type { BookReviewInput } from "./validation";

/*
 * Readers' reviews of a book (docs/ARCHITECTURE.md "Book Forge"): 1–5 stars and a text, one per
 * owner and book (the unique index), written again to edit it. Only owners review (policy
 * `canReviewBook`); a refund does not delete a review already written, it only closes the form.
 */

/** The book a viewer may see, with whether they may review it; "notFound" otherwise. */
async function reviewableBook(actor: Actor, bookId: string) {
  const book = await bookWithCoAuthors(bookId);
  if (!book || !canSeeBook(actor, book)) throw new BookRefusedError("notFound");
  const owns = await ownsBook(actor?.id, book.id);
  return { book, canReview: canReviewBook(actor, book, owns) };
}

/** Writes or rewrites the member's review; "notAllowed" for anyone but an owner. */
export async function saveBookReview(
  actor: Actor,
  bookId: string,
  input: BookReviewInput,
  now = new Date(),
) {
  const { canReview } = await reviewableBook(actor, bookId);
  if (!canReview || !actor) throw new BookRefusedError("notAllowed");
  await db()
    .insert(bookReviews)
    .values({
      bookId,
      userId: actor.id,
      rating: input.rating,
      body: input.body,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [bookReviews.bookId, bookReviews.userId],
      set: { rating: input.rating, body: input.body, updatedAt: now },
    });
}

/** Deletes the member's own review (whoever wrote one may take it back, owner or no longer). */
export async function deleteBookReview(actor: Actor, bookId: string): Promise<boolean> {
  if (!actor) throw new BookRefusedError("notAllowed");
  await reviewableBook(actor, bookId);
  const removed = await db()
    .delete(bookReviews)
    .where(and(eq(bookReviews.bookId, bookId), eq(bookReviews.userId, actor.id)))
    .returning({ id: bookReviews.id });
  return removed.length > 0;
}

/** Average (one decimal) and count of a book's reviews. */
export async function bookRating(bookId: string) {
  const [row] = await db()
    .select({
      average: sql<number | null>`round(avg(${bookReviews.rating}), 1)::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(bookReviews)
    .where(eq(bookReviews.bookId, bookId));
  return { average: row?.count ? Number(row.average) : null, count: row?.count ?? 0 };
}

/**
 * The book page's reviews: average and count, one page (newest edits first), the viewer's own
 * review and whether they may write one. A page past the end answers the last one.
 */
export async function bookReviewsPage(actor: Actor, bookId: string, page: number) {
  const { canReview } = await reviewableBook(actor, bookId);
  const rating = await bookRating(bookId);
  const pageCount = Math.max(1, Math.ceil(rating.count / REVIEWS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pageCount);
  const [items, mine] = await Promise.all([
    db()
      .select({
        id: bookReviews.id,
        rating: bookReviews.rating,
        body: bookReviews.body,
        updatedAt: bookReviews.updatedAt,
        authorName: profiles.displayName,
        authorSlug: profiles.slug,
        authorAvatar: profiles.avatarUrl,
      })
      .from(bookReviews)
      .innerJoin(profiles, eq(profiles.userId, bookReviews.userId))
      .where(eq(bookReviews.bookId, bookId))
      .orderBy(desc(bookReviews.updatedAt), desc(bookReviews.id))
      .limit(REVIEWS_PER_PAGE)
      .offset((current - 1) * REVIEWS_PER_PAGE),
    actor
      ? db()
          .select({ rating: bookReviews.rating, body: bookReviews.body })
          .from(bookReviews)
          .where(and(eq(bookReviews.bookId, bookId), eq(bookReviews.userId, actor.id)))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return {
    ...rating,
    page: current,
    pageCount,
    items,
    mine: mine[0] ?? null,
    canReview,
  };
}
