import { asc, inArray } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { renderMarkdown } from "#app/lib/markdown.server";
import { ADMIN_ROLES } from "#app/modules/auth";
import { profiles } from "#app/modules/profiles/schema";
import { renderArticle } from "./render.server";
import { articleCategories, articleChapters, articles } from "./schema";
import { SEED_ARTICLES } from "./seed-content";

/**
 * First start: for each type that has no category yet, adds that type's starter works
 * (seed-content.ts) with their categories, published, written by the first administrator. A type
 * an admin has started (or emptied) is left alone, as the academy's catalogue is; a type added to
 * the starter works later is seeded on the next start.
 */
export async function seedLibrary(): Promise<void> {
  const seeded = await db()
    .selectDistinct({ type: articleCategories.type })
    .from(articleCategories);
  const done = new Set(seeded.map((row) => row.type));
  const works = SEED_ARTICLES.filter((work) => !done.has(work.type));
  if (works.length === 0) return;
  await db().transaction(async (tx) => {
    const wanted = [...new Map(works.map((a) => [`${a.type}\n${a.category}`, a])).values()];
    const categories = await tx
      .insert(articleCategories)
      .values(
        wanted.map((a, index) => ({
          type: a.type,
          title: a.category,
          key: a.categoryKey ?? null,
          displayOrder: index + 1,
        })),
      )
      .onConflictDoNothing()
      .returning({
        id: articleCategories.id,
        type: articleCategories.type,
        title: articleCategories.title,
      });
    if (categories.length === 0) return; // another process seeded at the same moment
    const [author] = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(inArray(profiles.role, [...ADMIN_ROLES]))
      .orderBy(asc(profiles.createdAt))
      .limit(1);
    const now = Date.now();
    for (const [index, work] of works.entries()) {
      const categoryId =
        categories.find((c) => c.type === work.type && c.title === work.category)?.id ?? null;
      if (!categoryId) continue; // that type was seeded by another process meanwhile
      const [created] = await tx
        .insert(articles)
        .values({
          type: work.type,
          slug: work.slug,
          title: work.title,
          summary: work.summary,
          body: work.body,
          ...renderArticle(
            work.body,
            work.chapters.map((c) => c.body),
          ),
          materials: work.materials ?? "",
          timing: work.timing ?? "",
          steps: [...(work.steps ?? [])],
          categoryId,
          authorId: author?.userId ?? null,
          isPremium: work.isPremium,
          status: "published",
          publishedAt: new Date(now - (works.length - index) * 3_600_000),
        })
        .onConflictDoNothing()
        .returning({ id: articles.id });
      if (created && work.chapters.length > 0)
        await tx.insert(articleChapters).values(
          work.chapters.map((chapter, position) => ({
            articleId: created.id,
            title: chapter.title,
            body: chapter.body,
            bodyHtml: renderMarkdown(chapter.body),
            position: position + 1,
          })),
        );
    }
  });
}
