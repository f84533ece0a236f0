import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import type { Actor } from "#app/modules/auth";
import { membershipPricing } from "#app/modules/memberships";
import { startPurchase } from "#app/modules/payments/index.server";
import { getPublicSettings } from "#app/modules/settings/index.server";
import { bookWithCoAuthors } from "./authoring.server";
import { BookRefusedError } from "./errors";
import { canBuy, canSeeBook } from "./policy";
import { ownsBook } from "./queries.server";
import { books } from "./schema";

/**
 * Buy: a one-time checkout of the book at its price in the site currency, through the payments
 * module (decision 064). Refused when the viewer may not buy it (their own book, owned already, a
 * free one); the grant itself comes later, from the provider's event.
 */
export async function startBookPurchase(
  actor: Actor,
  member: { email: string },
  slug: string,
  siteUrl: string,
): Promise<string> {
  if (!actor) throw new BookRefusedError("notAllowed");
  const [row] = await db()
    .select({ id: books.id })
    .from(books)
    .where(eq(books.slug, slug))
    .limit(1);
  const book = row ? await bookWithCoAuthors(row.id) : undefined;
  if (!book || !canSeeBook(actor, book)) throw new BookRefusedError("notFound");
  const owns = await ownsBook(actor.id, book.id);
  if (!canBuy(actor, book, owns)) throw new BookRefusedError(owns ? "alreadyOwned" : "notForSale");
  const { currency } = membershipPricing(await getPublicSettings());
  return startPurchase(
    { userId: actor.id, email: member.email },
    { kind: "book", id: book.id, name: book.title, amount: book.price, currency },
    siteUrl,
    { success: "/book-purchase-success", cancel: `/book/${book.slug}` },
  );
}
