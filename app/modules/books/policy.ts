import type { Actor } from "#app/modules/auth";
import type { BookStatus } from "./types";

/*
 * Who may do what with a book (docs/ARCHITECTURE.md "Book Forge"); every loader and action asks
 * these on the server.
 *
 * - Authors are premium members and admins; everyone else sees what Book Forge is and the
 *   Premium gate.
 * - A book is edited by its author, its co-authors and admins.
 * - A published book is listed and open to everyone; an unlisted one is open to whoever has its
 *   address but listed nowhere; a draft, or a book an admin hid, exists only for its editors.
 * - The first chapter is the sample everyone may read. The rest is read by the book's editors,
 *   its owners (a paid purchase), any member when the book is free, and premium members when the
 *   author included it with membership.
 */

export interface BookRules {
  authorId: string;
  coAuthorIds: readonly string[];
  status: BookStatus;
  hiddenReason: string | null;
  price: number;
  includedWithMembership: boolean;
}

export function canWriteBooks(actor: Actor): boolean {
  return Boolean(actor?.isPremium || actor?.isAdmin);
}

export function canEditBook(actor: Actor, book: Pick<BookRules, "authorId" | "coAuthorIds">) {
  if (!actor) return false;
  if (actor.isAdmin) return true;
  // A co-author who lost premium still edits the book they write with others; a new book needs premium.
  return book.authorId === actor.id || book.coAuthorIds.includes(actor.id);
}

/** Whether the book page answers (404 otherwise). */
export function canSeeBook(actor: Actor, book: BookRules): boolean {
  if (canEditBook(actor, book)) return true;
  return book.status !== "draft" && book.hiddenReason === null;
}

/** Whether the book is in lists, search and the sitemap. */
export function isListed(book: Pick<BookRules, "status" | "hiddenReason">): boolean {
  return book.status === "published" && book.hiddenReason === null;
}

/** Whether every chapter may be sent to this viewer; `owns` is a paid purchase of theirs. */
export function canReadWhole(actor: Actor, book: BookRules, owns: boolean): boolean {
  if (!canSeeBook(actor, book)) return false;
  if (canEditBook(actor, book)) return true;
  if (!actor) return false;
  if (book.price === 0 || owns) return true;
  return book.includedWithMembership && actor.isPremium;
}

/** The first chapter is the free sample. */
export const SAMPLE_POSITION = 1;

/** Whether this viewer may read the chapter at `position`. */
export function canReadChapter(
  actor: Actor,
  book: BookRules,
  owns: boolean,
  position: number,
): boolean {
  if (!canSeeBook(actor, book)) return false;
  return position === SAMPLE_POSITION || canReadWhole(actor, book, owns);
}

/** Whether the viewer should be offered "Buy" (a paid book they cannot yet read whole). */
export function canBuy(actor: Actor, book: BookRules, owns: boolean): boolean {
  return book.price > 0 && !owns && !canEditBook(actor, book) && isListedOrUnlisted(book);
}

function isListedOrUnlisted(book: Pick<BookRules, "status" | "hiddenReason">) {
  return book.status !== "draft" && book.hiddenReason === null;
}

/**
 * Reviews come from owners only: a paid purchase, or any member for a free book. The book's
 * author and co-authors never review their own book; premium members reading an included book
 * are readers, not owners. The book must be open (published or unlisted, not hidden).
 */
export function canReviewBook(actor: Actor, book: BookRules, owns: boolean): boolean {
  if (!actor || !isListedOrUnlisted(book)) return false;
  if (book.authorId === actor.id || book.coAuthorIds.includes(actor.id)) return false;
  return owns || book.price === 0;
}
