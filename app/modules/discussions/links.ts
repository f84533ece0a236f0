/**
 * Addresses of a discussion's pages and comments, shared by the server (notifications) and the
 * page. A thread lives at one path: `/discussions/<slug>`, in its coven's feed
 * `/covens/<coven>/posts/<slug>` (decision 037) or, for a video's comments, `/video/<slug>`
 * (decision 049); its comments and pages hang off that path.
 */

export function threadHref(slug: string): string {
  return `/discussions/${slug}`;
}

/** A coven post's thread, inside its coven's pages. */
export function covenThreadHref(covenSlug: string, postSlug: string): string {
  return `/covens/${encodeURIComponent(covenSlug)}/posts/${postSlug}`;
}

/** The comments of a video: under its player, on the video's page (decision 049). */
export function videoThreadHref(videoSlug: string): string {
  return `/video/${encodeURIComponent(videoSlug)}`;
}

/**
 * The thread path of a post: its video's page (`videoSlug` set), its coven's (`covenSlug` set),
 * else the public one.
 */
export function threadPath(post: {
  slug: string;
  covenSlug: string | null;
  videoSlug?: string | null;
}): string {
  if (post.videoSlug) return videoThreadHref(post.videoSlug);
  return post.covenSlug === null
    ? threadHref(post.slug)
    : covenThreadHref(post.covenSlug, post.slug);
}

/**
 * A comment's permanent address: the thread's page that holds it (a reply: its top-level
 * comment's page), scrolled to it. Notifications and the comment's "Link" use it.
 */
export function commentLink(path: string, commentId: string): string {
  return `${path}?comment=${commentId}#comment-${commentId}`;
}

/** A public discussion's comment permalink (`commentLink` on `/discussions/<slug>`). */
export function commentPermalink(slug: string, commentId: string): string {
  return commentLink(threadHref(slug), commentId);
}

/** The page of comments after (later) or before (earlier) a cursor, on a thread's path. */
export function pageLink(path: string, page: { after: string } | { before: string }): string {
  return "after" in page ? `${path}?after=${page.after}` : `${path}?before=${page.before}`;
}

/** `pageLink` for a public discussion. */
export function threadPageHref(slug: string, page: { after: string } | { before: string }): string {
  return pageLink(threadHref(slug), page);
}

/** The element id of a comment on the page (the fragment of its permalink). */
export function commentAnchor(commentId: string): string {
  return `comment-${commentId}`;
}
