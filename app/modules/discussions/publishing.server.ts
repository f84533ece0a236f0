import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { notify } from "#app/modules/notifications/notify.server";
import { notifyAdmins } from "#app/modules/notifications/notifications.server";
import { profiles } from "#app/modules/profiles/schema";
import { publish } from "#app/modules/realtime/publish.server";
import { award } from "#app/modules/reputation/award.server";
import { comments, posts } from "./schema";
import { excerpt, mentionedSlugs } from "./text";

type Tx = Db;

async function notifyMentions(tx: Tx, text: string, authorId: string, authorName: string, title: string, url: string, alreadyNotified: string[]) {
  const slugs = mentionedSlugs(text);
  if (slugs.length === 0) return;
  const people = await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(inArray(profiles.slug, slugs), ne(profiles.userId, authorId)));
  for (const person of people) {
    if (alreadyNotified.includes(person.userId)) continue;
    await notify(tx, { userId: person.userId, content: { kind: "mention", name: authorName, post: title }, actionUrl: url });
  }
}

/** Everything that follows a post becoming visible: XP, mentions, and fresh sidebar counts. */
export async function onPostPublished(tx: Tx, post: { id: string; slug: string; title: string; content: string; userId: string }): Promise<void> {
  await award(tx, post.userId, "post_published", post.id);
  const [author] = await tx.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.userId, post.userId));
  await notifyMentions(tx, post.content, post.userId, author?.name ?? "", post.title, `/discussions/${post.slug}`, []);
  await publish(tx, { to: { everyone: true }, type: "counts", data: { kind: "discussions" } });
}

/**
 * Everything that follows a comment becoming visible: the post's reply count and activity, XP,
 * and notices to the post's author, the parent comment's author and anyone mentioned.
 */
export async function onCommentPublished(
  tx: Tx,
  comment: { id: string; postId: string; parentId: string | null; userId: string; content: string },
): Promise<void> {
  const [post] = await tx
    .update(posts)
    .set({ replyCount: sql`${posts.replyCount} + 1`, lastActivityAt: new Date() })
    .where(eq(posts.id, comment.postId))
    .returning({ id: posts.id, slug: posts.slug, title: posts.title, userId: posts.userId });
  if (!post) return;
  await award(tx, comment.userId, "comment_published", comment.id);
  const [author] = await tx.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.userId, comment.userId));
  const name = author?.name ?? "";
  const url = `/discussions/${post.slug}#comment-${comment.id}`;
  const preview = excerpt(comment.content, 140);
  const notified: string[] = [];
  if (post.userId !== comment.userId) {
    await notify(tx, { userId: post.userId, content: { kind: "reply", name, post: post.title, preview }, actionUrl: url });
    notified.push(post.userId);
  }
  if (comment.parentId) {
    const [parent] = await tx.select({ userId: comments.userId }).from(comments).where(eq(comments.id, comment.parentId));
    if (parent && parent.userId !== comment.userId && !notified.includes(parent.userId)) {
      await notify(tx, { userId: parent.userId, content: { kind: "commentReply", name, post: post.title, preview }, actionUrl: url });
      notified.push(parent.userId);
    }
  }
  await notifyMentions(tx, comment.content, comment.userId, name, post.title, url, notified);
}

/** Admins hear about contributions (and held edits) waiting in the moderation queue, and in which discussion. */
export async function notifyModerators(tx: Tx, pending: { target: "post" | "comment"; authorName: string; postTitle: string; edit?: boolean }): Promise<void> {
  await notifyAdmins(tx, { kind: pending.edit ? "pendingEdit" : "pending", target: pending.target, name: pending.authorName, post: pending.postTitle }, "/admin/moderation");
}
