import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { auditLog } from "#app/modules/admin/schema";
import { notify } from "#app/modules/notifications/notify.server";
import { profiles } from "#app/modules/profiles/schema";
import { comments, posts, reports } from "./schema";
import { onCommentPublished, onPostPublished } from "./publishing.server";
import { excerpt } from "./text";

/** Pending posts and comments, oldest first, and open reports, newest first. */
export async function moderationQueue() {
  const [pendingPosts, pendingComments, openReports] = await Promise.all([
    db()
      .select({ id: posts.id, title: posts.title, slug: posts.slug, content: posts.content, createdAt: posts.createdAt, author: profiles.displayName, authorSlug: profiles.slug })
      .from(posts)
      .innerJoin(profiles, eq(profiles.userId, posts.userId))
      .where(eq(posts.status, "pending"))
      .orderBy(asc(posts.createdAt))
      .limit(100),
    db()
      .select({ id: comments.id, content: comments.content, createdAt: comments.createdAt, postTitle: posts.title, postSlug: posts.slug, author: profiles.displayName, authorSlug: profiles.slug })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .innerJoin(profiles, eq(profiles.userId, comments.userId))
      .where(eq(comments.status, "pending"))
      .orderBy(asc(comments.createdAt))
      .limit(100),
    db()
      .select({ id: reports.id, targetType: reports.targetType, targetId: reports.targetId, reason: reports.reason, createdAt: reports.createdAt, reporter: profiles.displayName })
      .from(reports)
      .innerJoin(profiles, eq(profiles.userId, reports.reporterId))
      .where(eq(reports.status, "open"))
      .orderBy(desc(reports.createdAt))
      .limit(100),
  ]);
  // Where each report points: one query for the reported posts and one for the comments.
  const postIds = openReports.filter((r) => r.targetType === "post").map((r) => r.targetId);
  const commentIds = openReports.filter((r) => r.targetType === "comment").map((r) => r.targetId);
  const [reportedPosts, reportedComments] = await Promise.all([
    postIds.length ? db().select({ id: posts.id, slug: posts.slug, text: posts.title }).from(posts).where(inArray(posts.id, postIds)) : [],
    commentIds.length
      ? db().select({ id: comments.id, slug: posts.slug, text: comments.content }).from(comments).innerJoin(posts, eq(posts.id, comments.postId)).where(inArray(comments.id, commentIds))
      : [],
  ]);
  const targets = new Map([...reportedPosts, ...reportedComments].map((t) => [t.id, t]));
  return {
    posts: pendingPosts.map((p) => ({ ...p, excerpt: excerpt(p.content, 300) })),
    comments: pendingComments.map((c) => ({ ...c, excerpt: excerpt(c.content, 300) })),
    reports: openReports.map((r) => {
      const target = targets.get(r.targetId);
      return { ...r, targetSlug: target?.slug ?? null, targetText: target ? excerpt(target.text, 160) : null };
    }),
  };
}

export type Decision = "approve" | "reject";

/** The author hears the moderator's decision about their post or comment, naming the discussion. */
async function tellAuthor(tx: Db, userId: string, decision: Decision, about: { target: "post" | "comment"; postTitle: string }, url: string | null) {
  await notify(tx, { userId, content: { kind: decision === "approve" ? "approved" : "rejected", target: about.target, post: about.postTitle }, actionUrl: url });
}

/**
 * pending → published (approve: the usual effects of publishing follow) or pending → rejected.
 * Only pending content can be decided; each decision is audited and its author told.
 */
export async function decide(actorId: string, target: { type: "post" | "comment"; id: string }, decision: Decision): Promise<boolean> {
  return db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const status = decision === "approve" ? "published" : "rejected";
    let authorId: string;
    let postTitle: string;
    let url: string | null;
    if (target.type === "post") {
      const [post] = await tx
        .update(posts)
        .set({ status, lastActivityAt: new Date() })
        .where(and(eq(posts.id, target.id), eq(posts.status, "pending")))
        .returning({ id: posts.id, slug: posts.slug, title: posts.title, content: posts.content, userId: posts.userId });
      if (!post) return false;
      if (decision === "approve") await onPostPublished(handle, post);
      authorId = post.userId;
      postTitle = post.title;
      url = `/discussions/${post.slug}`;
    } else {
      const [comment] = await tx
        .update(comments)
        .set({ status })
        .where(and(eq(comments.id, target.id), eq(comments.status, "pending")))
        .returning({ id: comments.id, postId: comments.postId, parentId: comments.parentId, userId: comments.userId, content: comments.content });
      if (!comment) return false;
      if (decision === "approve") await onCommentPublished(handle, comment);
      const [post] = await tx.select({ slug: posts.slug, title: posts.title }).from(posts).where(eq(posts.id, comment.postId));
      authorId = comment.userId;
      postTitle = post?.title ?? "";
      url = post ? `/discussions/${post.slug}#comment-${comment.id}` : null;
    }
    await tx.insert(auditLog).values({ actorId, action: `moderation.${decision}`, targetType: target.type, targetId: target.id, details: { to: status } });
    await tellAuthor(handle, authorId, decision, { target: target.type, postTitle }, url);
    return true;
  });
}

export async function resolveReport(actorId: string, reportId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const updated = await tx.update(reports).set({ status: "resolved" }).where(and(eq(reports.id, reportId), eq(reports.status, "open"))).returning({ id: reports.id });
    if (updated.length) await tx.insert(auditLog).values({ actorId, action: "report.resolve", targetType: "report", targetId: reportId, details: {} });
  });
}
