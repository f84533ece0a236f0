import { and, count, eq, inArray, or, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { renderMarkdown } from "#app/lib/markdown.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { emitEvent } from "#app/modules/events/index.server";
import { existingSlugs } from "#app/modules/profiles/index.server";
import { profiles } from "#app/modules/profiles/schema";
import {
  categories,
  comments,
  posts,
  reactions,
  type ModerationState,
  type ReactionKind,
} from "./schema";
import {
  canAcceptAnswer,
  canModify,
  canReadCategory,
  canRemove,
  canReport,
  commentRefusal,
  editIsHeld,
  isPremiumCategory,
  needsModeration,
  postRefusal,
  threadCommentRefusal,
  type ViewerRules,
} from "./policy";
import { commentPage, selectReplies, type CommentPageRequest } from "./comment-pages.server";
import { approvedContributions, PostRefusedError } from "./posts.server";
import { notifyModerators, onCommentPublished } from "./publishing.server";
import { inScope, PUBLIC_SCOPE, rulesInScope, type PostScope } from "./scope";
import { linkMentions, mentionedSlugs } from "./text";
import { commentLink, threadPath } from "./links";
import { covens } from "#app/modules/covens/schema";
import { videos } from "#app/modules/videos/schema";
import type { CommentAuthor } from "./types";

/** At most this many different @mentions of a thread are looked up (and linked). */
const MENTIONS_LINKED_PER_THREAD = 200;

export type { AuthorCard, CommentAuthor } from "./types";

export interface ThreadComment {
  id: string;
  parentId: string | null;
  /** The Markdown source, for the edit form: only when the viewer may edit the comment. */
  content: string | null;
  /** The Markdown rendered safe (`renderMarkdown`). */
  contentHtml: string;
  status: ModerationState;
  createdAt: Date;
  editedAt: Date | null;
  /** When its author's edit was held for review; for the author and admins only, else null. */
  heldEditAt: Date | null;
  /** What the viewer may do with it (discussions policy), for the buttons the page offers. */
  canModify: boolean;
  /** Delete it: its author and admins, and a coven's leaders in its feed (`canRemove`). */
  canRemove: boolean;
  canReport: boolean;
  author: CommentAuthor;
  reactions: Partial<Record<ReactionKind, number>>;
  mine: ReactionKind[];
  replies: ThreadComment[];
}

const authorColumns = {
  userId: profiles.userId,
  displayName: profiles.displayName,
  slug: profiles.slug,
  avatarUrl: profiles.avatarUrl,
  rank: profiles.mysticalRank,
  xpPoints: profiles.xpPoints,
  reputation: profiles.reputation,
  badges: profiles.mysticalBadges,
};

/**
 * A discussion with its author, category rules, one page of its comments (COMMENTS_PER_PAGE
 * top-level comments with their replies, comment-pages.server.ts) and reaction counts: at most
 * eight queries whatever the length of the thread or the page asked for. Pending and rejected
 * content is shown only to its author and to admins. Undefined when the viewer may not see the post.
 * A coven's thread passes its scope, once the coven policy let the viewer in (decision 037).
 */
export async function getThread(
  slug: string,
  viewer: ViewerRules | null,
  pageRequest: CommentPageRequest = {},
  scope: PostScope = PUBLIC_SCOPE,
) {
  const [row] = await db()
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      content: posts.content,
      status: posts.status,
      isFeatured: posts.isFeatured,
      acceptedCommentId: posts.acceptedCommentId,
      replyCount: posts.replyCount,
      viewCount: posts.viewCount,
      createdAt: posts.createdAt,
      editedAt: posts.editedAt,
      heldAt: posts.heldAt,
      pinnedAt: posts.pinnedAt,
      category: {
        slug: categories.slug,
        title: categories.title,
        isActive: categories.isActive,
        isReadOnly: categories.isReadOnly,
        subscriptionTierRequired: categories.subscriptionTierRequired,
      },
      author: authorColumns,
    })
    .from(posts)
    .leftJoin(categories, eq(categories.slug, posts.category))
    .innerJoin(profiles, eq(profiles.userId, posts.userId))
    .where(and(eq(posts.slug, slug), inScope(scope)))
    .limit(1);
  const rules = row && rulesInScope(scope, row.category);
  if (!row || !rules) return undefined;
  if (!canReadCategory(rules, viewer)) return undefined;
  if (row.status !== "published" && !canModify(row.author.userId, viewer)) return undefined;

  const page = await commentPage(row.id, viewer, pageRequest);
  const replyRows = await selectReplies(
    page.roots.map((r) => r.id),
    viewer,
  );
  const commentRows = [...page.roots, ...replyRows];

  const targetIds = [row.id, ...commentRows.map((c) => c.id)];
  const [reactionRows, members] = await Promise.all([
    // Counts per kind, and whether the viewer is among them, in one pass. The target type
    // narrows the index (target_type, target_id) to the page's few targets.
    db()
      .select({
        targetId: reactions.targetId,
        kind: reactions.kind,
        n: count(),
        mine: viewer
          ? sql<boolean>`bool_or(${reactions.userId} = ${viewer.id})`
          : sql<boolean>`false`,
      })
      .from(reactions)
      .where(
        and(
          inArray(reactions.targetType, ["post", "comment"]),
          inArray(reactions.targetId, targetIds),
        ),
      )
      .groupBy(reactions.targetId, reactions.kind),
    // Who of the @mentioned are members: their mentions become profile links.
    existingSlugs(
      mentionedSlugs(
        [row.content, ...commentRows.map((c) => c.content)].join("\n"),
        MENTIONS_LINKED_PER_THREAD,
      ),
    ),
  ]);
  const html = (markdown: string) => linkMentions(renderMarkdown(markdown), members);
  const countsOf = (id: string) =>
    Object.fromEntries(
      reactionRows.filter((c) => c.targetId === id).map((c) => [c.kind, c.n]),
    ) as Partial<Record<ReactionKind, number>>;
  const mineOf = (id: string) =>
    reactionRows.filter((m) => m.targetId === id && m.mine).map((m) => m.kind);

  const toComment = ({
    heldContent,
    heldAt,
    micros: _micros,
    ...c
  }: (typeof commentRows)[number]): ThreadComment => {
    // Everyone sees the published text; its author and admins also learn of a held edit, and
    // continue editing from it.
    const mayEdit = canModify(c.author.userId, viewer);
    return {
      ...c,
      content: mayEdit ? (heldContent ?? c.content) : null,
      heldEditAt: mayEdit ? heldAt : null,
      canModify: mayEdit,
      canRemove: canRemove(c.author.userId, viewer, scope),
      canReport: canReport(viewer, { authorId: c.author.userId, status: c.status }),
      contentHtml: html(c.content),
      reactions: countsOf(c.id),
      mine: mineOf(c.id),
      replies: [],
    };
  };
  const roots = page.roots.map(toComment);
  const byId = new Map(roots.map((c) => [c.id, c]));
  for (const reply of replyRows) byId.get(reply.parentId!)?.replies.push(toComment(reply));

  const premium = isPremiumCategory(rules);
  const { heldAt, ...post } = row;
  return {
    post: {
      ...post,
      /** When the author's edit was held for review: for the author and admins only. */
      heldEditAt: canModify(row.author.userId, viewer) ? heldAt : null,
      contentHtml: html(row.content),
      reactions: countsOf(row.id),
      mine: mineOf(row.id),
    },
    comments: roots,
    /** Where this page sits in the thread: cursors of its neighbours, its own address, the permalinked comment. */
    page: {
      earlier: page.earlier,
      later: page.later,
      canonicalAfter: page.canonicalAfter,
      highlightId: page.highlightId,
    },
    premiumCategory: premium,
    postRefusal: postRefusal(rules, viewer),
    commentRefusal: threadCommentRefusal(
      { status: row.status, authorId: row.author.userId },
      rules,
      viewer,
    ),
  };
}

