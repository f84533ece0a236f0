import { desc, eq, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { payments } from "#app/modules/payments/schema";
import { profiles } from "#app/modules/profiles/schema";
import { openBookDiscussion } from "./discussion.server";
import { BookRefusedError } from "./errors";
import { books } from "./schema";

/*
 * The admins' Book Forge screen (SPEC §2 admin book-forge): every book with its sales totals,
 * and hiding a book with a reason (it leaves the book page for all but its editors, lists and the
 * sitemap) or showing it again. Both write the audit log in the same transaction.
 */

export const ADMIN_BOOKS_PER_PAGE = 25;

const bookPayments = sql`${payments.productKind} = 'book' and ${payments.productId} = "books"."id"`;
const units =
  sql<number>`(select count(*) from ${payments} where ${bookPayments} and ${payments.status} = 'paid')`.mapWith(
    Number,
  );
const refunds =
  sql<number>`(select count(*) from ${payments} where ${bookPayments} and ${payments.status} = 'refunded')`.mapWith(
    Number,
  );
const revenue =
  sql<number>`(select coalesce(sum(${payments.amount}), 0) from ${payments} where ${bookPayments} and ${payments.status} = 'paid')`.mapWith(
    Number,
  );

/** Every book, newest first, with its author and its paid units, refunds and net revenue. */
export async function adminBooks(page: number) {
  return paginate(
    db()
      .select({
        id: books.id,
        slug: books.slug,
        title: books.title,
        status: books.status,
        price: books.price,
        hiddenReason: books.hiddenReason,
        authorName: profiles.displayName,
        authorSlug: profiles.slug,
        createdAt: books.createdAt,
        units,
        refunds,
        revenue,
        total: totalRows(),
      })
      .from(books)
      .leftJoin(profiles, eq(profiles.userId, books.authorId))
      .orderBy(desc(books.createdAt), desc(books.id))
      .$dynamic(),
    { page, perPage: ADMIN_BOOKS_PER_PAGE },
  );
}

/** Hides a book with the reason its authors see; hiding again replaces the reason. */
export async function hideBook(adminId: string, bookId: string, reason: string) {
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select({ hiddenReason: books.hiddenReason, title: books.title })
      .from(books)
      .where(eq(books.id, bookId))
      .for("update");
    if (!before) throw new BookRefusedError("notFound");
    await tx.update(books).set({ hiddenReason: reason }).where(eq(books.id, bookId));
    await recordAudit(tx, {
      actorId: adminId,
      action: "book.hide",
      targetType: "book",
      targetId: bookId,
      details: { title: before.title, before: before.hiddenReason, after: reason },
    });
  });
}

/** Shows a hidden book again (its status decides where it appears). */
export async function unhideBook(adminId: string, bookId: string) {
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select({ hiddenReason: books.hiddenReason, title: books.title })
      .from(books)
      .where(eq(books.id, bookId))
      .for("update");
    if (!before) throw new BookRefusedError("notFound");
    if (before.hiddenReason === null) return;
    const [shown] = await tx
      .update(books)
      .set({ hiddenReason: null })
      .where(eq(books.id, bookId))
      .returning();
    // A book published while hidden opens its thread when it is shown (none before: it would
    // have announced a hidden book).
    await openBookDiscussion(tx as unknown as Db, shown!, null);
    await recordAudit(tx, {
      actorId: adminId,
      action: "book.unhide",
      targetType: "book",
      targetId: bookId,
      details: { title: before.title, before: before.hiddenReason, after: null },
    });
  });
}
