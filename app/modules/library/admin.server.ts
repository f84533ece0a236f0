import { and, asc, count, desc, eq, gt, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import { uniqueSlug } from "#app/db/unique-slug.server";
import { renderMarkdown } from "#app/lib/markdown.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { NotAllowedError } from "#app/modules/auth";
import { canManageLibrary, type LibraryActor } from "./policy";
import { LibraryRefusedError } from "./reading.server";
import { renderArticle } from "./render.server";
import { articleCategories, articleChapters, articles } from "./schema";
import { ARTICLE_LIMITS, ARTICLE_PAGE_SIZE, type ArticleType } from "./types";
import type { ArticleFields, CategoryFields, ChapterFields } from "./validation";

/*
 * `/content-management`: one screen for every article type (issue 13 §1). Every command is one
 * transaction that checks the actor, locks the article row when it changes chapters (positions
 * stay dense and ordered under two admins at once) and writes its audit row.
 */

function requireManager(actor: LibraryActor): asserts actor is NonNullable<LibraryActor> {
  if (!canManageLibrary(actor)) throw new NotAllowedError("manage the library");
}

/** The UTC instant of the editor's `datetime-local` value in the admin's time zone, or null. */
export function publishInstant(local: string, timeZoneOffset: number): Date | null {
  if (!local) return null;
  const [datePart, timePart] = local.split("T") as [string, string];
  const [year, month, day] = datePart.split("-").map(Number) as [number, number, number];
  const [hour, minute] = timePart.split(":").map(Number) as [number, number];
  const utc = Date.UTC(year, month - 1, day, hour, minute) + timeZoneOffset * 60_000;
  const instant = new Date(utc);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

export type AdminStatusFilter = "draft" | "scheduled" | "published";

/** Every article, drafts included, newest change first, with its figures. */
export async function adminArticles(
  actor: LibraryActor,
  filters: { type?: ArticleType; status?: AdminStatusFilter; page: number },
  now: Date = new Date(),
) {
  requireManager(actor);
  const conditions: SQL[] = [];
  if (filters.type) conditions.push(eq(articles.type, filters.type));
  if (filters.status === "draft") conditions.push(eq(articles.status, "draft"));
  if (filters.status === "scheduled")
    conditions.push(and(eq(articles.status, "published"), gt(articles.publishAt, now))!);
  if (filters.status === "published")
    conditions.push(
      sql`${articles.status} = 'published' and (${articles.publishAt} is null or ${articles.publishAt} <= ${now})`,
    );
  return paginate(
    db()
      .select({
        id: articles.id,
        type: articles.type,
        title: articles.title,
        status: articles.status,
        publishAt: articles.publishAt,
        isPremium: articles.isPremium,
        views: articles.views,
        readers: articles.readers,
        updatedAt: articles.updatedAt,
        categoryTitle: articleCategories.title,
        total: totalRows(),
      })
      .from(articles)
      .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(articles.updatedAt), desc(articles.id)),
    { page: filters.page, perPage: ARTICLE_PAGE_SIZE },
  );
}

/** One article for the editor: its fields, chapters (with text) and figures; null if none. */
export async function adminArticle(actor: LibraryActor, id: string) {
  requireManager(actor);
  const [article] = await db().select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!article) return null;
  const chapters = await db()
    .select({
      id: articleChapters.id,
      title: articleChapters.title,
      body: articleChapters.body,
      position: articleChapters.position,
    })
    .from(articleChapters)
    .where(eq(articleChapters.articleId, id))
    .orderBy(asc(articleChapters.position), asc(articleChapters.id));
  const {
    search: _search,
    bodyHtml: _html,
    excerptHtml: _excerpt,
    publicText: _text,
    ...fields
  } = article;
  return { article: fields, chapters };
}

async function checkCategory(handle: Db, type: ArticleType, categoryId: string | null) {
  if (!categoryId) return;
  const [found] = await handle
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(and(eq(articleCategories.id, categoryId), eq(articleCategories.type, type)));
  if (!found) throw new LibraryRefusedError("category");
}