export type Thread = NonNullable<Awaited<ReturnType<typeof getThread>>>;

async function loadPostForComment(handle: Db, postId: string, scope: PostScope) {
  const [post] = await handle
    .select({
      id: posts.id,
      userId: posts.userId,
      title: posts.title,
      status: posts.status,
      category: {
        isActive: categories.isActive,
        isReadOnly: categories.isReadOnly,
        subscriptionTierRequired: categories.subscriptionTierRequired,
      },
    })
    .from(posts)
    .leftJoin(categories, eq(categories.slug, posts.category))
    .where(and(eq(posts.id, postId), inScope(scope)))
    .limit(1);
  const rules = post && rulesInScope(scope, post.category);
  return post && rules ? { ...post, rules } : undefined;
}

/** Adds a comment or a reply (replies nest one level: a reply to a reply joins its thread). */
export async function createComment(
  viewer: ViewerRules & { displayName: string },
  postId: string,
  input: { content: string; parentId: string | null },
  scope: PostScope = PUBLIC_SCOPE,
): Promise<{ id: string; status: ModerationState }> {
  return db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const post = await loadPostForComment(handle, postId, scope);
    if (!post || post.status !== "published") throw new PostRefusedError("notFound");
    const refusal = commentRefusal(post.rules, viewer);
    if (refusal) throw new PostRefusedError(refusal);
    let parentId: string | null = null;
    if (input.parentId) {
      const [parent] = await tx
        .select({
          id: comments.id,
          parentId: comments.parentId,
          postId: comments.postId,
          status: comments.status,
        })
        .from(comments)
        .where(eq(comments.id, input.parentId));
      if (!parent || parent.postId !== postId || parent.status !== "published")
        throw new PostRefusedError("notFound");
      parentId = parent.parentId ?? parent.id;
    }
    const status: ModerationState = needsModeration(
      viewer,
      await approvedContributions(handle, viewer.id),
    )
      ? "pending"
      : "published";
    const comment = firstRow(
      await tx
        .insert(comments)
        .values({ postId, parentId, userId: viewer.id, content: input.content, status })
        .returning({
          id: comments.id,
          postId: comments.postId,
          parentId: comments.parentId,
          userId: comments.userId,
          content: comments.content,
        }),
      "new comment",
    );
    if (status === "published") await onCommentPublished(handle, comment);
    else
      await notifyModerators(handle, {
        target: "comment",
        authorName: viewer.displayName,
        postTitle: post.title,
      });
    return { id: comment.id, status };
  });
}

