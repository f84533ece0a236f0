import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { paginate, totalRows } from "#app/db/paginate.server";
import { uniqueSlug } from "#app/db/unique-slug.server";
import { excerpt } from "#app/modules/discussions";
import { onPostPublished } from "#app/modules/discussions/index.server";
import { posts } from "#app/modules/discussions/schema";
import { profiles } from "#app/modules/profiles/schema";
import { audit, CovenRefusedError, inTransaction, lockVisibleCoven } from "./covens.server";
import {
  canLeadCoven,
  canPostInCoven,
  canReadCovenFeed,
  canSeeCoven,
  type CovenActor,
} from "./policy";
import { covenBySlug } from "./queries.server";
import { covens } from "./schema";

/*
 * A coven's feed (decision 037): posts of the discussions engine with `coven_id` set. Every read
 * and write here asks the coven policy first; the public discussions never show these posts
 * (`PUBLIC_POST`).
 */

export const COVEN_FEED_PAGE = 20;

type Actor = NonNullable<CovenActor>;

/**
 * The coven whose feed the actor may read, or a refusal: "notFound" when they may not even see
 * the coven (invite-only, archived, no premium), "notAMember" when they see it but are outside.
 */
export async function readableCoven(actor: CovenActor, slug: string) {
  const coven = await covenBySlug(actor, slug);
  if (!coven || !canSeeCoven(actor, coven.rules, coven.membership)) {
    throw new CovenRefusedError("notFound");
  }
  if (!canReadCovenFeed(actor, coven.rules, coven.membership)) {
    throw new CovenRefusedError("notAMember");
  }
  return coven;
}

/** What the feed may show the viewer: published posts, and their own waiting ones. */
function visibleIn(covenId: string, actor: CovenActor): SQL {
  const status = actor
    ? or(eq(posts.status, "published"), eq(posts.userId, actor.id))
    : eq(posts.status, "published");
  return and(eq(posts.covenId, covenId), status)!;
}

/**
 * One page of a coven's feed: pinned posts first (latest pin first), then by last activity.
 * The order is that of `posts_coven_activity_idx`.
 */
export async function covenFeed(actor: CovenActor, slug: string, page = 1) {
  const coven = await readableCoven(actor, slug);
  return { coven, ...(await feedPage(coven.id, actor, page)) };
}

/**
 * A page of the feed of a coven whose feed the caller already let the actor read
 * (`canReadCovenFeed`): the posts with their opening words as plain text, and the page count.
 */
export async function feedPage(covenId: string, actor: CovenActor, page = 1) {
  const current = Number.isInteger(page) && page > 0 ? Math.min(page, 1000) : 1;
  const found = await paginate(
    db()
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        head: sql<string>`left(${posts.content}, 600)`,
        status: posts.status,
        pinnedAt: posts.pinnedAt,
        replyCount: posts.replyCount,
        reactionCount: posts.reactionCount,
        lastActivityAt: posts.lastActivityAt,
        createdAt: posts.createdAt,
        authorName: profiles.displayName,
        authorSlug: profiles.slug,
        authorAvatar: profiles.avatarUrl,
        total: totalRows(),
      })
      .from(posts)
      .innerJoin(profiles, eq(profiles.userId, posts.userId))
      .where(visibleIn(covenId, actor))
      .orderBy(
        sql`${posts.pinnedAt} desc nulls last`,
        sql`${posts.lastActivityAt} desc nulls last`,
        sql`${posts.id} desc nulls last`,
      ),
    { page: current, perPage: COVEN_FEED_PAGE },
  );
  return {
    items: found.rows.map(({ head, ...row }) => ({ ...row, summary: excerpt(head, 240) })),
    page: found.page,
    pageCount: found.pageCount,
  };
}

/**
 * A member's new post in the feed (`canPostInCoven`: active members and admins, never in an
 * archived coven). Covens are premium, so their members are trusted: the post is published at
 * once. Its category is '' (a coven post is in no category, decision 037).
 */
export async function createCovenPost(
  actor: Actor,
  slug: string,
  input: { title: string; content: string },
): Promise<{ slug: string }> {
  return inTransaction(async (handle) => {
    const { coven, membership } = await lockVisibleCoven(handle, actor, slug);
    if (!canPostInCoven(actor, coven, membership)) {
      throw new CovenRefusedError(coven.archived ? "archived" : "notAMember");
    }
    const postSlug = await uniqueSlug(handle, { table: posts, column: posts.slug }, input.title, {
      maxLength: 80,
      fallback: "discussion",
    });
    const post = firstRow(
      await handle
        .insert(posts)
        .values({
          title: input.title,
          slug: postSlug,
          content: input.content,
          category: "",
          covenId: coven.id,
          userId: actor.id,
          status: "published",
        })
        .returning({
          id: posts.id,
          slug: posts.slug,
          title: posts.title,
          content: posts.content,
          userId: posts.userId,
        }),
      "new coven post",
    );
    const { name } = firstRow(
      await handle
        .update(covens)
        .set({ lastActivityAt: new Date() })
        .where(eq(covens.id, coven.id))
        .returning({ name: covens.name }),
      "coven of the new post",
    );
    // Its members hear of it, and its author earns what a post earns (subscribers, decision 030).
    await onPostPublished(handle, post, "direct", { id: coven.id, slug: coven.slug, name });
    return { slug: post.slug };
  });
}

/** Pins or unpins a post of the coven's feed: leaders and admins (`canLeadCoven`), audited. */
export async function setCovenPostPinned(
  actor: Actor,
  slug: string,
  postId: string,
  pinned: boolean,
): Promise<void> {
  await inTransaction(async (handle) => {
    const { coven, membership } = await lockVisibleCoven(handle, actor, slug);
    if (!canLeadCoven(actor, coven, membership)) throw new CovenRefusedError("notAllowed");
    const changed = await handle
      .update(posts)
      .set({ pinnedAt: pinned ? new Date() : null })
      .where(and(eq(posts.id, postId), eq(posts.covenId, coven.id)))
      .returning({ id: posts.id });
    const post = changed[0];
    if (!post) throw new CovenRefusedError("notFound");
    await audit(handle, actor, pinned ? "coven.post.pin" : "coven.post.unpin", coven.id, {
      postId: post.id,
    });
  });
}
