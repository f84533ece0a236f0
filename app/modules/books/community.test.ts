import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { db } from "#app/db/client.server";
import { categories, posts } from "#app/modules/discussions/schema";
import { listPosts } from "#app/modules/discussions/index.server";
import { payments } from "#app/modules/payments/schema";
import { hideBook, unhideBook } from "./admin.server";
import { createBook, updateBookDetails } from "./authoring.server";
import { BOOKS_CATEGORY_SLUG } from "./discussion.server";
import { bookPage } from "./queries.server";
import { bookReviewsPage, deleteBookReview, saveBookReview } from "./reviews.server";
import { bookReviews, books } from "./schema";
import { bookPerson, refusalOf } from "./test-people";
import { REVIEWS_PER_PAGE } from "./types";
import { bookReviewSchema, type BookDetails } from "./validation";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

const USD = { currency: "USD" };
function details(overrides: Partial<BookDetails> = {}): BookDetails {
  return {
    title: "The Lunar Path",
    subtitle: "",
    description: "A book about the moon.",
    language: "en",
    category: "",
    tags: [],
    price: "0",
    status: "published",
    includedWithMembership: false,
    coAuthors: [],
    removeCover: false,
    ...overrides,
  };
}

async function threadsOf(bookId: string) {
  const [book] = await db()
    .select({ postId: books.discussionPostId })
    .from(books)
    .where(eq(books.id, bookId));
  const rows = await db()
    .select({ id: posts.id, category: posts.category, status: posts.status, title: posts.title })
    .from(posts)
    .where(eq(posts.category, BOOKS_CATEGORY_SLUG));
  return { postId: book!.postId, rows };
}

describe("a book's discussion thread", () => {
  it("is seeded as the Books category by the migration", async () => {
    const [category] = await db()
      .select()
      .from(categories)
      .where(eq(categories.slug, BOOKS_CATEGORY_SLUG));
    expect(category).toMatchObject({ title: "Books", isActive: true, isReadOnly: false });
  });

  it("opens with the first publication and is reused when the book is published again", async () => {
    const author = await bookPerson("premium");
    const book = await createBook(author, { title: "Moonwater" });
    // A draft and an unlisted book open none: the thread would announce them.
    await updateBookDetails(author, book.id, details({ title: "Moonwater", status: "draft" }), USD);
    await updateBookDetails(
      author,
      book.id,
      details({ title: "Moonwater", status: "unlisted" }),
      USD,
    );
    expect((await threadsOf(book.id)).postId).toBeNull();

    const published = await updateBookDetails(
      author,
      book.id,
      details({ title: "Moonwater", description: "Tides and [brackets]." }),
      USD,
    );
    const first = await threadsOf(book.id);
    expect(first.postId).not.toBeNull();
    expect(published.book.discussionPostId).toBe(first.postId);
    const [post] = await db().select().from(posts).where(eq(posts.id, first.postId!));
    expect(post).toMatchObject({
      title: "Moonwater",
      category: BOOKS_CATEGORY_SLUG,
      status: "published",
      userId: author.id,
    });
    expect(post!.content).toContain(`](/book/${book.slug})`);
    expect(post!.content).toContain("Tides and [brackets].");
    // It is a discussion like any other: listed in its category.
    const listed = await listPosts({ tab: "latest", category: BOOKS_CATEGORY_SLUG, viewer: null });
    expect(listed.items.map((item) => item.id)).toContain(first.postId);

    // Back to draft and published again: the same thread, no second one.
    await updateBookDetails(author, book.id, details({ title: "Moonwater", status: "draft" }), USD);
    await updateBookDetails(author, book.id, details({ title: "Moonwater" }), USD);
    const again = await threadsOf(book.id);
    expect(again.postId).toBe(first.postId);
    expect(again.rows.filter((row) => row.title === "Moonwater")).toHaveLength(1);

    // The book page links to it with its comment count.
    const page = await bookPage(null, book.slug);
    expect(page.discussion).toEqual({ slug: post!.slug, replyCount: 0 });
  });

  it("is posted by the author even when an admin publishes, and waits for a closed category", async () => {
    const author = await bookPerson("premium");
    const admin = await bookPerson("admin");
    const book = await createBook(author, { title: "Closed Doors" });
    await db()
      .update(categories)
      .set({ isActive: false })
      .where(eq(categories.slug, BOOKS_CATEGORY_SLUG));
    try {
      // A closed category refuses the author's post: the book is published all the same.
      await updateBookDetails(author, book.id, details({ title: "Closed Doors" }), USD);
      const [row] = await db().select().from(books).where(eq(books.id, book.id));
      expect(row).toMatchObject({ status: "published", discussionPostId: null });
    } finally {
      await db()
        .update(categories)
        .set({ isActive: true })
        .where(eq(categories.slug, BOOKS_CATEGORY_SLUG));
    }
    // The next publication (here by an admin) opens it, in the author's name.
    await updateBookDetails(admin, book.id, details({ title: "Closed Doors" }), USD);
    const { postId } = await threadsOf(book.id);
    const [post] = await db().select().from(posts).where(eq(posts.id, postId!));
    expect(post!.userId).toBe(author.id);
  });
});

