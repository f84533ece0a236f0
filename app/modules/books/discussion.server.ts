import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import type { Actor } from "#app/modules/auth";
import { actorById } from "#app/modules/auth/index.server";
import { createPostIn, PostRefusedError } from "#app/modules/discussions/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { books } from "./schema";

/*
 * A published book's discussion thread (docs/ARCHITECTURE.md "Book Forge"): opened in the Books
 * category with the book's first publication, in the same transaction, by the discussions
 * module's own command (moderation, `post.published`, search, notifications as for any post).
 * Republishing finds `discussion_post_id` set and reuses the thread.
 */

/** The category's slug; migration 0041 seeds it on every database. */
export const BOOKS_CATEGORY_SLUG = "books";

interface PublishedBook {
  id: string;
  slug: string;
  title: string;
  description: string;
  authorId: string;
  status: string;
  hiddenReason: string | null;
  discussionPostId: string | null;
}

/**
 * Opens the thread if the book is published (listed) and has none yet. The author posts it: the
 * thread is theirs to edit. A category an admin closed refuses the post; the book is published all
 * the same and its next publication tries again.
 */
export async function openBookDiscussion(
  tx: Db,
  book: PublishedBook,
  publisher: Actor,
): Promise<string | null> {
  if (book.status !== "published" || book.hiddenReason !== null) return null;
  if (book.discussionPostId) return book.discussionPostId;
  // The author's standing decides the thread's moderation, as for any post of theirs; when a
  // co-author or an admin publishes, it is read from the database.
  const author = publisher?.id === book.authorId ? publisher : await actorById(book.authorId, tx);
  const [profile] = await tx
    .select({ name: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.userId, book.authorId))
    .limit(1);
  if (!author) return null;
  const link = `[${escapeLinkText(book.title)}](/book/${book.slug})`;
  const content = book.description.trim() ? `${book.description.trim()}\n\n${link}` : link;
  try {
    const post = await createPostIn(
      tx,
      { ...author, displayName: profile?.name ?? "" },
      { title: book.title, category: BOOKS_CATEGORY_SLUG, content },
    );
    await tx.update(books).set({ discussionPostId: post.id }).where(eq(books.id, book.id));
    return post.id;
  } catch (error) {
    if (error instanceof PostRefusedError) return null;
    throw error;
  }
}

/** Markdown link text: brackets and backslashes in a title would end or bend the link. */
function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, (c) => `\\${c}`);
}
