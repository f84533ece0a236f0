import type { Route } from "./+types/chapter-history";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { formValues, readForm } from "#app/lib/form";
import { idParam } from "#app/lib/ids";
import { getViewer } from "#app/modules/auth/index.server";
import {
  BookRefusedError,
  chapterRevisions,
  restoreRevision,
} from "#app/modules/books/index.server";
import { restoreRevisionSchema } from "#app/modules/books/validation";

// The editor that calls this shows its answers' messages from the books texts.
export const handle = { texts: ["books"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

/**
 * GET /book-forge/edit/{bookId}/history/{chapterId}: the chapter's revisions (JSON, for the
 * editor's history panel); POST restores one (`revisionId`) as a new version and answers the
 * restored text and version. 404 for a chapter the member may not edit.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  idParam(params.bookId);
  const chapterId = idParam(params.chapterId);
  const viewer = await getViewer(request);
  if (!viewer) return Response.json({ ok: false }, { status: 401 });
  try {
    const revisions = await chapterRevisions(viewer.actor, chapterId);
    return Response.json({ ok: true, revisions });
  } catch (error) {
    if (error instanceof BookRefusedError) return Response.json({ ok: false }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  idParam(params.bookId);
  const viewer = await getViewer(request);
  if (!viewer) return Response.json({ ok: false }, { status: 401 });
  const parsed = restoreRevisionSchema.safeParse({
    ...formValues(await readForm(request)),
    chapterId: params.chapterId,
  });
  if (!parsed.success) return Response.json({ ok: false, error: "errors.badId" }, { status: 400 });
  try {
    const restored = await restoreRevision(viewer.actor, parsed.data);
    return Response.json({ ok: true, ...restored });
  } catch (error) {
    if (error instanceof BookRefusedError) return Response.json({ ok: false }, { status: 404 });
    throw error;
  }
}