describe("a hidden book's thread", () => {
  it("waits until an admin shows the book again", async () => {
    const author = await bookPerson("premium");
    const admin = await bookPerson("admin");
    const book = await createBook(author, { title: "Behind the Veil" });
    await hideBook(admin.id, book.id, "Checking a claim");
    await updateBookDetails(author, book.id, details({ title: "Behind the Veil" }), USD);
    expect((await threadsOf(book.id)).postId).toBeNull();
    await unhideBook(admin.id, book.id);
    const { postId } = await threadsOf(book.id);
    const [post] = await db().select().from(posts).where(eq(posts.id, postId!));
    expect(post).toMatchObject({ userId: author.id, title: "Behind the Veil" });
  });
});

async function publishedBook(price: string) {
  const author = await bookPerson("premium");
  const book = await createBook(author, { title: `Reviewed ${price}` });
  await updateBookDetails(author, book.id, details({ title: book.title, price }), USD);
  return { author, book };
}

let sale = 0;
async function buy(userId: string, bookId: string) {
  sale += 1;
  await db()
    .insert(payments)
    .values({
      userId,
      provider: "builtin",
      providerPaymentId: `review_sale_${sale}_${Date.now()}`,
      productKind: "book",
      productId: bookId,
      amount: 900,
      currency: "USD",
      status: "paid",
      paidAt: new Date(),
    });
}

const review = (rating: number, body = "A lovely, careful book.") => ({ rating, body });

