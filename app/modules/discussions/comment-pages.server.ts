import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "#app/db/client.server";
import { profiles } from "#app/modules/profiles/schema";
import {
  decodeCommentCursor,
  encodeCommentCursor,
  type CommentCursor,
} from "./comment-cursor.server";
import { COMMENTS_PER_PAGE } from "./limits";
import { canSeeEveryComment, type ViewerRules } from "./policy";
import { comments } from "./schema";

/*
 * A thread is read a page at a time: COMMENTS_PER_PAGE top-level comments in the thread's order
 * (oldest first: created_at, then id), each with all of its replies. Pages are keyset ranges
 * (`?after=` / `?before=` a cursor, comment-cursor.server.ts), never an OFFSET, so the last page
 * of a long thread costs what the first does: an index range scan of at most 51 rows
 * (comments_thread_roots_idx), whatever the thread's length.
 */

/** What the reader asked for; each is raw input from the address. */
export interface CommentPageRequest {
  /** A permalink: the page holding this comment (a reply: its top-level comment's page). */
  comment?: string | null;
  after?: string | null;
  before?: string | null;
}

/** The columns a shown comment needs, top-level or reply. */
export const commentColumns = {
  id: comments.id,
  parentId: comments.parentId,
  content: comments.content,
  heldContent: comments.heldContent,
  heldAt: comments.heldAt,
  status: comments.status,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  /** Microseconds since 1970, exact (the cursor's time). */
  micros: sql<string>`(extract(epoch from ${comments.createdAt}) * 1000000)::bigint::text`,
  author: {
    userId: profiles.userId,
    displayName: profiles.displayName,
    slug: profiles.slug,
    avatarUrl: profiles.avatarUrl,
    rank: profiles.mysticalRank,
  },
};

type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];

/**
 * Which comments a viewer sees: published ones, plus their own waiting or rejected ones; admins
 * everything. Undefined: no condition.
 */
export function visibleComments(
  table: { status: AnyPgColumn; userId: AnyPgColumn },
  viewer: ViewerRules | null,
): SQL | undefined {
  if (canSeeEveryComment(viewer)) return undefined;
  return viewer
    ? or(eq(table.status, "published"), eq(table.userId, viewer.id))
    : eq(table.status, "published");
}

function selectComments(where: SQL | undefined, order: "asc" | "desc", limit?: number) {
  const direction = order === "asc" ? asc : desc;
  const query = db()
    .select(commentColumns)
    .from(comments)
    .innerJoin(profiles, eq(profiles.userId, comments.userId))
    .where(where)
    .orderBy(direction(comments.createdAt), direction(comments.id));
  return limit === undefined ? query : query.limit(limit);
}

/** The exact point in the thread's order a cursor names (microseconds, not a rounded Date). */
function position(cursor: CommentCursor): SQL {
  return sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;
}

/** The replies of the page's top-level comments, oldest first. */
export function selectReplies(rootIds: string[], viewer: ViewerRules | null) {
  return rootIds.length === 0
    ? Promise.resolve([] as CommentRow[])
    : selectComments(
        and(inArray(comments.parentId, rootIds), visibleComments(comments, viewer)),
        "asc",
      );
}

