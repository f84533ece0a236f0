import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { actorById } from "#app/modules/auth/index.server";
import {
  addChapter,
  createBook,
  renameChapter,
  saveChapter,
  updateBookDetails,
} from "./authoring.server";
import { DEMO_BOOK } from "./demo-book";
import { bookChapters } from "./schema";

/**
 * Writes and publishes the demo book through the authors' own commands, so it is what an author
 * would have made by hand: chapters with their revisions, and the discussion thread its first
 * publication opens. Nothing when the author is not there (demo content switched off).
 */
export async function seedDemoBook(authorId: string): Promise<void> {
  const actor = await actorById(authorId);
  if (!actor) return;
  const book = await createBook(actor, { title: DEMO_BOOK.title });
  const [first] = await db()
    .select({ id: bookChapters.id, version: bookChapters.version })
    .from(bookChapters)
    .where(eq(bookChapters.bookId, book.id));
  const [opening, ...rest] = DEMO_BOOK.chapters;
  await renameChapter(actor, first!.id, opening.title);
  await saveChapter(actor, {
    chapterId: first!.id,
    body: opening.body,
    baseVersion: first!.version,
  });
  for (const chapter of rest) {
    const added = await addChapter(actor, book.id, chapter.title);
    await saveChapter(actor, {
      chapterId: added.id,
      body: chapter.body,
      baseVersion: added.version,
    });
  }
  await updateBookDetails(
    actor,
    book.id,
    {
      title: DEMO_BOOK.title,
      subtitle: DEMO_BOOK.subtitle,
      description: DEMO_BOOK.description,
      language: "en",
      category: DEMO_BOOK.category,
      tags: [...DEMO_BOOK.tags],
      price: "0",
      status: "published",
      includedWithMembership: false,
      coAuthors: [],
      removeCover: false,
    },
    { currency: "usd" },
  );
}
