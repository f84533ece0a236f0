import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { db } from "#app/db/client.server";
import { actionError, actionOk, readForm, validateForm } from "#app/lib/form";
import { viewerKey } from "#app/lib/viewer-key.server";
import { actorOf, clientIp, getViewer } from "#app/modules/auth/index.server";
import { viewerZone } from "#app/modules/coven-events";
import { libraryRefusal } from "./access.server";
import { markSessionDone, practicesOf, practiceSummary } from "./practice.server";
import { articleHref, articleView } from "./queries.server";
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
  // An attunement the member may follow: whether today's session is done, and the streak.
  const practice =
    type === "attunement" && view.reader && actor
      ? await practiceSummary(actor.id, viewerZone(request.headers.get("cookie")))
      : null;
  if (view.article.live && !actor?.isAdmin) {
    await recordArticleView(
      view.article.id,
      viewerKey("article-view", actor, {
        address: clientIp(request),
        userAgent: request.headers.get("user-agent") ?? "",
      }),
    );
  }
  return {
    ...view,
    session: practice
      ? { streak: practice.streak, doneToday: practice.doneToday.includes(view.article.id) }
      : null,
  };
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
      case "session-done": {
        const { created } = await markSessionDone(
          actor,
          articleId,
          viewerZone(request.headers.get("cookie")),
        );
        return actionOk({
          toast: {
            key: created ? "library.toasts.sessionDone" : "library.toasts.sessionAlreadyDone",
          },
        });
      }
    }
  } catch (error) {
    if (error instanceof LibraryRefusedError) return libraryRefusal(error, parsed.values);
    throw error;
  }
  return actionError({ formError: "errors.badRequest" });
}

/** The attunement paths with a page of their own: address → category key (issue 13 §2). */
export const ATTUNEMENT_PATHS = {
  "/demon-attunements": "demon",
  "/elentho-attunements": "elenthos",
} as const;
export type AttunementPath = keyof typeof ATTUNEMENT_PATHS;

/**
 * SPEC §2 `/demon-attunements`, `/elentho-attunements` (premium): the path's practices with their
 * length, and for a member who may follow them their streak and today's sessions. Everyone else
 * sees what the path holds and the Premium gate, answered 403.
 */
export async function loadAttunementPath(request: Request, path: AttunementPath) {
  const actor = actorOf(await getViewer(request));
  const found = await practicesOf("attunement", ATTUNEMENT_PATHS[path]);
  if (!found) throw data(null, { status: 404 });
  const allowed = Boolean(actor?.isAdmin || actor?.isPremium);
  const practice =
    allowed && actor
      ? await practiceSummary(actor.id, viewerZone(request.headers.get("cookie")))
      : null;
  return data(
    {
      path,
      category: found.category,
      practices: found.practices.map((p) => ({ ...p, href: articleHref(p) })),
      practice,
    },
    { status: allowed ? 200 : 403 },
  );
}
