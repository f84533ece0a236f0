import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { emitEvent } from "#app/modules/events/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { covens } from "#app/modules/covens/schema";
import { videos } from "#app/modules/videos/schema";
import { comments, posts, reports } from "./schema";
import { commentLink, threadPath } from "./links";
import { NO_HELD_POST_EDIT } from "./posts.server";
import { onCommentPublished, onPostPublished } from "./publishing.server";
import { excerpt } from "./text";

/**
 * The slug of a post's coven (null for a public discussion), so every link the queue shows and
 * every decision the author hears of points at where the thread lives (decision 037).
 */
const covenSlugOfPost = sql<
  string | null
>`(select ${covens.slug} from ${covens} where ${covens.id} = ${posts.covenId})`;

/** The slug of a post's video (its comments live on the video's page, decision 049). */
const videoSlugOfPost = sql<
  string | null
>`(select ${videos.slug} from ${videos} where ${videos.id} = ${posts.videoId})`;

/** Where a post's thread lives, with its title; null when it is gone. */
async function threadOf(handle: Db, postId: string) {
  const [post] = await handle
    .select({
      slug: posts.slug,
      title: posts.title,
      covenSlug: covenSlugOfPost,
      videoSlug: videoSlugOfPost,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  return post ? { path: threadPath(post), title: post.title } : null;
}

/** Pending posts and comments and held edits, oldest first, and open reports, newest first. */
export async function moderationQueue() {
  const [pendingPosts, pendingComments, openReports, edits] = await Promise.all([
    db()
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        covenSlug: covenSlugOfPost,
        videoSlug: videoSlugOfPost,
        content: posts.content,
        createdAt: posts.createdAt,
        author: profiles.displayName,
        authorSlug: profiles.slug,
      })
      .from(posts)
      .innerJoin(profiles, eq(profiles.userId, posts.userId))
      .where(eq(posts.status, "pending"))
      .orderBy(asc(posts.createdAt))
      .limit(100),
    db()
      .select({
        id: comments.id,
        content: comments.content,
        createdAt: comments.createdAt,
        postTitle: posts.title,
        postSlug: posts.slug,
        author: profiles.displayName,
        authorSlug: profiles.slug,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .innerJoin(profiles, eq(profiles.userId, comments.userId))
      .where(eq(comments.status, "pending"))
      .orderBy(asc(comments.createdAt))
      .limit(100),
    db()
      .select({
        id: reports.id,
        targetType: reports.targetType,
        targetId: reports.targetId,
        reason: reports.reason,
        createdAt: reports.createdAt,
        reporter: profiles.displayName,
      })
      .from(reports)
      .innerJoin(profiles, eq(profiles.userId, reports.reporterId))
      .where(eq(reports.status, "open"))
      .orderBy(desc(reports.createdAt))
      .limit(100),
    heldEdits(),
  ]);
  // Where each report points: one query for the reported posts and one for the comments.
  const postIds = openReports.filter((r) => r.targetType === "post").map((r) => r.targetId);
  const commentIds = openReports.filter((r) => r.targetType === "comment").map((r) => r.targetId);
  const [reportedPosts, reportedComments] = await Promise.all([
    postIds.length
      ? db()
          .select({
            id: posts.id,
            slug: posts.slug,
            covenSlug: covenSlugOfPost,
            videoSlug: videoSlugOfPost,
            text: posts.title,
          })
          .from(posts)
          .where(inArray(posts.id, postIds))
      : [],
    commentIds.length
      ? db()
          .select({
            id: comments.id,
            slug: posts.slug,
            covenSlug: covenSlugOfPost,
            videoSlug: videoSlugOfPost,
            text: comments.content,
          })
          .from(comments)
          .innerJoin(posts, eq(posts.id, comments.postId))
          .where(inArray(comments.id, commentIds))
      : [],
  ]);
  const targets = new Map([...reportedPosts, ...reportedComments].map((t) => [t.id, t]));
  return {
    edits,
    posts: pendingPosts.map((p) => ({
      ...p,
      path: threadPath(p),
      excerpt: excerpt(p.content, 300),
    })),
    comments: pendingComments.map((c) => ({ ...c, excerpt: excerpt(c.content, 300) })),
    reports: openReports.map((r) => {
      const target = targets.get(r.targetId);
      return {
        ...r,
        /** The reported post's thread path (a comment's thread, for a reported comment). */
        targetPath: target ? threadPath(target) : null,
        targetText: target ? excerpt(target.text, 160) : null,
      };
    }),
  };
}

/** Edits held for review (`editIsHeld`), oldest first: what everyone sees now, and what the author wrote. */
async function heldEdits() {
  const [heldPosts, heldComments] = await Promise.all([
    db()
      .select({
        id: posts.id,
        slug: posts.slug,
        covenSlug: covenSlugOfPost,
        videoSlug: videoSlugOfPost,
        title: posts.title,
        heldTitle: posts.heldTitle,
        content: posts.content,
        heldContent: posts.heldContent,
        heldAt: posts.heldAt,
        author: profiles.displayName,
      })
      .from(posts)
      .innerJoin(profiles, eq(profiles.userId, posts.userId))
      .where(isNotNull(posts.heldAt))
      .orderBy(asc(posts.heldAt))
      .limit(100),
    db()
      .select({
        id: comments.id,
        slug: posts.slug,
        covenSlug: covenSlugOfPost,
        videoSlug: videoSlugOfPost,
        title: posts.title,
        content: comments.content,
        heldContent: comments.heldContent,
        heldAt: comments.heldAt,
        author: profiles.displayName,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .innerJoin(profiles, eq(profiles.userId, comments.userId))
      .where(isNotNull(comments.heldAt))
      .orderBy(asc(comments.heldAt))
      .limit(100),
  ]);
  const edit = (
    type: "post" | "comment",
    e: {
      id: string;
      slug: string;
      covenSlug: string | null;
      videoSlug: string | null;
      title: string;
      content: string;
      heldContent: string | null;
      heldAt: Date | null;
      author: string;
    },
    heldTitle: string | null,
  ) => ({
    type,
    id: e.id,
    /** The thread's path: the edited post's, or the edited comment's thread. */
    path: threadPath(e),
    title: e.title,
    /** The new title when the edit changes it. */
    heldTitle: heldTitle !== null && heldTitle !== e.title ? heldTitle : null,
    before: excerpt(e.content, 300),
    after: excerpt(e.heldContent ?? "", 300),
    author: e.author,
    heldAt: e.heldAt ?? new Date(0),
  });
  return [
    ...heldPosts.map((p) => edit("post", p, p.heldTitle)),
    ...heldComments.map((c) => edit("comment", c, null)),
  ].sort((a, b) => a.heldAt.getTime() - b.heldAt.getTime());
}

export type Decision = "approve" | "reject";

/** The author hears the moderator's decision (notifications subscribes to `contribution.decided`). */
async function tellAuthor(
  tx: Db,
  authorId: string,
  decision: Decision,
  about: { target: "post" | "comment"; targetId: string; postTitle: string; edit: boolean },
  url: string | null,
) {
  await emitEvent(tx, {
    name: "contribution.decided",
    target: about.target,
    targetId: about.targetId,
    authorId,
    decision,
    edit: about.edit,
    postTitle: about.postTitle,
    url,
  });
}

/**
 * pending → published (approve: the usual effects of publishing follow) or pending → rejected.
 * Only pending content can be decided; each decision is audited and its author told.
 */
export async function decide(
  actorId: string,
  target: { type: "post" | "comment"; id: string },
  decision: Decision,
): Promise<boolean> {
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
        .returning({
          id: posts.id,
          slug: posts.slug,
          title: posts.title,
          content: posts.content,
          userId: posts.userId,
        });
      if (!post) return false;
      if (decision === "approve") await onPostPublished(handle, post, "moderation");
      authorId = post.userId;
      postTitle = post.title;
      url = (await threadOf(handle, post.id))?.path ?? null;
    } else {
      const [comment] = await tx
        .update(comments)
        .set({ status })
        .where(and(eq(comments.id, target.id), eq(comments.status, "pending")))
        .returning({
          id: comments.id,
          postId: comments.postId,
          parentId: comments.parentId,
          userId: comments.userId,
          content: comments.content,
        });
      if (!comment) return false;
      if (decision === "approve") await onCommentPublished(handle, comment, "moderation");
      const thread = await threadOf(handle, comment.postId);
      authorId = comment.userId;
      postTitle = thread?.title ?? "";
      url = thread ? commentLink(thread.path, comment.id) : null;
    }
    await recordAudit(tx, {
      actorId,
      action: `moderation.${decision}`,
      targetType: target.type,
      targetId: target.id,
      details: { to: status },
    });
    await tellAuthor(
      handle,
      authorId,
      decision,
      { target: target.type, targetId: target.id, postTitle, edit: false },
      url,
    );
    return true;
  });
}

/**
 * A held edit: approve → it replaces the published version (marked edited at the time the author
 * wrote it); reject → it is dropped and the published version stays. Only a held edit can be
 * decided; each decision is audited and the author told.
 */
export async function decideEdit(
  actorId: string,
  target: { type: "post" | "comment"; id: string },
  decision: Decision,
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const now = new Date();
    let authorId: string;
    let url: string | null;
    let postTitle: string;
    if (target.type === "post") {
      const apply =
        decision === "approve"
          ? {
              title: sql`${posts.heldTitle}`,
              category: sql`${posts.heldCategory}`,
              content: sql`${posts.heldContent}`,
              editedAt: sql`${posts.heldAt}`,
              updatedAt: now,
            }
          : {};
      const [post] = await tx
        .update(posts)
        .set({ ...apply, ...NO_HELD_POST_EDIT })
        .where(and(eq(posts.id, target.id), isNotNull(posts.heldAt)))
        .returning({ id: posts.id, userId: posts.userId, title: posts.title });
      if (!post) return false;
      postTitle = post.title;
      authorId = post.userId;
      url = (await threadOf(handle, post.id))?.path ?? null;
    } else {
      const apply =
        decision === "approve"
          ? {
              content: sql`${comments.heldContent}`,
              editedAt: sql`${comments.heldAt}`,
              updatedAt: now,
            }
          : {};
      const [comment] = await tx
        .update(comments)
        .set({ ...apply, heldContent: null, heldAt: null })
        .where(and(eq(comments.id, target.id), isNotNull(comments.heldAt)))
        .returning({ id: comments.id, postId: comments.postId, userId: comments.userId });
      if (!comment) return false;
      const thread = await threadOf(handle, comment.postId);
      postTitle = thread?.title ?? "";
      authorId = comment.userId;
      url = thread ? commentLink(thread.path, comment.id) : null;
    }
    await recordAudit(tx, {
      actorId,
      action: `moderation.edit.${decision}`,
      targetType: target.type,
      targetId: target.id,
      details: {},
    });
    await tellAuthor(
      handle,
      authorId,
      decision,
      { target: target.type, targetId: target.id, postTitle, edit: true },
      url,
    );
    return true;
  });
}

export async function resolveReport(actorId: string, reportId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const updated = await tx
      .update(reports)
      .set({ status: "resolved" })
      .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
      .returning({ id: reports.id });
    if (updated.length)
      await recordAudit(tx, {
        actorId,
        action: "report.resolve",
        targetType: "report",
        targetId: reportId,
        details: {},
      });
  });
}
