import type { Route } from "./+types/save-chapter";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { formValues, readForm } from "#app/lib/form";
import { idParam } from "#app/lib/ids";
import { getViewer } from "#app/modules/auth/index.server";
import { BookRefusedError, StaleChapterError, saveChapter } from "#app/modules/books/index.server";
import { saveChapterSchema } from "#app/modules/books/validation";

// The editor that calls this shows its answers' messages from the books texts.
export const handle = { texts: ["books"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

/**
 * POST /book-forge/edit/{bookId}/save: the editor's autosave (also sent with `keepalive` as the
 * page is left). JSON answers: 200 `{ ok, version, words }`; 409 `{ conflict: { version, body } }`
 * when the chapter moved on since `baseVersion` (another tab, a co-author); 400 with a
 * translation key for bad input; 404 for a chapter the member may not edit.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST")
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  idParam(params.bookId);
  const viewer = await getViewer(request);
  if (!viewer)
    return Response.json({ ok: false, error: "books.errors.signedOut" }, { status: 401 });
  const parsed = saveChapterSchema.safeParse(formValues(await readForm(request)));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "errors.badRequest";
    return Response.json({ ok: false, error: message }, { status: 400 });
  }
  try {
    const saved = await saveChapter(viewer.actor, parsed.data);
    return Response.json({ ok: true, ...saved });
  } catch (error) {
    if (error instanceof StaleChapterError)
      return Response.json({ ok: false, conflict: error.current }, { status: 409 });
    if (error instanceof BookRefusedError)
      return Response.json({ ok: false, error: "books.errors.notFound" }, { status: 404 });
    throw error;
  }
}
