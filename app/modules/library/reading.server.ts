import { and, count, eq, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { canKeepReading, type LibraryActor } from "./policy";
import {
  articleBookmarks,
  articleChapters,
  articleNotes,
  articleProgress,
  articles,
  articleViews,
} from "./schema";
import { ARTICLE_LIMITS } from "./types";

/*
 * A reader's own state on an article: where they stopped, their bookmark, their private notes.
 * Each command checks, in its transaction, that the member may read the article whole (premium
 * lost = no more notes on it) and touches only the member's own rows.
 */

export class LibraryRefusedError extends Error {
  constructor(
    readonly reason:
      | "notFound"
      | "signIn"
      | "premium"
      | "chapter"
      | "notesFull"
      | "category"
      | "slug"
      | "published"
      | "categoryHasPage"
      | "notPractice",
  ) {
    super(`library: ${reason}`);
  }
}

/** The article a member may keep reading (whole, signed in), or the reason they may not. */
export async function readableArticle(actor: LibraryActor, articleId: string, now: Date) {
  const [article] = await db()
    .select({
      id: articles.id,
      type: articles.type,
      status: articles.status,
      publishAt: articles.publishAt,
      isPremium: articles.isPremium,
    })
    .from(articles)
    .where(eq(articles.id, articleId))
    .limit(1);
  if (!article) throw new LibraryRefusedError("notFound");
  if (!actor) throw new LibraryRefusedError("signIn");
  if (!canKeepReading(actor, article, now)) {
    throw new LibraryRefusedError(
      article.status === "published" || actor.isAdmin ? "premium" : "notFound",
    );
  }
  return article;
}

/**
 * Stores where the member stopped (a chapter of this article, or none, and how far down it in
 * per mille). The article's `readers` counts members with a progress row: it grows on the first.
 */
export async function saveProgress(
  actor: LibraryActor,
  articleId: string,
  input: { chapterId: string | null; position: number },
  now: Date = new Date(),
): Promise<void> {
  await readableArticle(actor, articleId, now);
  const position = Math.min(1000, Math.max(0, Math.round(input.position)));
  await db().transaction(async (tx) => {
    if (input.chapterId) {
      const [chapter] = await tx
        .select({ id: articleChapters.id })
        .from(articleChapters)
        .where(
          and(eq(articleChapters.id, input.chapterId), eq(articleChapters.articleId, articleId)),
        );
      if (!chapter) throw new LibraryRefusedError("chapter");
    }
    const [row] = await tx
      .insert(articleProgress)
      .values({
        userId: actor!.id,
        articleId,
        chapterId: input.chapterId,
        position,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [articleProgress.userId, articleProgress.articleId],
        set: { chapterId: input.chapterId, position, updatedAt: now },
      })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    if (row?.inserted) {
      await tx
        .update(articles)
        .set({ readers: sql`${articles.readers} + 1` })
        .where(eq(articles.id, articleId));
    }
  });
}

export async function setBookmark(
  actor: LibraryActor,
  articleId: string,
  on: boolean,
  now: Date = new Date(),
): Promise<void> {
  await readableArticle(actor, articleId, now);
  if (on) {
    await db()
      .insert(articleBookmarks)
      .values({ userId: actor!.id, articleId })
      .onConflictDoNothing();
  } else {
    await db()
      .delete(articleBookmarks)
      .where(
        and(eq(articleBookmarks.userId, actor!.id), eq(articleBookmarks.articleId, articleId)),
      );
  }
}

/** Adds a private note; at most `notesPerArticle` per member and article. */
export async function addNote(
  actor: LibraryActor,
  articleId: string,
  body: string,
  now: Date = new Date(),
): Promise<{ id: string }> {
  await readableArticle(actor, articleId, now);
  return db().transaction(async (tx) => {
    // The article's row lock orders two notes sent at once, so the cap holds.
    await tx.execute(sql`select 1 from ${articles} where ${articles.id} = ${articleId} for update`);
    const [{ notes = 0 } = {}] = await tx
      .select({ notes: count() })
      .from(articleNotes)
      .where(and(eq(articleNotes.userId, actor!.id), eq(articleNotes.articleId, articleId)));
    if (notes >= ARTICLE_LIMITS.notesPerArticle) throw new LibraryRefusedError("notesFull");
    const [created] = await tx
      .insert(articleNotes)
      .values({ userId: actor!.id, articleId, body: body.slice(0, ARTICLE_LIMITS.note) })
      .returning({ id: articleNotes.id });
    return created!;
  });
}

/** Deletes one of the member's own notes on the article; another's note is "not found". */
export async function deleteNote(
  actor: LibraryActor,
  articleId: string,
  noteId: string,
): Promise<void> {
  if (!actor) throw new LibraryRefusedError("signIn");
  const deleted = await db()
    .delete(articleNotes)
    .where(
      and(
        eq(articleNotes.id, noteId),
        eq(articleNotes.userId, actor.id),
        eq(articleNotes.articleId, articleId),
      ),
    )
    .returning({ id: articleNotes.id });
  if (deleted.length === 0) throw new LibraryRefusedError("notFound");
}

/** Counts a view once per viewer per UTC day; returns whether this one counted. */
export async function recordArticleView(
  articleId: string,
  key: string,
  now: Date = new Date(),
): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  return db().transaction(async (tx) => {
    const inserted = await tx
      .insert(articleViews)
      .values({ articleId, viewerKey: key, day })
      .onConflictDoNothing()
      .returning({ articleId: articleViews.articleId });
    if (inserted.length === 0) return false;
    await tx
      .update(articles)
      .set({ views: sql`${articles.views} + 1` })
      .where(eq(articles.id, articleId));
    return true;
  });
}