/**
 * Edits a comment (its author or an admin). Like posts (`updatePost`), a member under
 * pre-moderation editing a published comment has the edit held for review.
 */
export async function updateComment(
  viewer: ViewerRules & { displayName: string },
  commentId: string,
  content: string,
  scope: PostScope = PUBLIC_SCOPE,
): Promise<{ held: boolean }> {
  return db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [comment] = await tx
      .select({ userId: comments.userId, status: comments.status, postTitle: posts.title })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.id, commentId), inScope(scope)))
      .limit(1);
    if (!comment || !canModify(comment.userId, viewer)) throw new PostRefusedError("notFound");
    const now = new Date();
    if (editIsHeld(viewer, comment.status, await approvedContributions(handle, viewer.id))) {
      await tx
        .update(comments)
        .set({ heldContent: content, heldAt: now })
        .where(eq(comments.id, commentId));
      await notifyModerators(handle, {
        target: "comment",
        authorName: viewer.displayName,
        postTitle: comment.postTitle,
        edit: true,
      });
      return { held: true };
    }
    await tx
      .update(comments)
      .set({ content, editedAt: now, updatedAt: now, heldContent: null, heldAt: null })
      .where(eq(comments.id, commentId));
    return { held: false };
  });
}

/** Deletes a comment (and its replies); the post's reply count drops by the published ones removed. */
export async function deleteComment(
  viewer: ViewerRules,
  commentId: string,
  scope: PostScope = PUBLIC_SCOPE,
): Promise<void> {
  await db().transaction(async (tx) => {
    const [comment] = await tx
      .select({ userId: comments.userId, postId: comments.postId })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.id, commentId), inScope(scope)))
      .limit(1);
    if (!comment || !canRemove(comment.userId, viewer, scope))
      throw new PostRefusedError("notFound");
    if (!canModify(comment.userId, viewer))
      // A coven leader removing a member's comment: leaders' actions are audited.
      await recordAudit(tx as unknown as Db, {
        actorId: viewer.id,
        action: "coven.comment_removed",
        targetType: "comment",
        targetId: commentId,
        details: { covenId: scope.covenId, authorId: comment.userId, postId: comment.postId },
      });
    const removed = await tx
      .delete(comments)
      .where(or(eq(comments.id, commentId), eq(comments.parentId, commentId)))
      .returning({ id: comments.id, status: comments.status });
    const published = removed.filter((r) => r.status === "published").length;
    await tx
      .update(posts)
      .set({
        replyCount: sql`greatest(0, ${posts.replyCount} - ${published})`,
        acceptedCommentId: sql`case when ${posts.acceptedCommentId} in (${sql.join(
          removed.map((r) => sql`${r.id}::uuid`),
          sql`, `,
        )}) then null else ${posts.acceptedCommentId} end`,
      })
      .where(eq(posts.id, comment.postId));
  });
}

/**
 * The post's author marks a comment as the answer (again to unmark). Marking someone else's
 * comment emits `answer.accepted`: its author earns the award once and is told (subscribers).
 */
export async function acceptAnswer(
  viewer: ViewerRules,
  postId: string,
  commentId: string,
  scope: PostScope = PUBLIC_SCOPE,
): Promise<void> {
  await db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [post] = await tx
      .select({
        userId: posts.userId,
        slug: posts.slug,
        title: posts.title,
        acceptedCommentId: posts.acceptedCommentId,
        covenSlug: covens.slug,
        videoSlug: videos.slug,
      })
      .from(posts)
      .leftJoin(covens, eq(covens.id, posts.covenId))
      .leftJoin(videos, eq(videos.id, posts.videoId))
      .where(and(eq(posts.id, postId), inScope(scope)))
      .limit(1);
    if (!post || !canAcceptAnswer(viewer, { authorId: post.userId }))
      throw new PostRefusedError("notFound");
    const [comment] = await tx
      .select({ userId: comments.userId, postId: comments.postId, status: comments.status })
      .from(comments)
      .where(eq(comments.id, commentId))
      .limit(1);
    if (!comment || comment.postId !== postId || comment.status !== "published")
      throw new PostRefusedError("notFound");
    if (post.acceptedCommentId === commentId) {
      await tx.update(posts).set({ acceptedCommentId: null }).where(eq(posts.id, postId));
      return;
    }
    await tx.update(posts).set({ acceptedCommentId: commentId }).where(eq(posts.id, postId));
    if (comment.userId === viewer.id) return;
    await emitEvent(handle, {
      name: "answer.accepted",
      commentId,
      commentAuthorId: comment.userId,
      postTitle: post.title,
      url: commentLink(threadPath(post), commentId),
    });
  });
}