export interface CommentPage {
  /** Top-level comments, oldest first (without replies). */
  roots: CommentRow[];
  /** Cursors for the links to the neighbouring pages; null where there is none. */
  earlier: string | null;
  later: string | null;
  /** The page's own address: `?after=` this cursor, or null for the first page. */
  canonicalAfter: string | null;
  /** The comment a permalink asked for, when it was found and may be seen. */
  highlightId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The page a reader asked for, in at most three queries (a permalink: find it, the comments
 * before it, those from it on), each reading at most COMMENTS_PER_PAGE + 1 rows. Bad input
 * — a cursor that is not one, or another thread's, a permalink to a comment that does not exist,
 * was deleted or may not be seen — gives the first page, never an error.
 */
export async function commentPage(
  postId: string,
  viewer: ViewerRules | null,
  request: CommentPageRequest,
): Promise<CommentPage> {
  const size = COMMENTS_PER_PAGE;
  const roots = and(
    eq(comments.postId, postId),
    isNull(comments.parentId),
    visibleComments(comments, viewer),
  );
  const cursorOf = (row: CommentRow) =>
    encodeCommentCursor(postId, { micros: row.micros, id: row.id });
  const forward = (from: CommentCursor | null, inclusive = false) =>
    selectComments(
      from
        ? and(
            roots,
            inclusive
              ? sql`(${comments.createdAt}, ${comments.id}) >= ${position(from)}`
              : sql`(${comments.createdAt}, ${comments.id}) > ${position(from)}`,
          )
        : roots,
      "asc",
      size + 1,
    );
  const backward = (from: CommentCursor) =>
    selectComments(
      and(roots, sql`(${comments.createdAt}, ${comments.id}) < ${position(from)}`),
      "desc",
      size + 1,
    );

  const page = (
    shown: CommentRow[],
    links: {
      earlier: boolean;
      later: boolean;
      canonicalAfter: string | null;
      highlightId?: string | null;
    },
  ): CommentPage => {
    const [firstShown] = shown;
    const lastShown = shown.at(-1);
    return {
      roots: shown,
      earlier: links.earlier && firstShown ? cursorOf(firstShown) : null,
      later: links.later && lastShown ? cursorOf(lastShown) : null,
      canonicalAfter: links.canonicalAfter,
      highlightId: links.highlightId ?? null,
    };
  };
  const first = async (highlightId: string | null = null) => {
    const rows = await forward(null);
    return page(rows.slice(0, size), {
      earlier: false,
      later: rows.length > size,
      canonicalAfter: null,
      highlightId,
    });
  };

  if (request.comment) {
    const target = UUID.test(request.comment)
      ? await findRoot(postId, request.comment, viewer)
      : undefined;
    if (!target) return first();
    const before = await backward(target.root);
    // Among the first page's comments: the first page, so a thread's first page has one address.
    if (before.length < size) return first(target.id);
    const from = await forward(target.root, true);
    // The page starts at the comment; near the end, earlier comments fill it up to a full page.
    const fill = Math.max(0, size - from.length);
    // The comment before the page; missing only if the target's comment went away meanwhile.
    const previous = before[fill];
    if (!previous) return first();
    const shown = [...before.slice(0, fill).reverse(), ...from.slice(0, size)];
    return page(shown, {
      earlier: true,
      later: from.length > size,
      canonicalAfter: cursorOf(previous),
      highlightId: target.id,
    });
  }
  const after = decodeCommentCursor(postId, request.after);
  if (after) {
    const rows = await forward(after);
    // Past the end (what followed was deleted, or a made-up time): the first page.
    if (rows.length === 0) return first();
    return page(rows.slice(0, size), {
      earlier: true,
      later: rows.length > size,
      canonicalAfter: encodeCommentCursor(postId, after),
    });
  }
  const before = decodeCommentCursor(postId, request.before);
  if (before) {
    const rows = await backward(before);
    // Back at the start (no comment before this page): the first page itself, not a shorter copy.
    const previous = rows[size];
    if (!previous) return first();
    return page(rows.slice(0, size).reverse(), {
      earlier: true,
      later: true,
      canonicalAfter: cursorOf(previous),
    });
  }
  return first();
}

/** A comment of this thread the viewer may see, and where its top-level comment stands. */
async function findRoot(
  postId: string,
  commentId: string,
  viewer: ViewerRules | null,
): Promise<{ id: string; root: CommentCursor } | undefined> {
  const root = alias(comments, "root");
  const [row] = await db()
    .select({
      id: comments.id,
      rootId: root.id,
      micros: sql<string>`(extract(epoch from ${root.createdAt}) * 1000000)::bigint::text`,
    })
    .from(comments)
    .innerJoin(root, eq(root.id, sql`coalesce(${comments.parentId}, ${comments.id})`))
    .where(
      and(
        eq(comments.id, commentId),
        eq(comments.postId, postId),
        isNull(root.parentId),
        visibleComments(comments, viewer),
        visibleComments(root, viewer),
      ),
    )
    .limit(1);
  return row ? { id: row.id, root: { micros: row.micros, id: row.rootId } } : undefined;
}
