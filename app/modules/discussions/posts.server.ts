import { createHash } from "node:crypto";
import { and, desc, eq, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, type Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { NotAllowedError, type Member } from "#app/modules/auth";
import { clientIp } from "#app/modules/auth/index.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { uniqueSlug } from "#app/db/unique-slug.server";
import {
  categories,
  comments,
  postViews,
  posts,
  PUBLIC_POST,
  type ModerationState,
} from "./schema";
import type { PostListItem } from "./types";
import { MAX_TRENDING_OFFSET, PAGE_SIZE } from "./limits";
import {
  canFeature,
  canModify,
  canRemove,
  editIsHeld,
  needsModeration,
  postRefusal,
  type PostRefusal,
  type ViewerRules,
} from "./policy";
import { notifyModerators, onPostPublished } from "./publishing.server";
import { inScope, PUBLIC_SCOPE, type PostScope } from "./scope";
import { excerpt } from "./text";

import type { Tab } from "./tabs";

export { TABS, type Tab } from "./tabs";

/**
 * Trending: engagement divided by age, so a lively new thread beats an old busy one.
 *   score = (3·replies + 2·reactions + ln(1 + views)) / (hours since posted + 2)^1.5
 * (the same gravity idea as Hacker News; +2 keeps brand-new posts from dividing by ~0).
 */
export const TRENDING_SCORE = sql<number>`((3 * ${posts.replyCount} + 2 * ${posts.reactionCount} + ln(1 + ${posts.viewCount})) / power(extract(epoch from (now() - ${posts.createdAt})) / 3600 + 2, 1.5))`;

export type { PostListItem } from "./types";

/**
 * Where the next page starts: after (last activity, id) for the chronological tabs, an offset for
 * trending. It comes back from the browser, so it is parsed like any input: a tampered cursor
 * (an id that is not a UUID, a date PostgreSQL cannot hold, an offset past any real list) starts
 * from the first page instead of reaching the database.
 */
const cursorSchema = z.union([
  z.object({ offset: z.number().int().min(0).max(MAX_TRENDING_OFFSET) }).strict(),
  z.object({ at: z.iso.datetime({ offset: true }), id: z.uuid() }).strict(),
]);
type Cursor = z.infer<typeof cursorSchema>;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(raw: string | null | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const parsed = cursorSchema.safeParse(
      JSON.parse(Buffer.from(raw, "base64url").toString("utf8")),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What a viewer may see in lists: published posts, plus their own waiting or rejected ones. */
function visibleTo(viewer: ViewerRules | null): SQL {
  return viewer
    ? or(eq(posts.status, "published"), eq(posts.userId, viewer.id))!
    : eq(posts.status, "published");
}

/**
 * One page of discussions for a tab, newest activity first (trending: by score). Keyset pagination
 * on (last activity, id) for the chronological tabs, an offset for trending. Two queries at most,
 * whatever the page length.
 */
export async function listPosts(options: {
  tab: Tab;
  category?: string | null;
  cursor?: string | null;
  viewer: ViewerRules | null;
  limit?: number;
}): Promise<{ items: PostListItem[]; nextCursor: string | null }> {
  const limit = options.limit ?? PAGE_SIZE;
  const cursor = decodeCursor(options.cursor);
  const filters: Array<SQL | undefined> = [
    visibleTo(options.viewer),
    PUBLIC_POST,
    eq(categories.isActive, true),
  ];
  if (options.category) filters.push(eq(posts.category, options.category));
  if (options.tab === "featured") filters.push(eq(posts.isFeatured, true));
  if (options.tab === "answered") filters.push(isNotNull(posts.acceptedCommentId));
  const trending = options.tab === "trending";
  if (!trending && cursor && "at" in cursor) {
    filters.push(
      or(
        lt(posts.lastActivityAt, new Date(cursor.at)),
        and(eq(posts.lastActivityAt, new Date(cursor.at)), lt(posts.id, cursor.id)),
      ),
    );
  }
  const offset = trending && cursor && "offset" in cursor ? cursor.offset : 0;
  const rows = await db()
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      head: sql<string>`left(${posts.content}, 600)`,
      status: posts.status,
      isFeatured: posts.isFeatured,
      acceptedCommentId: posts.acceptedCommentId,
      replyCount: posts.replyCount,
      reactionCount: posts.reactionCount,
      lastActivityAt: posts.lastActivityAt,
      createdAt: posts.createdAt,
      categorySlug: posts.category,
      categoryTitle: categories.title,
      authorName: profiles.displayName,
      authorSlug: profiles.slug,
      authorRank: profiles.mysticalRank,
      authorAvatar: profiles.avatarUrl,
    })
    .from(posts)
    .innerJoin(categories, eq(categories.slug, posts.category))
    .innerJoin(profiles, eq(profiles.userId, posts.userId))
    .where(and(...filters))
    .orderBy(
      ...(trending
        ? [desc(TRENDING_SCORE), desc(posts.id)]
        : [sql`${posts.lastActivityAt} desc nulls last`, sql`${posts.id} desc nulls last`]),
    )
    .limit(limit + 1)
    .offset(offset);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor(
          trending
            ? { offset: offset + limit }
            : { at: last.lastActivityAt.toISOString(), id: last.id },
        )
      : null;
  return {
    nextCursor,
    items: page.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      excerpt: excerpt(r.head),
      status: r.status,
      isFeatured: r.isFeatured,
      answered: r.acceptedCommentId !== null,
      replyCount: r.replyCount,
      reactionCount: r.reactionCount,
      lastActivityAt: r.lastActivityAt,
      createdAt: r.createdAt,
      category: { slug: r.categorySlug, title: r.categoryTitle },
      author: {
        displayName: r.authorName,
        slug: r.authorSlug,
        rank: r.authorRank,
        avatarUrl: r.authorAvatar,
      },
    })),
  };
}

