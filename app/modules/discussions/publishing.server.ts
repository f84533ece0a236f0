import { eq, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { emitEvent } from "#app/modules/events/index.server";
import { covens } from "#app/modules/covens/schema";
import { profiles } from "#app/modules/profiles/schema";
import { comments, posts } from "./schema";
import { videos } from "#app/modules/videos/schema";
import { commentLink, covenThreadHref, threadHref, videoThreadHref } from "./links";
import { excerpt, mentionedSlugs } from "./text";

type Tx = Db;

async function authorName(tx: Tx, userId: string): Promise<string> {
  const [author] = await tx
    .select({ name: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return author?.name ?? "";
}

/** The coven a post belongs to, as the events name it (decision 037). */
export interface PostCoven {
  id: string;
  slug: string;
  name: string;
}

/** The post's thread address: in its coven's pages, or the public one. */
function postPath(slug: string, coven: PostCoven | null): string {
  return coven ? covenThreadHref(coven.slug, slug) : threadHref(slug);
}

/**
 * A post became visible: `post.published`, in the same transaction. XP, mentions and fresh sidebar
 * counts follow in their subscribers (reputation, notifications, shell). A coven post names its
 * coven, so that only its members hear of it.
 */
export async function onPostPublished(
  tx: Tx,
  post: { id: string; slug: string; title: string; content: string; userId: string },
  via: "direct" | "moderation" = "direct",
  coven: PostCoven | null = null,
): Promise<void> {
  await emitEvent(tx, {
    name: "post.published",
    postId: post.id,
    authorId: post.userId,
    authorName: await authorName(tx, post.userId),
    title: post.title,
    url: postPath(post.slug, coven),
    mentions: mentionedSlugs(post.content),
    via,
    coven: coven && { id: coven.id, name: coven.name },
  });
}

/**
 * A comment became visible: the post's reply count and activity change here, and
 * `comment.published` tells the subscribers (XP; notices to the post's author, the parent
 * comment's author and anyone mentioned).
 */
export async function onCommentPublished(
  tx: Tx,
  comment: { id: string; postId: string; parentId: string | null; userId: string; content: string },
  via: "direct" | "moderation" = "direct",
): Promise<void> {
  const [post] = await tx
    .update(posts)
    .set({ replyCount: sql`${posts.replyCount} + 1`, lastActivityAt: new Date() })
    .where(eq(posts.id, comment.postId))
    .returning({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      userId: posts.userId,
      covenId: posts.covenId,
      videoId: posts.videoId,
    });
  if (!post) return;
  // A video's comments live on the video's page (decision 049).
  const [video] = post.videoId
    ? await tx.select({ slug: videos.slug }).from(videos).where(eq(videos.id, post.videoId))
    : [];
  const [coven] = post.covenId
    ? await tx
        .select({ id: covens.id, slug: covens.slug, name: covens.name })
        .from(covens)
        .where(eq(covens.id, post.covenId))
    : [];
  const [parent] = comment.parentId
    ? await tx
        .select({ userId: comments.userId })
        .from(comments)
        .where(eq(comments.id, comment.parentId))
    : [];
  await emitEvent(tx, {
    name: "comment.published",
    commentId: comment.id,
    postId: post.id,
    authorId: comment.userId,
    authorName: await authorName(tx, comment.userId),
    postTitle: post.title,
    postAuthorId: post.userId,
    parentAuthorId: parent?.userId ?? null,
    preview: excerpt(comment.content, 140),
    url: commentLink(
      video ? videoThreadHref(video.slug) : postPath(post.slug, coven ?? null),
      comment.id,
    ),
    mentions: mentionedSlugs(comment.content),
    via,
    coven: coven ? { id: coven.id, name: coven.name } : null,
  });
}

/** A contribution (or held edit) waits in the moderation queue: `contribution.held` tells the admins. */
export async function notifyModerators(
  tx: Tx,
  pending: { target: "post" | "comment"; authorName: string; postTitle: string; edit?: boolean },
): Promise<void> {
  await emitEvent(tx, {
    name: "contribution.held",
    target: pending.target,
    authorName: pending.authorName,
    postTitle: pending.postTitle,
    edit: pending.edit ?? false,
  });
}
