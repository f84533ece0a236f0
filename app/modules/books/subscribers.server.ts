import { eq } from "drizzle-orm";
import { subscribe } from "#app/modules/events/index.server";
import { publish } from "#app/modules/realtime/index.server";
import { bookCoAuthors, books } from "./schema";

/** A book sold: its authors' open sales pages refresh (routes/books/sales.tsx). */
export const bookSubscriptions = [
  subscribe("payment.succeeded", "book-sale-live", async (tx, payment) => {
    if (payment.product?.kind !== "book") return;
    const bookId = payment.product.id;
    const [book] = await tx
      .select({ authorId: books.authorId })
      .from(books)
      .where(eq(books.id, bookId));
    if (!book) return;
    const coAuthors = await tx
      .select({ userId: bookCoAuthors.userId })
      .from(bookCoAuthors)
      .where(eq(bookCoAuthors.bookId, bookId));
    await publish(tx, {
      to: { users: [book.authorId, ...coAuthors.map((co) => co.userId)] },
      type: "bookSale",
      data: { bookId },
    });
  }),
];