/** Renders the body with the chapters' texts into what the article row stores beside them. */
async function rendered(handle: Db, articleId: string | null, body: string) {
  const chapters = articleId
    ? await handle
        .select({ body: articleChapters.body })
        .from(articleChapters)
        .where(eq(articleChapters.articleId, articleId))
        .orderBy(asc(articleChapters.position), asc(articleChapters.id))
    : [];
  return renderArticle(
    body,
    chapters.map((c) => c.body),
  );
}

async function lockArticle(handle: Db, id: string) {
  const [row] = await handle
    .select({ id: articles.id, type: articles.type, body: articles.body, status: articles.status })
    .from(articles)
    .where(eq(articles.id, id))
    .for("update");
  if (!row) throw new LibraryRefusedError("notFound");
  return row;
}

/** Writes a new draft (members see nothing until it is published). */
export async function createArticle(
  actor: LibraryActor,
  input: ArticleFields,
  coverUrl: string | null = null,
): Promise<{ id: string }> {
  requireManager(actor);
  return db().transaction(async (tx) => {
    await checkCategory(tx, input.type, input.categoryId);
    const slug = await uniqueSlug(tx, { table: articles, column: articles.slug }, input.title, {
      maxLength: 80,
      fallback: input.type,
    });
    const [created] = await tx
      .insert(articles)
      .values({
        type: input.type,
        slug,
        title: input.title,
        summary: input.summary,
        body: input.body,
        ...(await rendered(tx, null, input.body)),
        categoryId: input.categoryId,
        isPremium: input.isPremium,
        publishAt: publishInstant(input.publishAt, input.timeZoneOffset),
        materials: input.materials,
        timing: input.timing,
        steps: input.steps,
        coverUrl,
        authorId: actor.id,
        status: "draft",
      })
      .returning({ id: articles.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "article.create",
      targetType: "article",
      targetId: created!.id,
      details: { type: input.type, title: input.title },
    });
    return created!;
  });
}

/**
 * Saves an article's fields (type and slug stay), re-rendered, audited. The cover changes only
 * when a new one was uploaded (`coverUrl`) or `removeCover` was ticked.
 */
export async function updateArticle(
  actor: LibraryActor,
  id: string,
  input: ArticleFields,
  coverUrl: string | null = null,
): Promise<void> {
  requireManager(actor);
  const cover = coverUrl !== null ? { coverUrl } : input.removeCover ? { coverUrl: null } : {};
  await db().transaction(async (tx) => {
    const current = await lockArticle(tx, id);
    await checkCategory(tx, current.type, input.categoryId);
    await tx
      .update(articles)
      .set({
        title: input.title,
        summary: input.summary,
        body: input.body,
        ...(await rendered(tx, id, input.body)),
        categoryId: input.categoryId,
        isPremium: input.isPremium,
        publishAt: publishInstant(input.publishAt, input.timeZoneOffset),
        materials: input.materials,
        timing: input.timing,
        steps: input.steps,
        ...cover,
        updatedAt: new Date(),
      })
      .where(eq(articles.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "article.update",
      targetType: "article",
      targetId: id,
      details: {
        title: input.title,
        premium: input.isPremium,
        publishAt: input.publishAt || null,
        ...("coverUrl" in cover ? { cover: cover.coverUrl } : {}),
      },
    });
  });
}

/** Publishes (visible from its publish time, or now) or takes back to draft. */
export async function setArticleStatus(
  actor: LibraryActor,
  id: string,
  status: "draft" | "published",
  now: Date = new Date(),
): Promise<void> {
  requireManager(actor);
  await db().transaction(async (tx) => {
    await lockArticle(tx, id);
    await tx
      .update(articles)
      .set({
        status,
        publishedAt:
          status === "published" ? sql`coalesce(${articles.publishAt}, ${now})` : sql`null`,
        updatedAt: now,
      })
      .where(eq(articles.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: status === "published" ? "article.publish" : "article.unpublish",
      targetType: "article",
      targetId: id,
      details: {},
    });
  });
}

