import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { uniqueSlug } from "#app/db/unique-slug.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { NotAllowedError } from "#app/modules/auth";
import { publish } from "#app/modules/realtime/index.server";
import { AcademyRefusedError } from "./academy.server";
import { OUTLINE_LIMITS, type CategoryFields } from "./admin-validation";
import { canManageAcademy, type AcademyActor } from "./policy";
import { academyCategories, courses } from "./schema";

/*
 * The academy categories of `/admin/academy/categories` (docs/decisions/053-academy-outline.md).
 * Admins only; every command is one transaction that first takes the categories' advisory lock
 * (a new row has no row to lock yet), rewrites `display_order` 0…n-1 in the order the admin asked
 * for, and writes its `academy_category.*` audit row in it. Open pages drop the footer's cached
 * categories through a `counts` event.
 */

/** The transaction-scoped lock every category command takes first: one writer of the order at a time. */
const CATEGORY_LOCK = 53_001;

function requireManager(actor: AcademyActor): string {
  if (!canManageAcademy(actor)) throw new NotAllowedError("manage the academy");
  return actor!.id;
}

/** Every category in display order, inactive ones too, with how many courses each holds. */
export async function adminCategoryList() {
  return db()
    .select({
      id: academyCategories.id,
      title: academyCategories.title,
      slug: academyCategories.slug,
      isActive: academyCategories.isActive,
      displayOrder: academyCategories.displayOrder,
      courses: sql<number>`(select count(*) from ${courses}
        where ${courses.categoryId} = ${academyCategories.id})`.mapWith(Number),
    })
    .from(academyCategories)
    .orderBy(
      asc(academyCategories.displayOrder),
      asc(academyCategories.title),
      asc(academyCategories.id),
    );
}

/** The categories' ids in their current order, read under the lock. */
async function lockedOrder(tx: Db): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CATEGORY_LOCK})`);
  const rows = await tx
    .select({ id: academyCategories.id })
    .from(academyCategories)
    .orderBy(
      asc(academyCategories.displayOrder),
      asc(academyCategories.title),
      asc(academyCategories.id),
    );
  return rows.map((row) => row.id);
}

/**
 * Writes `display_order` 0…n-1 for the ids in this order, which also repairs gaps and ties left
 * by the seed or by deletes (a few hundred rows at most).
 */
async function writeOrder(tx: Db, order: readonly string[]) {
  for (const [position, id] of order.entries())
    await tx
      .update(academyCategories)
      .set({ displayOrder: position })
      .where(eq(academyCategories.id, id));
}

/** `order` with `id` put at `position` (0-based, clamped to the list). */
function placed(order: readonly string[], id: string, position: number): string[] {
  const rest = order.filter((other) => other !== id);
  const at = Math.max(0, Math.min(position, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

async function slugFor(tx: Db, fields: CategoryFields, exceptId: string | null): Promise<string> {
  if (!fields.slug)
    return uniqueSlug(
      tx,
      { table: academyCategories, column: academyCategories.slug },
      fields.title,
      {
        maxLength: OUTLINE_LIMITS.slugMax,
        fallback: "category",
      },
    );
  const [taken] = await tx
    .select({ id: academyCategories.id })
    .from(academyCategories)
    .where(
      exceptId
        ? and(eq(academyCategories.slug, fields.slug), ne(academyCategories.id, exceptId))
        : eq(academyCategories.slug, fields.slug),
    )
    .limit(1);
  if (taken) throw new AcademyRefusedError("slugTaken");
  return fields.slug;
}

/** Open pages refetch the shell's counts, and with them the footer's academy categories. */
function footerChanged(tx: Db) {
  return publish(tx, { to: { everyone: true }, type: "counts", data: { kind: "academy" } });
}

async function audit(
  tx: Db,
  actorId: string,
  action: string,
  categoryId: string,
  details: Record<string, unknown>,
) {
  await recordAudit(tx, {
    actorId,
    action,
    targetType: "academy_category",
    targetId: categoryId,
    details,
  });
}

/** Adds a category at the position asked (1-based; last when none). */
export async function createCategory(
  actor: AcademyActor,
  fields: CategoryFields,
): Promise<{ id: string; slug: string }> {
  const actorId = requireManager(actor);
  return db().transaction(async (tx) => {
    const order = await lockedOrder(tx);
    if (order.length >= OUTLINE_LIMITS.categoriesMax)
      throw new AcademyRefusedError("categoriesFull");
    const slug = await slugFor(tx, fields, null);
    const created = firstRow(
      await tx
        .insert(academyCategories)
        .values({
          title: fields.title,
          slug,
          isActive: fields.isActive,
          displayOrder: order.length,
        })
        .returning({ id: academyCategories.id, slug: academyCategories.slug }),
      "created category",
    );
    const position = fields.displayOrder ? fields.displayOrder - 1 : order.length;
    await writeOrder(tx, placed([...order, created.id], created.id, position));
    await audit(tx, actorId, "academy_category.create", created.id, {
      title: fields.title,
      slug,
      isActive: fields.isActive,
    });
    await footerChanged(tx);
    return created;
  });
}

/** Saves a category's title, slug, state and (when given) its position, 1-based. */
export async function updateCategory(
  actor: AcademyActor,
  categoryId: string,
  fields: CategoryFields,
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    const order = await lockedOrder(tx);
    const [before] = await tx
      .select()
      .from(academyCategories)
      .where(eq(academyCategories.id, categoryId));
    if (!before) throw new AcademyRefusedError("notFound");
    const slug = await slugFor(tx, fields, categoryId);
    await tx
      .update(academyCategories)
      .set({ title: fields.title, slug, isActive: fields.isActive })
      .where(eq(academyCategories.id, categoryId));
    const after = fields.displayOrder ? placed(order, categoryId, fields.displayOrder - 1) : order;
    await writeOrder(tx, after);
    await audit(tx, actorId, "academy_category.update", categoryId, {
      title: fields.title,
      ...(slug !== before.slug ? { slug: { from: before.slug, to: slug } } : { slug }),
      ...(fields.isActive !== before.isActive ? { isActive: fields.isActive } : {}),
      position: after.indexOf(categoryId) + 1,
    });
    await footerChanged(tx);
  });
}

/** Swaps a category with its neighbour above or below (nothing to do at either end). */
export async function moveCategory(
  actor: AcademyActor,
  categoryId: string,
  direction: "up" | "down",
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    const order = await lockedOrder(tx);
    const at = order.indexOf(categoryId);
    if (at < 0) throw new AcademyRefusedError("notFound");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return;
    const after = placed(order, categoryId, to);
    await writeOrder(tx, after);
    await audit(tx, actorId, "academy_category.move", categoryId, { direction, position: to + 1 });
    await footerChanged(tx);
  });
}

/** Deletes a category; its courses stay, without a category (the foreign key sets null). */
export async function deleteCategory(actor: AcademyActor, categoryId: string): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    const order = await lockedOrder(tx);
    const [category] = await tx
      .select({ title: academyCategories.title, slug: academyCategories.slug })
      .from(academyCategories)
      .where(eq(academyCategories.id, categoryId));
    if (!category) throw new AcademyRefusedError("notFound");
    const { courses: held } = firstRow(
      await tx.select({ courses: count() }).from(courses).where(eq(courses.categoryId, categoryId)),
      "courses of the category",
    );
    await tx.delete(academyCategories).where(eq(academyCategories.id, categoryId));
    await writeOrder(
      tx,
      order.filter((id) => id !== categoryId),
    );
    await audit(tx, actorId, "academy_category.delete", categoryId, { ...category, courses: held });
    await footerChanged(tx);
  });
}
