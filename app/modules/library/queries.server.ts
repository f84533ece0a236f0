import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import type { Page } from "#app/lib/pagination";
import { profiles } from "#app/modules/profiles/schema";
import { canKeepReading, canReadWhole, canSeeArticle, type LibraryActor } from "./policy";
import { materialList, totalMinutes, type PracticeStep } from "./practice";
import { withHeadingAnchors, type TocEntry } from "./render.server";
import {
  articleBookmarks,
  articleCategories,
  articleChapters,
  articleNotes,
  articleProgress,
  articles,
} from "./schema";
import { ARTICLE_PAGE_SIZE, type ArticleType } from "./types";

/** Published and due: what members and guests may find. `now` is injected for tests. */
export function liveArticle(now: Date): SQL {
  return sql`${articles.status} = 'published' and (${articles.publishAt} is null or ${articles.publishAt} <= ${now})`;
}

/** An article as a list shows it. */
const cardColumns = {
  id: articles.id,
  type: articles.type,
  slug: articles.slug,
  title: articles.title,
  summary: articles.summary,
  coverUrl: articles.coverUrl,
  isPremium: articles.isPremium,
  readingMinutes: articles.readingMinutes,
  publishedAt: articles.publishedAt,
  publishAt: articles.publishAt,
};

export type ArticleCard = {
  id: string;
  type: ArticleType;
  slug: string;
  title: string;
  summary: string;
  coverUrl: string | null;
  isPremium: boolean;
  readingMinutes: number;
  publishedAt: Date | null;
  publishAt: Date | null;
};

/** The path of an article on the engine's generic page. */
export function articleHref(article: { type: ArticleType; id: string }, chapterId?: string | null) {
  const base = `/article/${article.type}/${article.id}`;
  return chapterId ? `${base}?chapter=${chapterId}` : base;
}

/** A category of `type` with one page of its live articles, newest first; null if none such. */
export async function categoryPage(
  type: ArticleType,
  categoryId: string,
  page: number,
  now: Date = new Date(),
): Promise<{
  category: { id: string; title: string; description: string; type: ArticleType };
  articles: Page<ArticleCard>;
} | null> {
  const [category] = await db()
    .select({
      id: articleCategories.id,
      title: articleCategories.title,
      description: articleCategories.description,
      type: articleCategories.type,
    })
    .from(articleCategories)
    .where(and(eq(articleCategories.id, categoryId), eq(articleCategories.type, type)))
    .limit(1);
  if (!category) return null;
  const list = await paginate(
    db()
      .select({ ...cardColumns, total: totalRows() })
      .from(articles)
      .where(and(eq(articles.categoryId, categoryId), liveArticle(now)))
      .orderBy(desc(articles.publishedAt), desc(articles.id)),
    { page, perPage: ARTICLE_PAGE_SIZE },
  );
  return { category, articles: list };
}

export interface ArticleView {
  article: ArticleCard & {
    categoryId: string | null;
    categoryTitle: string | null;
    authorName: string | null;
    authorSlug: string | null;
    status: "draft" | "published";
    live: boolean;
  };
  chapters: Array<{ id: string; title: string; position: number }>;
  /** The chapter shown (null for a work without chapters). */
  chapter: { id: string; title: string; index: number } | null;
  practice: {
    materials: string[];
    timing: string;
    /** Null when the viewer may not read the whole. */
    steps: PracticeStep[] | null;
    stepCount: number;
    minutes: number;
  };
  /** Whole text when readable, else the free excerpt; `whole` says which. */
  html: string;
  toc: TocEntry[];
  whole: boolean;
  /** The reader's own state: only when they may keep reading (signed in, whole text). */
  reader: {
    bookmarked: boolean;
    progress: { chapterId: string | null; position: number } | null;
    notes: Array<{ id: string; body: string; createdAt: Date }>;
  } | null;
}

/**
 * One article as `actor` may see it, at `chapterId` (else where they stopped, else the first
 * chapter), or null when it does not exist for them (another type, a draft, a date to come). A
 * premium article's chapters beyond the excerpt are never read for a viewer who may not read them.
 */
export async function articleView(
  type: ArticleType,
  articleId: string,
  chapterId: string | null,
  actor: LibraryActor,
  now: Date = new Date(),
): Promise<ArticleView | null> {
  const [row] = await db()
    .select({
      ...cardColumns,
      status: articles.status,
      categoryId: articles.categoryId,
      categoryTitle: articleCategories.title,
      authorName: profiles.displayName,
      authorSlug: profiles.slug,
      bodyHtml: articles.bodyHtml,
      excerptHtml: articles.excerptHtml,
      materials: articles.materials,
      timing: articles.timing,
      steps: articles.steps,
    })
    .from(articles)
    .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .leftJoin(profiles, eq(profiles.userId, articles.authorId))
    .where(and(eq(articles.id, articleId), eq(articles.type, type)))
    .limit(1);
  if (!row || !canSeeArticle(actor, row, now)) return null;
  const whole = canReadWhole(actor, row, now);
  const keeps = canKeepReading(actor, row, now);
  const chapters = await db()
    .select({
      id: articleChapters.id,
      title: articleChapters.title,
      position: articleChapters.position,
    })
    .from(articleChapters)
    .where(eq(articleChapters.articleId, row.id))
    .orderBy(asc(articleChapters.position), asc(articleChapters.id));
  const reader = keeps ? await readerState(actor!.id, row.id) : null;

  let chapter: ArticleView["chapter"] = null;
  let html: string;
  if (!whole) {
    html = row.excerptHtml;
  } else if (chapters.length === 0) {
    html = row.bodyHtml;
  } else {
    const wanted = chapterId ?? reader?.progress?.chapterId ?? null;
    const index = Math.max(
      0,
      chapters.findIndex((c) => c.id === wanted),
    );
    const picked = chapters[index]!;
    const [text] = await db()
      .select({ bodyHtml: articleChapters.bodyHtml })
      .from(articleChapters)
      .where(eq(articleChapters.id, picked.id));
    chapter = { id: picked.id, title: picked.title, index };
    // The introduction (the body) opens the first chapter's page.
    html = (index === 0 ? row.bodyHtml : "") + (text?.bodyHtml ?? "");
  }
  const { html: anchored, toc } = withHeadingAnchors(html);
  const { bodyHtml: _body, excerptHtml: _excerpt, materials, timing, steps, ...article } = row;
  return {
    article: {
      ...article,
      live: row.status === "published" && (row.publishAt === null || row.publishAt <= now),
    },
    // What to gather and when are shown to everyone (they tell a reader what the practice asks);
    // the steps are the practice itself, sent only with the whole text.
    practice: {
      materials: materialList(materials),
      timing,
      steps: whole ? steps : null,
      stepCount: steps.length,
      minutes: totalMinutes(steps),
    },
    chapters,
    chapter,
    html: anchored,
    toc,
    whole,
    reader,
  };
}