/** Deletes an article with its chapters and every reader's progress, bookmarks and notes. */
export async function deleteArticle(actor: LibraryActor, id: string): Promise<void> {
  requireManager(actor);
  await db().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(articles)
      .where(eq(articles.id, id))
      .returning({ title: articles.title, type: articles.type });
    if (!deleted) throw new LibraryRefusedError("notFound");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "article.delete",
      targetType: "article",
      targetId: id,
      details: deleted,
    });
  });
}

async function refresh(handle: Db, articleId: string, body: string) {
  await handle
    .update(articles)
    .set({ ...(await rendered(handle, articleId, body)), updatedAt: new Date() })
    .where(eq(articles.id, articleId));
}

/** Adds a chapter at the end. */
export async function addChapter(
  actor: LibraryActor,
  articleId: string,
  input: ChapterFields,
): Promise<{ id: string }> {
  requireManager(actor);
  return db().transaction(async (tx) => {
    const article = await lockArticle(tx, articleId);
    const [{ chapters = 0, last = 0 } = {}] = await tx
      .select({
        chapters: count(),
        last: sql<number>`coalesce(max(${articleChapters.position}), 0)`.mapWith(Number),
      })
      .from(articleChapters)
      .where(eq(articleChapters.articleId, articleId));
    if (chapters >= ARTICLE_LIMITS.chapters) throw new LibraryRefusedError("chapter");
    const [created] = await tx
      .insert(articleChapters)
      .values({
        articleId,
        title: input.title,
        body: input.body,
        bodyHtml: renderMarkdown(input.body),
        position: last + 1,
      })
      .returning({ id: articleChapters.id });
    await refresh(tx, articleId, article.body);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "article.chapter_add",
      targetType: "article",
      targetId: articleId,
      details: { chapterId: created!.id, title: input.title },
    });
    return created!;
  });
}

export async function updateChapter(
  actor: LibraryActor,
  articleId: string,
  chapterId: string,
  input: ChapterFields,
): Promise<void> {
  requireManager(actor);
  await db().transaction(async (tx) => {
    const article = await lockArticle(tx, articleId);
    const changed = await tx
      .update(articleChapters)
      .set({
        title: input.title,
        body: input.body,
        bodyHtml: renderMarkdown(input.body),
        updatedAt: new Date(),
      })
      .where(and(eq(articleChapters.id, chapterId), eq(articleChapters.articleId, articleId)))
      .returning({ id: articleChapters.id });
    if (changed.length === 0) throw new LibraryRefusedError("chapter");
    await refresh(tx, articleId, article.body);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "article.chapter_update",
      targetType: "article",
      targetId: articleId,
      details: { chapterId, title: input.title },
    });
  });
}

/** Swaps a chapter with its neighbour before ("up") or after ("down"); at an end nothing moves. */
export async function moveChapter(
  actor: LibraryActor,
  articleId: string,
  chapterId: string,
  direction: "up" | "down",
): Promise<void> {
  requireManager(actor);
  await db().transaction(async (tx) => {
    const article = await lockArticle(tx, articleId);
    const [chapter] = await tx
      .select({ id: articleChapters.id, position: articleChapters.position })
      .from(articleChapters)
      .where(and(eq(articleChapters.id, chapterId), eq(articleChapters.articleId, articleId)));
    if (!chapter) throw new LibraryRefusedError("chapter");
    const [neighbour] = await tx
      .select({ id: articleChapters.id, position: articleChapters.position })
      .from(articleChapters)
      .where(
        and(
          eq(articleChapters.articleId, articleId),
          direction === "up"
            ? lt(articleChapters.position, chapter.position)
            : gt(articleChapters.position, chapter.position),
        ),
      )
      .orderBy(direction === "up" ? desc(articleChapters.position) : asc(articleChapters.position))
      .limit(1);
    if (!neighbour) return;
    await tx
      .update(articleChapters)
      .set({ position: neighbour.position })
      .where(eq(articleChapters.id, chapter.id));
    await tx
      .update(articleChapters)
      .set({ position: chapter.position })
      .where(eq(articleChapters.id, neighbour.id));
    await refresh(tx, articleId, article.body);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "article.chapter_move",
      targetType: "article",
      targetId: articleId,
      details: { chapterId, direction },
    });
  });
}