describe("reviews", () => {
  it("come from owners only: buyers of a paid book, never its authors or other readers", async () => {
    const { author, book } = await publishedBook("9.00");
    const buyer = await bookPerson("free");
    const stranger = await bookPerson("free");
    const premium = await bookPerson("premium");
    const admin = await bookPerson("admin");
    const coAuthor = await bookPerson("premium");
    await updateBookDetails(
      author,
      book.id,
      details({ title: book.title, price: "9.00", coAuthors: [coAuthor.slug] }),
      USD,
    );
    await buy(buyer.id, book.id);
    await buy(author.id, book.id);

    for (const person of [null, stranger, premium, admin, author, coAuthor])
      expect(await refusalOf(saveBookReview(person, book.id, review(4)))).toBe("notAllowed");
    expect((await bookReviewsPage(stranger, book.id, 1)).canReview).toBe(false);
    expect((await bookReviewsPage(author, book.id, 1)).canReview).toBe(false);

    expect((await bookReviewsPage(buyer, book.id, 1)).canReview).toBe(true);
    await saveBookReview(buyer, book.id, review(4));
    const page = await bookReviewsPage(null, book.id, 1);
    expect(page).toMatchObject({ average: 4, count: 1, mine: null });
    expect(page.items[0]).toMatchObject({ rating: 4, body: "A lovely, careful book." });
  });

  it("come from any member for a free book, one each, edited and deleted by its writer", async () => {
    const { author, book } = await publishedBook("0");
    const [a, b] = [await bookPerson("free"), await bookPerson("free")];
    expect(await refusalOf(saveBookReview(author, book.id, review(5)))).toBe("notAllowed");
    await saveBookReview(a, book.id, review(5));
    await saveBookReview(b, book.id, review(2));
    expect(await bookReviewsPage(null, book.id, 1)).toMatchObject({ average: 3.5, count: 2 });

    // Writing again edits the same review.
    await saveBookReview(a, book.id, review(3, "Changed my mind after chapter two."));
    const mine = await bookReviewsPage(a, book.id, 1);
    expect(mine).toMatchObject({ average: 2.5, count: 2 });
    expect(mine.mine).toEqual({ rating: 3, body: "Changed my mind after chapter two." });
    const rows = await db()
      .select()
      .from(bookReviews)
      .where(and(eq(bookReviews.bookId, book.id), eq(bookReviews.userId, a.id)));
    expect(rows).toHaveLength(1);

    expect(await deleteBookReview(b, book.id)).toBe(true);
    expect(await deleteBookReview(b, book.id)).toBe(false);
    expect(await bookReviewsPage(null, book.id, 1)).toMatchObject({ average: 3, count: 1 });
    expect(await refusalOf(deleteBookReview(null, book.id))).toBe("notAllowed");
  });

  it("are refused on drafts and hidden books, which are not found", async () => {
    const author = await bookPerson("premium");
    const reader = await bookPerson("free");
    const draft = await createBook(author, { title: "Unseen" });
    expect(await refusalOf(saveBookReview(reader, draft.id, review(5)))).toBe("notFound");
    await updateBookDetails(author, draft.id, details({ title: "Unseen" }), USD);
    await db().update(books).set({ hiddenReason: "spam" }).where(eq(books.id, draft.id));
    expect(await refusalOf(saveBookReview(reader, draft.id, review(5)))).toBe("notFound");
  });

  it("hold a rating of 1 to 5 and a text of 10 to 2000 characters", () => {
    const ok = (input: Record<string, unknown>) => bookReviewSchema.safeParse(input).success;
    expect(ok({ rating: "1", body: "Ten chars!" })).toBe(true);
    expect(ok({ rating: "5", body: "x".repeat(2000) })).toBe(true);
    for (const rating of ["0", "6", "2.5", "", "five", undefined])
      expect(ok({ rating, body: "A fine book indeed." })).toBe(false);
    expect(ok({ rating: "4", body: "too short" })).toBe(false);
    expect(ok({ rating: "4", body: "   spaced out   ".padEnd(12) })).toBe(true);
    expect(ok({ rating: "4", body: "          x          " })).toBe(false);
    expect(ok({ rating: "4", body: "x".repeat(2001) })).toBe(false);
    expect(ok({ rating: "4" })).toBe(false);
  });

  it("are listed newest first, a page at a time, with the average of all", async () => {
    const { book } = await publishedBook("0");
    const total = REVIEWS_PER_PAGE + 2;
    const start = Date.now() - total * 60_000;
    for (let i = 0; i < total; i += 1) {
      const reader = await bookPerson("free");
      await saveBookReview(reader, book.id, review((i % 5) + 1), new Date(start + i * 60_000));
    }
    const first = await bookReviewsPage(null, book.id, 1);
    expect(first).toMatchObject({ count: total, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(REVIEWS_PER_PAGE);
    expect(first.items[0]!.rating).toBe(((total - 1) % 5) + 1);
    const second = await bookReviewsPage(null, book.id, 2);
    expect(second.items).toHaveLength(2);
    // Ratings 1..5,1..5,1,2 → 34 / 12 = 2.83 → 2.8.
    expect(first.average).toBe(2.8);
    // A page past the end answers the last one.
    expect((await bookReviewsPage(null, book.id, 99)).page).toBe(2);
  });
});
