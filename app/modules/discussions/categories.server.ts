import { and, asc, count, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { shortLived } from "#app/lib/short-lived";
import { recordAudit } from "#app/modules/audit/index.server";
import { categories, posts, PUBLIC_POST } from "./schema";

export interface CategorySummary {
  id: string;
  title: string;
  slug: string;
  description: string;
  displayOrder: number;
  isActive: boolean;
  isReadOnly: boolean;
  subscriptionTierRequired: string | null;
  mysticalTheme: string | null;
  postCount: number;
}

const summaryColumns = {
  id: categories.id,
  title: categories.title,
  slug: categories.slug,
  description: categories.description,
  displayOrder: categories.displayOrder,
  isActive: categories.isActive,
  isReadOnly: categories.isReadOnly,
  subscriptionTierRequired: categories.subscriptionTierRequired,
  mysticalTheme: categories.mysticalTheme,
};

/** How long one process reuses the post counts; a `counts` realtime event clears them sooner. */
const COUNTS_TTL_MS = 15_000;

/**
 * SPEC §3 post_count: published posts per category slug. Counting 100,000 posts costs more than
 * rendering a page, so each process keeps the counts for a few seconds and drops them as soon as
 * any process publishes a `counts` event (see forgetCategoryPostCounts).
 */
const keptPostCounts = shortLived(COUNTS_TTL_MS, async () => {
  const rows = await db()
    .select({ slug: posts.category, n: count() })
    .from(posts)
    .where(and(eq(posts.status, "published"), PUBLIC_POST))
    .groupBy(posts.category);
  return new Map(rows.map((r) => [r.slug, r.n]));
});

export function categoryPostCounts(now: number = Date.now()): Promise<Map<string, number>> {
  return keptPostCounts.get(now);
}

/** Called when discussions change (the realtime hub's `counts` event, and in this process). */
export function forgetCategoryPostCounts(): void {
  keptPostCounts.forget();
}

/** Categories by display order; only active ones unless `includeInactive` (admin screens). */
export async function listCategories(
  options: { includeInactive?: boolean } = {},
): Promise<CategorySummary[]> {
  const [rows, counts] = await Promise.all([
    db()
      .select(summaryColumns)
      .from(categories)
      .where(options.includeInactive ? undefined : eq(categories.isActive, true))
      .orderBy(asc(categories.displayOrder), asc(categories.title)),
    categoryPostCounts(),
  ]);
  return rows.map((row) => ({ ...row, postCount: counts.get(row.slug) ?? 0 }));
}

export async function getCategory(slug: string): Promise<CategorySummary | undefined> {
  const [[row], counts] = await Promise.all([
    db().select(summaryColumns).from(categories).where(eq(categories.slug, slug)).limit(1),
    categoryPostCounts(),
  ]);
  return row ? { ...row, postCount: counts.get(row.slug) ?? 0 } : undefined;
}

/** The number of published discussions, for the side navigation badge. */
export async function discussionCount(): Promise<number> {
  let total = 0;
  for (const n of (await categoryPostCounts()).values()) total += n;
  return total;
}

export class CategorySlugTakenError extends Error {}

/** The category a form edits is gone (deleted meanwhile, or a well-formed id that names nothing). */
export class CategoryNotFoundError extends Error {}

export interface CategoryInput {
  title: string;
  slug: string;
  description: string;
  displayOrder: number;
  isActive: boolean;
  isReadOnly: boolean;
  premium: boolean;
}

/** Creates (id null) or updates a category, with an audit row, in one transaction. */
export async function saveCategory(
  actorId: string,
  id: string | null,
  input: CategoryInput,
): Promise<void> {
  await db().transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, input.slug))
      .limit(1);
    if (clash && clash.id !== id) throw new CategorySlugTakenError(input.slug);
    const values = {
      title: input.title,
      slug: input.slug,
      description: input.description,
      displayOrder: input.displayOrder,
      isActive: input.isActive,
      isReadOnly: input.isReadOnly,
      subscriptionTierRequired: input.premium ? "full" : null,
    };
    if (id) {
      const [before] = await tx.select().from(categories).where(eq(categories.id, id)).limit(1);
      if (!before) throw new CategoryNotFoundError(id);
      await tx.update(categories).set(values).where(eq(categories.id, id));
      // Posts refer to their category by slug: a renamed slug takes its posts along.
      if (before.slug !== input.slug)
        await tx.update(posts).set({ category: input.slug }).where(eq(posts.category, before.slug));
      await recordAudit(tx, {
        actorId,
        action: "category.update",
        targetType: "category",
        targetId: id,
        details: values,
      });
    } else {
      const created = firstRow(
        await tx.insert(categories).values(values).returning({ id: categories.id }),
        "new category",
      );
      await recordAudit(tx, {
        actorId,
        action: "category.create",
        targetType: "category",
        targetId: created.id,
        details: values,
      });
    }
  });
}

export async function categoryExists(slug: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug)))
    .limit(1);
  return Boolean(row);
}
