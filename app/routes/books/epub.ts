import { data } from "react-router";
import type { Route } from "./+types/epub";
import { getViewer } from "#app/modules/auth/index.server";
import { BookRefusedError, bookEpub } from "#app/modules/books/index.server";

/**
 * GET /book/{slug}/epub: the book as EPUB 3 for whoever may read it whole (owners, members for a
 * free book, premium members when included, its editors); 403 for others, 404 for a book they
 * may not see. Made on each request: the text is always the current one.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  try {
    const file = await bookEpub(viewer?.actor ?? null, params.slug);
    return new Response(new Uint8Array(file.data), {
      headers: {
        "Content-Type": "application/epub+zip",
        "Content-Disposition": `attachment; filename="${file.fileName.replace(/[^\w.-]/g, "_")}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof BookRefusedError)
      throw data(null, { status: error.reason === "notAllowed" ? 403 : 404 });
    throw error;
  }
}
