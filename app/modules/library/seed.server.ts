import { asc, count, inArray } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { renderMarkdown } from "#app/lib/markdown.server";
import { ADMIN_ROLES } from "#app/modules/auth";
import { profiles } from "#app/modules/profiles/schema";
import { renderArticle } from "./render.server";
import { articleCategories, articleChapters, articles } from "./schema";
import { SEED_ARTICLES } from "./seed-content";

/**
 * First start: when the library has no category yet, adds the starter works (seed-content.ts)
 * with their categories, published, written by the first administrator. A library an admin has
 * started (or emptied) is left alone, as the academy's catalogue is.
 */
export async function seedLibrary(): Promise<void> {
  const { existing } = firstRow(
    await db().select({ existing: count() }).from(articleCategories),
    "count of library categories",
  );
  if (existing > 0) return;
  await db().transaction(async (tx) => {
    const wanted = [...new Map(SEED_ARTICLES.map((a) => [`${a.type}\n${a.category}`, a])).values()];
    const categories = await tx
      .insert(articleCategories)
      .values(
        wanted.map((a, index) => ({ type: a.type, title: a.category, displayOrder: index + 1 })),
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
    for (const [index, work] of SEED_ARTICLES.entries()) {
      const { id } = firstRow(
        await tx
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
            categoryId:
              categories.find((c) => c.type === work.type && c.title === work.category)?.id ?? null,
            authorId: author?.userId ?? null,
            isPremium: work.isPremium,
            status: "published",
            publishedAt: new Date(now - (SEED_ARTICLES.length - index) * 3_600_000),
          })
          .onConflictDoNothing()
          .returning({ id: articles.id }),
        "seeded article",
      );
      if (work.chapters.length > 0)
        await tx.insert(articleChapters).values(
          work.chapters.map((chapter, position) => ({
            articleId: id,
            title: chapter.title,
            body: chapter.body,
            bodyHtml: renderMarkdown(chapter.body),
            position: position + 1,
          })),
        );
    }
  });
}
