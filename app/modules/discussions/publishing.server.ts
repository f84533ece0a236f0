import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { isLocale } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";
import { notify } from "#app/modules/notifications/notify.server";
import { escapeHtml } from "#app/modules/notifications/sanitize";
import { profiles } from "#app/modules/profiles/schema";
import { publish } from "#app/modules/realtime/publish.server";
import { award } from "#app/modules/reputation/award.server";
import { comments, posts } from "./schema";
import { excerpt, mentionedSlugs } from "./text";

type Tx = Db;

/** Members to notify, with the language each reads notifications in. */
async function recipients(tx: Tx, where: ReturnType<typeof eq>) {
  const rows = await tx.select({ userId: profiles.userId, language: profiles.language }).from(profiles).where(where);
  return rows.map((r) => ({ userId: r.userId, t: serverT(isLocale(r.language) ? r.language : "en") }));
}

async function notifyMentions(tx: Tx, text: string, authorId: string, authorName: string, title: string, url: string, alreadyNotified: string[]) {
  const slugs = mentionedSlugs(text);
  if (slugs.length === 0) return;
  const people = await recipients(tx, and(inArray(profiles.slug, slugs), ne(profiles.userId, authorId))!);
  for (const person of people) {
    if (alreadyNotified.includes(person.userId)) continue;
    await notify(tx, {
      userId: person.userId,
      type: "mention",
      title: person.t("discussions.notify.mentionTitle", { name: authorName }),
      message: `<p>${escapeHtml(person.t("discussions.notify.mentionMessage", { name: authorName, title }))}</p>`,
      actionUrl: url,
    });
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
    for (const person of await recipients(tx, eq(profiles.userId, post.userId))) {
      await notify(tx, {
        userId: person.userId,
        type: "new_reply",
        title: person.t("discussions.notify.replyTitle", { name, title: post.title }),
        message: `<p>${escapeHtml(preview)}</p>`,
        actionUrl: url,
      });
      notified.push(person.userId);
    }
  }
  if (comment.parentId) {
    const [parent] = await tx.select({ userId: comments.userId }).from(comments).where(eq(comments.id, comment.parentId));
    if (parent && parent.userId !== comment.userId && !notified.includes(parent.userId)) {
      for (const person of await recipients(tx, eq(profiles.userId, parent.userId))) {
        await notify(tx, {
          userId: person.userId,
          type: "new_reply",
          title: person.t("discussions.notify.commentReplyTitle", { name }),
          message: `<p>${escapeHtml(preview)}</p>`,
          actionUrl: url,
        });
        notified.push(person.userId);
      }
    }
  }
  await notifyMentions(tx, comment.content, comment.userId, name, post.title, url, notified);
}

const PENDING_MESSAGE = {
  post: "discussions.notify.pendingPost",
  comment: "discussions.notify.pendingComment",
  postEdit: "discussions.notify.pendingPostEdit",
  commentEdit: "discussions.notify.pendingCommentEdit",
} as const;

/** Admins hear about contributions (and held edits) waiting in the moderation queue. */
export async function notifyModerators(tx: Tx, kind: keyof typeof PENDING_MESSAGE, authorName: string): Promise<void> {
  const admins = await recipients(tx, inArray(profiles.role, ["admin", "super_admin"]));
  for (const admin of admins) {
    await notify(tx, {
      userId: admin.userId,
      type: "moderation",
      audience: "admin",
      title: admin.t("discussions.notify.pendingTitle"),
      message: `<p>${escapeHtml(admin.t(PENDING_MESSAGE[kind], { name: authorName }))}</p>`,
      actionUrl: "/admin/moderation",
    });
  }
}
