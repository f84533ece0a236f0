/**
 * "Preview as a member" (docs/decisions/053-academy-outline.md): `/academy/{slug}?preview=member`
 * and its lessons show an admin the pages as an enrolled member sees them, drafts included. The
 * parameter is honoured for admins only; for everyone else it is ignored, so a draft stays a 404.
 */
export const PREVIEW_QUERY = "preview=member";

/** Whether the address asks for the member preview (the loader still checks the viewer is an admin). */
export function previewRequested(url: URL): boolean {
  return url.searchParams.get("preview") === "member";
}

/** A course or lesson path that keeps the preview on while the admin walks through the course. */
export function previewPath(path: string, preview: boolean): string {
  return preview ? `${path}?${PREVIEW_QUERY}` : path;
}