export class PostRefusedError extends Error {
  constructor(readonly reason: PostRefusal | "notFound") {
    super(reason);
  }
}

/** Published contributions (posts and comments) of a member, for the moderation threshold. */
export async function approvedContributions(handle: Db, userId: string): Promise<number> {
  const [row] = await handle
    .select({
      n: sql<number>`(select count(*) from ${posts} where ${posts.userId} = ${userId} and ${posts.status} = 'published') + (select count(*) from ${comments} where ${comments.userId} = ${userId} and ${comments.status} = 'published')`.mapWith(
        Number,
      ),
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.n ?? 0;
}

async function categoryForWriting(handle: Db, slug: string) {
  const [category] = await handle
    .select({
      isActive: categories.isActive,
      isReadOnly: categories.isReadOnly,
      subscriptionTierRequired: categories.subscriptionTierRequired,
    })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  return category;
}

/**
 * Creates a post. The category's rules decide whether the viewer may post (SPEC §6); a new
 * member's post waits for moderation. Returns the slug and the state it starts in.
 */
export async function createPost(
  viewer: ViewerRules & { displayName: string },
  input: { title: string; category: string; content: string },
): Promise<{ slug: string; status: ModerationState }> {
  const { slug, status } = await db().transaction((tx) =>
    createPostIn(tx as unknown as Db, viewer, input),
  );
  return { slug, status };
}

/**
 * `createPost` inside the caller's transaction, for commands that open a thread as part of their
 * own change (a book's discussion, made with its first publication): the same rules, moderation
 * and `post.published` event as any post. Returns the new post's id as well.
 */
export async function createPostIn(
  handle: Db,
  viewer: ViewerRules & { displayName: string },
  input: { title: string; category: string; content: string },
): Promise<{ id: string; slug: string; status: ModerationState }> {
  const category = await categoryForWriting(handle, input.category);
  if (!category) throw new PostRefusedError("notFound");
  const refusal = postRefusal(category, viewer);
  if (refusal) throw new PostRefusedError(refusal);
  const status: ModerationState = needsModeration(
    viewer,
    await approvedContributions(handle, viewer.id),
  )
    ? "pending"
    : "published";
  const slug = await uniqueSlug(handle, { table: posts, column: posts.slug }, input.title, {
    maxLength: 80,
    fallback: "discussion",
  });
  const post = firstRow(
    await handle
      .insert(posts)
      .values({
        title: input.title,
        slug,
        content: input.content,
        category: input.category,
        userId: viewer.id,
        status,
      })
      .returning({
        id: posts.id,
        slug: posts.slug,
        title: posts.title,
        content: posts.content,
        userId: posts.userId,
      }),
    "new post",
  );
  if (status === "published") await onPostPublished(handle, post);
  else
    await notifyModerators(handle, {
      target: "post",
      authorName: viewer.displayName,
      postTitle: post.title,
    });
  return { id: post.id, slug: post.slug, status };
}

/** Clears a post's held edit (applied, rejected, or replaced by a direct edit). */
export const NO_HELD_POST_EDIT = {
  heldTitle: null,
  heldCategory: null,
  heldContent: null,
  heldAt: null,
};

/** A post its author or an admin may edit, as the edit form shows it: a held edit, if any, is what they continue. */
export async function findPostForEditing(slug: string, viewer: ViewerRules) {
  const [post] = await db()
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      content: posts.content,
      category: posts.category,
      userId: posts.userId,
      heldTitle: posts.heldTitle,
      heldCategory: posts.heldCategory,
      heldContent: posts.heldContent,
      heldAt: posts.heldAt,
    })
    .from(posts)
    .where(and(eq(posts.slug, slug), PUBLIC_POST))
    .limit(1);
  if (!post || !canModify(post.userId, viewer)) return undefined;
  const { heldTitle, heldCategory, heldContent, heldAt, ...current } = post;
  return heldAt
    ? {
        ...current,
        title: heldTitle ?? current.title,
        category: heldCategory ?? current.category,
        content: heldContent ?? current.content,
      }
    : current;
}

