import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { db } from "#app/db/client.server";
import { actionError, actionOk, readForm, validateForm } from "#app/lib/form";
import { viewerKey } from "#app/lib/viewer-key.server";
import { actorOf, clientIp, getViewer } from "#app/modules/auth/index.server";
import { libraryRefusal } from "./access.server";
import { articleView } from "./queries.server";
import {
  LibraryRefusedError,
  addNote,
  deleteNote,
  recordArticleView,
  saveProgress,
  setBookmark,
} from "./reading.server";
import { articles } from "./schema";
import type { ArticleType } from "./types";
import { readerActionSchema } from "./validation";

/*
 * What every page that shows one article does on the server, whichever address it has
 * (`/article/{type}/{id}`, `/grimoire/{slug}` …): its loader and its action.
 */

/** The id of the article of `type` at `slug`, or null. */
export async function articleIdBySlug(type: ArticleType, slug: string): Promise<string | null> {
  const [row] = await db()
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.type, type), eq(articles.slug, slug)))
    .limit(1);
  return row?.id ?? null;
}

/** The article page's data for this request (404 when it does not exist for the viewer). */
export async function loadArticlePage(
  request: Request,
  type: ArticleType,
  articleId: string,
  chapterId: string | null,
) {
  const actor = actorOf(await getViewer(request));
  const view = await articleView(type, articleId, chapterId, actor);
  if (!view) throw data(null, { status: 404 });
  if (view.article.live && !actor?.isAdmin) {
    await recordArticleView(
      view.article.id,
      viewerKey("article-view", actor, {
        address: clientIp(request),
        userAgent: request.headers.get("user-agent") ?? "",
      }),
    );
  }
  return view;
}

/** The reader's forms: progress, bookmark, notes. */
export async function articlePageAction(request: Request, articleId: string) {
  const actor = actorOf(await getViewer(request));
  const form = await readForm(request);
  const parsed = validateForm(form, readerActionSchema);
  if (!parsed.ok) return parsed.response;
  try {
    switch (parsed.data.intent) {
      case "progress":
        await saveProgress(actor, articleId, parsed.data);
        return actionOk();
      case "bookmark":
      case "unbookmark":
        await setBookmark(actor, articleId, parsed.data.intent === "bookmark");
        return actionOk({
          toast: {
            key:
              parsed.data.intent === "bookmark"
                ? "library.toasts.bookmarked"
                : "library.toasts.unbookmarked",
          },
        });
      case "note":
        await addNote(actor, articleId, parsed.data.note);
        return actionOk({ toast: { key: "library.toasts.noteSaved" } });
      case "delete-note":
        await deleteNote(actor, articleId, parsed.data.noteId);
        return actionOk({ toast: { key: "library.toasts.noteDeleted" } });
    }
  } catch (error) {
    if (error instanceof LibraryRefusedError) return libraryRefusal(error, parsed.values);
    throw error;
  }
  return actionError({ formError: "errors.badRequest" });
}
