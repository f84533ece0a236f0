import { and, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { canModify, canReadCategory, type ViewerRules } from "./policy";
import { categories, posts } from "./schema";
import { inScope, PUBLIC_SCOPE, rulesInScope, type PostScope } from "./scope";

/** What a thread's actions need of the post the address names. */
export interface ThreadTarget {
  id: string;
  slug: string;
  isFeatured: boolean;
}

/**
 * The post a thread action is about, by its slug, with the same visibility as the thread page
 * (`getThread`): undefined when the viewer may not see it. One indexed read — an action never
 * loads or renders the thread's comments, reactions and authors. A coven's thread passes its scope
 * (after the coven policy let the viewer in).
 */
export async function threadTarget(
  slug: string,
  viewer: ViewerRules,
  scope: PostScope = PUBLIC_SCOPE,
): Promise<ThreadTarget | undefined> {
  const [row] = await db()
    .select({
      id: posts.id,
      slug: posts.slug,
      isFeatured: posts.isFeatured,
      status: posts.status,
      authorId: posts.userId,
      category: {
        isActive: categories.isActive,
        isReadOnly: categories.isReadOnly,
        subscriptionTierRequired: categories.subscriptionTierRequired,
      },
    })
    .from(posts)
    .leftJoin(categories, eq(categories.slug, posts.category))
    .where(and(eq(posts.slug, slug), inScope(scope)))
    .limit(1);
  const rules = row && rulesInScope(scope, row.category);
  if (!row || !rules || !canReadCategory(rules, viewer)) return undefined;
  if (row.status !== "published" && !canModify(row.authorId, viewer)) return undefined;
  return { id: row.id, slug: row.slug, isFeatured: row.isFeatured };
}