/**
 * Edits a post (its author or an admin); the new category's rules apply. A member under
 * pre-moderation editing a published post has the edit held for review (`editIsHeld`): the
 * published version stays until a moderator decides. Otherwise the edit applies at once, marks
 * the post edited and replaces any held edit.
 */
export async function updatePost(
  viewer: ViewerRules & { displayName: string },
  postId: string,
  input: { title: string; category: string; content: string },
): Promise<{ slug: string; held: boolean }> {
  return db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [post] = await tx
      .select({
        userId: posts.userId,
        slug: posts.slug,
        title: posts.title,
        category: posts.category,
        status: posts.status,
      })
      .from(posts)
      .where(and(eq(posts.id, postId), PUBLIC_POST))
      .limit(1);
    if (!post || !canModify(post.userId, viewer)) throw new PostRefusedError("notFound");
    if (input.category !== post.category) {
      const category = await categoryForWriting(handle, input.category);
      if (!category) throw new PostRefusedError("notFound");
      const refusal = postRefusal(category, viewer);
      if (refusal) throw new PostRefusedError(refusal);
    }
    const now = new Date();
    if (editIsHeld(viewer, post.status, await approvedContributions(handle, viewer.id))) {
      await tx
        .update(posts)
        .set({
          heldTitle: input.title,
          heldCategory: input.category,
          heldContent: input.content,
          heldAt: now,
        })
        .where(eq(posts.id, postId));
      // Named by its published title: the held one is what the moderator is yet to judge.
      await notifyModerators(handle, {
        target: "post",
        authorName: viewer.displayName,
        postTitle: post.title,
        edit: true,
      });
      return { slug: post.slug, held: true };
    }
    await tx
      .update(posts)
      .set({
        title: input.title,
        category: input.category,
        content: input.content,
        editedAt: now,
        updatedAt: now,
        ...NO_HELD_POST_EDIT,
      })
      .where(eq(posts.id, postId));
    return { slug: post.slug, held: false };
  });
}

/**
 * Deletes a post with its comments: its author, admins, and in a coven's feed its leaders
 * (`canRemove`); a leader's removal of another member's post is audited.
 */
export async function deletePost(
  viewer: ViewerRules,
  postId: string,
  scope: PostScope = PUBLIC_SCOPE,
): Promise<void> {
  await db().transaction(async (tx) => {
    const [post] = await tx
      .select({ userId: posts.userId, title: posts.title })
      .from(posts)
      .where(and(eq(posts.id, postId), inScope(scope)))
      .limit(1);
    if (!post || !canRemove(post.userId, viewer, scope)) throw new PostRefusedError("notFound");
    if (!canModify(post.userId, viewer))
      await recordAudit(tx as unknown as Db, {
        actorId: viewer.id,
        action: "coven.post_removed",
        targetType: "post",
        targetId: postId,
        details: { covenId: scope.covenId, authorId: post.userId, title: post.title },
      });
    await tx.delete(posts).where(eq(posts.id, postId));
  });
}

/** Counts a view once per viewer per day (signed-in id or hashed client), for trending. */
export async function recordView(postId: string, viewerKey: string): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  const inserted = await db()
    .insert(postViews)
    .values({ postId, viewerKey, day })
    .onConflictDoNothing()
    .returning({ postId: postViews.postId });
  if (inserted.length > 0)
    await db()
      .update(posts)
      .set({ viewCount: sql`${posts.viewCount} + 1` })
      .where(eq(posts.id, postId));
}

/** Admins feature or unfeature a discussion (the Featured tab). */
export async function setFeatured(
  viewer: ViewerRules,
  postId: string,
  featured: boolean,
): Promise<void> {
  if (!canFeature(viewer)) throw new NotAllowedError("feature");
  await db().update(posts).set({ isFeatured: featured }).where(eq(posts.id, postId));
}

/** The part of the viewer the discussion rules look at. */
export function rulesFor(viewer: { actor: Member; profile: { displayName: string } } | null) {
  return viewer ? { ...viewer.actor, displayName: viewer.profile.displayName } : null;
}

/** Who a view is counted for: the member, or a hash of a guest's address and browser. */
export function viewerKeyFor(request: Request, viewerId: string | null): string {
  if (viewerId) return viewerId;
  return createHash("sha256")
    .update(`${clientIp(request)}|${request.headers.get("user-agent") ?? ""}`)
    .digest("hex")
    .slice(0, 32);
}
