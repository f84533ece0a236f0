/** Addresses of a discussion's pages and comments, shared by the server (notifications) and the page. */

export function threadHref(slug: string): string {
  return `/discussions/${slug}`;
}

/**
 * A comment's permanent address: the thread's page that holds it (a reply: its top-level
 * comment's page), scrolled to it. Notifications and the comment's "Link" use it.
 */
export function commentPermalink(slug: string, commentId: string): string {
  return `${threadHref(slug)}?comment=${commentId}#comment-${commentId}`;
}

/** The page of comments after (later) or before (earlier) a cursor. */
export function threadPageHref(slug: string, page: { after: string } | { before: string }): string {
  return "after" in page
    ? `${threadHref(slug)}?after=${page.after}`
    : `${threadHref(slug)}?before=${page.before}`;
}

/** The element id of a comment on the page (the fragment of its permalink). */
export function commentAnchor(commentId: string): string {
  return `comment-${commentId}`;
}
