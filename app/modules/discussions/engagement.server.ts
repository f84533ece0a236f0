import { and, eq, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { emitEvent } from "#app/modules/events/index.server";
import { categories, comments, posts, reactions, reports, type ReactionKind } from "./schema";
import { canReadCategory, type ViewerRules } from "./policy";
import { PostRefusedError } from "./posts.server";
import { inScope, PUBLIC_SCOPE, rulesInScope, type PostScope } from "./scope";

type Target = { type: "post" | "comment"; id: string };

/** The author of a published, readable post or comment in the scope, or undefined. */
async function targetAuthor(
  handle: Db,
  target: Target,
  viewer: ViewerRules,
  scope: PostScope,
): Promise<string | undefined> {
  const category = { isActive: categories.isActive };
  const query =
    target.type === "post"
      ? handle
          .select({ userId: posts.userId, status: posts.status, category })
          .from(posts)
          .leftJoin(categories, eq(categories.slug, posts.category))
          .where(and(eq(posts.id, target.id), inScope(scope)))
      : handle
          .select({ userId: comments.userId, status: comments.status, category })
          .from(comments)
          .innerJoin(posts, eq(posts.id, comments.postId))
          .leftJoin(categories, eq(categories.slug, posts.category))
          .where(and(eq(comments.id, target.id), inScope(scope)));
  const [row] = await query.limit(1);
  const rules =
    row &&
    rulesInScope(
      scope,
      row.category && { ...row.category, isReadOnly: false, subscriptionTierRequired: null },
    );
  if (!row || !rules || row.status !== "published" || !canReadCategory(rules, viewer))
    return undefined;
  return row.userId;
}

/**
 * Adds the viewer's reaction, or removes it when present. Each added reaction to someone else's
 * content emits `reaction.added`; reputation awards it once per reacting member and target,
 * however often they toggle.
 */
export async function toggleReaction(
  viewer: ViewerRules,
  target: Target,
  kind: ReactionKind,
  scope: PostScope = PUBLIC_SCOPE,
): Promise<{ active: boolean }> {
  return db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const authorId = await targetAuthor(handle, target, viewer, scope);
    if (!authorId) throw new PostRefusedError("notFound");
    const table = target.type === "post" ? posts : comments;
    const inserted = await tx
      .insert(reactions)
      .values({ userId: viewer.id, targetType: target.type, targetId: target.id, kind })
      .onConflictDoNothing()
      .returning({ kind: reactions.kind });
    if (inserted.length === 0) {
      await tx
        .delete(reactions)
        .where(
          and(
            eq(reactions.userId, viewer.id),
            eq(reactions.targetType, target.type),
            eq(reactions.targetId, target.id),
            eq(reactions.kind, kind),
          ),
        );
      await tx
        .update(table)
        .set({ reactionCount: sql`greatest(0, ${table.reactionCount} - 1)` })
        .where(eq(table.id, target.id));
      return { active: false };
    }
    await tx
      .update(table)
      .set({ reactionCount: sql`${table.reactionCount} + 1` })
      .where(eq(table.id, target.id));
    if (authorId !== viewer.id)
      await emitEvent(handle, {
        name: "reaction.added",
        reactorId: viewer.id,
        targetType: target.type,
        targetId: target.id,
        authorId,
      });
    return { active: true };
  });
}

/** Reports a post or comment to the moderators (once per member and target). */
export async function reportContent(
  viewer: ViewerRules,
  target: Target,
  reason: string,
  scope: PostScope = PUBLIC_SCOPE,
): Promise<void> {
  const authorId = await targetAuthor(db(), target, viewer, scope);
  if (!authorId) throw new PostRefusedError("notFound");
  await db()
    .insert(reports)
    .values({ reporterId: viewer.id, targetType: target.type, targetId: target.id, reason })
    .onConflictDoNothing();
}