export async function deleteChapter(
  actor: LibraryActor,
  articleId: string,
  chapterId: string,
): Promise<void> {
  requireManager(actor);
  await db().transaction(async (tx) => {
    const article = await lockArticle(tx, articleId);
    const [deleted] = await tx
      .delete(articleChapters)
      .where(and(eq(articleChapters.id, chapterId), eq(articleChapters.articleId, articleId)))
      .returning({ title: articleChapters.title, position: articleChapters.position });
    if (!deleted) throw new LibraryRefusedError("chapter");
    // Close the gap, so positions stay 1…n.
    await tx
      .update(articleChapters)
      .set({ position: sql`${articleChapters.position} - 1` })
      .where(
        and(
          eq(articleChapters.articleId, articleId),
          gt(articleChapters.position, deleted.position),
        ),
      );
    await refresh(tx, articleId, article.body);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "article.chapter_delete",
      targetType: "article",
      targetId: articleId,
      details: { chapterId, title: deleted.title },
    });
  });
}

/** A type's categories for the editor (every one, in order). */
export async function adminCategories(actor: LibraryActor, type?: ArticleType) {
  requireManager(actor);
  return db()
    .select({
      id: articleCategories.id,
      type: articleCategories.type,
      title: articleCategories.title,
      description: articleCategories.description,
      displayOrder: articleCategories.displayOrder,
      key: articleCategories.key,
    })
    .from(articleCategories)
    .where(type ? eq(articleCategories.type, type) : undefined)
    .orderBy(
      asc(articleCategories.type),
      asc(articleCategories.displayOrder),
      asc(articleCategories.title),
    );
}

export async function createCategory(
  actor: LibraryActor,
  input: CategoryFields,
): Promise<{ id: string }> {
  requireManager(actor);
  return db().transaction(async (tx) => {
    const [{ categories = 0, last = 0 } = {}] = await tx
      .select({
        categories: count(),
        last: sql<number>`coalesce(max(${articleCategories.displayOrder}), 0)`.mapWith(Number),
      })
      .from(articleCategories)
      .where(eq(articleCategories.type, input.type));
    if (categories >= ARTICLE_LIMITS.categories) throw new LibraryRefusedError("category");
    const [created] = await tx
      .insert(articleCategories)
      .values({ ...input, displayOrder: last + 1 })
      .onConflictDoNothing()
      .returning({ id: articleCategories.id });
    if (!created) throw new LibraryRefusedError("slug");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "article_category.create",
      targetType: "article_category",
      targetId: created.id,
      details: { type: input.type, title: input.title },
    });
    return created;
  });
}

/**
 * Deletes a category; its articles stay, without a category. A category with a page of its own
 * (a `key`: `/demon-attunements` …) stays: the page would have nothing to show.
 */
export async function deleteCategory(actor: LibraryActor, id: string): Promise<void> {
  requireManager(actor);
  await db().transaction(async (tx) => {
    const [keyed] = await tx
      .select({ key: articleCategories.key })
      .from(articleCategories)
      .where(and(eq(articleCategories.id, id), isNotNull(articleCategories.key)));
    if (keyed) throw new LibraryRefusedError("categoryHasPage");
    const [deleted] = await tx
      .delete(articleCategories)
      .where(eq(articleCategories.id, id))
      .returning({ title: articleCategories.title, type: articleCategories.type });
    if (!deleted) throw new LibraryRefusedError("notFound");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "article_category.delete",
      targetType: "article_category",
      targetId: id,
      details: deleted,
    });
  });
}