async function readerState(userId: string, articleId: string) {
  const [progress] = await db()
    .select({ chapterId: articleProgress.chapterId, position: articleProgress.position })
    .from(articleProgress)
    .where(and(eq(articleProgress.userId, userId), eq(articleProgress.articleId, articleId)));
  const [bookmark] = await db()
    .select({ createdAt: articleBookmarks.createdAt })
    .from(articleBookmarks)
    .where(and(eq(articleBookmarks.userId, userId), eq(articleBookmarks.articleId, articleId)));
  const notes = await db()
    .select({ id: articleNotes.id, body: articleNotes.body, createdAt: articleNotes.createdAt })
    .from(articleNotes)
    .where(and(eq(articleNotes.userId, userId), eq(articleNotes.articleId, articleId)))
    .orderBy(asc(articleNotes.createdAt), asc(articleNotes.id));
  return { progress: progress ?? null, bookmarked: Boolean(bookmark), notes };
}

/** The member's articles in progress, most recent first ("Continue reading" on the dashboard). */
export async function continueReading(userId: string, limit = 4, now: Date = new Date()) {
  return db()
    .select({
      id: articles.id,
      type: articles.type,
      title: articles.title,
      chapterId: articleProgress.chapterId,
      chapterTitle: articleChapters.title,
      updatedAt: articleProgress.updatedAt,
    })
    .from(articleProgress)
    .innerJoin(articles, eq(articles.id, articleProgress.articleId))
    .leftJoin(articleChapters, eq(articleChapters.id, articleProgress.chapterId))
    .where(and(eq(articleProgress.userId, userId), liveArticle(now)))
    .orderBy(desc(articleProgress.updatedAt))
    .limit(limit);
}

/** Live articles for the sitemap: their paths and last change. */
export async function sitemapArticles(now: Date = new Date()) {
  return db()
    .select({ id: articles.id, type: articles.type, updatedAt: articles.updatedAt })
    .from(articles)
    .where(liveArticle(now))
    .orderBy(desc(articles.publishedAt))
    .limit(5_000);
}

/**
 * A type's live articles for its own landing page (`/grimoires` …): newest first, a page at a
 * time, each with its category, chapter count and free excerpt (the part everyone may read).
 */
export async function typeLanding(type: ArticleType, page: number, now: Date = new Date()) {
  return paginate(
    db()
      .select({
        ...cardColumns,
        categoryTitle: articleCategories.title,
        excerptHtml: articles.excerptHtml,
        timing: articles.timing,
        stepCount: sql<number>`jsonb_array_length(${articles.steps})`.mapWith(Number),
        minutes:
          sql<number>`(select coalesce(sum((step->>'minutes')::int), 0) from jsonb_array_elements(${articles.steps}) as step)`.mapWith(
            Number,
          ),
        chapterCount:
          sql<number>`(select count(*) from ${articleChapters} where ${articleChapters.articleId} = ${articles.id})`.mapWith(
            Number,
          ),
        total: totalRows(),
      })
      .from(articles)
      .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(and(eq(articles.type, type), liveArticle(now)))
      .orderBy(desc(articles.publishedAt), desc(articles.id)),
    { page, perPage: ARTICLE_PAGE_SIZE },
  );
}

/** A type's categories that hold live articles, in the editors' order, with how many each. */
export async function typeCategories(type: ArticleType, now: Date = new Date()) {
  return db()
    .select({
      id: articleCategories.id,
      title: articleCategories.title,
      articles: count(articles.id),
    })
    .from(articleCategories)
    .innerJoin(articles, and(eq(articles.categoryId, articleCategories.id), liveArticle(now)))
    .where(eq(articleCategories.type, type))
    .groupBy(articleCategories.id)
    .orderBy(asc(articleCategories.displayOrder), asc(articleCategories.title));
}

/** The member's bookmarked texts that are still live, newest bookmark first, a page at a time. */
export async function bookmarkedArticles(userId: string, page: number, now: Date = new Date()) {
  return paginate(
    db()
      .select({
        ...cardColumns,
        bookmarkedAt: articleBookmarks.createdAt,
        total: totalRows(),
      })
      .from(articleBookmarks)
      .innerJoin(articles, eq(articles.id, articleBookmarks.articleId))
      .where(and(eq(articleBookmarks.userId, userId), liveArticle(now)))
      .orderBy(desc(articleBookmarks.createdAt), desc(articles.id)),
    { page, perPage: ARTICLE_PAGE_SIZE },
  );
}
