/*
 * The kinds of long-form text the practice library holds (issue 13 §1). One engine serves them
 * all: the same tables, pages, editor, search kind and sitemap entries. A type adds its framing
 * (its list page, its label, what it calls its parts) here, not a copy of the engine.
 */

export const ARTICLE_TYPES = ["grimoire", "attunement", "ritual", "tutorial"] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

export function isArticleType(value: string | undefined): value is ArticleType {
  return (ARTICLE_TYPES as readonly string[]).includes(value ?? "");
}

export type ArticleStatus = "draft" | "published";

/** Limits every way in shares (the editor's schema, JSON, the seed). */
export const ARTICLE_LIMITS = {
  title: 160,
  summary: 600,
  body: 200_000,
  chapterTitle: 160,
  chapterBody: 200_000,
  chapters: 200,
  categoryTitle: 80,
  categoryDescription: 500,
  categories: 100,
  note: 2_000,
  notesPerArticle: 100,
  /** The cover as uploaded; it is stored re-encoded at ARTICLE_COVER's size. */
  coverBytes: 5 * 1024 * 1024,
} as const;

/** A cover's stored size (16:9), shown on the article and its cards. */
export const ARTICLE_COVER = { width: 1200, height: 675 } as const;

/** Reading speed for the reading time shown beside a title (words a minute). */
export const WORDS_PER_MINUTE = 200;

/** Articles per page on a category page and in the admin list. */
export const ARTICLE_PAGE_SIZE = 20;
