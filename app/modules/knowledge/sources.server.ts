import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { pages } from "#app/modules/pages/schema";
import { categories, posts, PUBLIC_POST } from "#app/modules/discussions/schema";
import { articleChapters, articles } from "#app/modules/library/schema";
import { courses, lessons } from "#app/modules/academy/schema";
import { chatFaq } from "#app/modules/guide/schema";
import { chunkMarkdown } from "./chunk";
import { eventSource } from "./event-source.server";
import { videoSource } from "./video-source.server";
import type { KnowledgeAccess } from "./schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A passage ready for the index. */
export interface SourceChunk {
  url: string;
  heading: string;
  body: string;
  access: KnowledgeAccess;
}

/** One document of a source, cut into passages. */
export interface SourceDocument {
  id: string;
  title: string;
  language: string | null;
  updatedAt: Date;
  chunks: SourceChunk[];
}

/**
 * A source adapter: what the index holds of one kind of content. `list` gives every document that
 * should be in the index now with its last change (what the refresh compares); `load` gives one
 * document's passages, or null when it should not be indexed (a draft, a pending post, a deleted
 * page). A new source is one adapter and one line in SOURCES.
 */
export interface KnowledgeSource {
  kind: string;
  list(tx: Db, now: Date): Promise<Array<{ id: string; updatedAt: Date }>>;
  load(tx: Db, id: string, now: Date): Promise<SourceDocument | null>;
}

/** The informational pages (help center, guidelines, FAQ, about …) and the landing pages. */
const PAGE_PATHS: Record<string, string> = {
  about: "/about",
  privacy: "/privacy",
  terms: "/terms",
  refunds: "/refunds",
  help: "/help",
  "help-guidelines": "/help/guidelines",
  faq: "/faq",
};

function pagePath(slug: string, kind: string): string | null {
  return PAGE_PATHS[slug] ?? (kind === "landing" ? `/${slug}` : null);
}

const pageSource: KnowledgeSource = {
  kind: "page",
  async list(tx) {
    const rows = await tx
      .select({ id: pages.slug, kind: pages.kind, updatedAt: pages.updatedAt })
      .from(pages);
    return rows.filter((r) => pagePath(r.id, r.kind) !== null);
  },
  async load(tx, id) {
    const [row] = await tx.select().from(pages).where(eq(pages.slug, id)).limit(1);
    const path = row ? pagePath(row.slug, row.kind) : null;
    if (!row || !path) return null;
    return {
      id,
      title: row.title,
      language: null,
      updatedAt: row.updatedAt,
      chunks: chunkMarkdown(row.body).map((c) => ({
        url: path,
        heading: c.heading,
        body: c.text,
        access: "public" as const,
      })),
    };
  },
};

/**
 * Discussions: published posts of active categories (not coven feeds, not video comments). A
 * category that requires a tier makes its posts premium. Pending, rejected and held text never.
 */
const postCondition = and(
  eq(posts.status, "published"),
  PUBLIC_POST,
  eq(categories.isActive, true),
);

const postSource: KnowledgeSource = {
  kind: "post",
  async list(tx) {
    return tx
      .select({ id: posts.id, updatedAt: posts.updatedAt })
      .from(posts)
      .innerJoin(categories, eq(categories.slug, posts.category))
      .where(postCondition);
  },
  async load(tx, id) {
    if (!UUID.test(id)) return null;
    const [row] = await tx
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        content: posts.content,
        updatedAt: posts.updatedAt,
        tier: categories.subscriptionTierRequired,
      })
      .from(posts)
      .innerJoin(categories, eq(categories.slug, posts.category))
      .where(and(eq(posts.id, id), postCondition))
      .limit(1);
    if (!row) return null;
    const access: KnowledgeAccess = row.tier ? "premium" : "public";
    return {
      id,
      title: row.title,
      language: null,
      updatedAt: row.updatedAt,
      chunks: chunkMarkdown(row.content).map((c) => ({
        url: `/discussions/${row.slug}`,
        heading: c.heading,
        body: c.text,
        access,
      })),
    };
  },
};

/**
 * Library articles that are live (published, publish time reached; drafts and scheduled ones
 * never): a free article whole as public; a premium one's summary and free excerpt as public and
 * its body as premium. Sections link to the article page's heading anchors (`#s-N`).
 */
function liveArticle(now: Date) {
  return and(
    eq(articles.status, "published"),
    or(isNull(articles.publishAt), lte(articles.publishAt, now)),
  );
}

const articleSource: KnowledgeSource = {
  kind: "article",
  async list(tx, now) {
    return tx
      .select({ id: articles.id, updatedAt: articles.updatedAt })
      .from(articles)
      .where(liveArticle(now));
  },
  async load(tx, id, now) {
    if (!UUID.test(id)) return null;
    const [row] = await tx
      .select({
        id: articles.id,
        type: articles.type,
        title: articles.title,
        summary: articles.summary,
        body: articles.body,
        publicText: articles.publicText,
        isPremium: articles.isPremium,
        updatedAt: articles.updatedAt,
      })
      .from(articles)
      .where(and(eq(articles.id, id), liveArticle(now)))
      .limit(1);
    if (!row) return null;
    const base = `/article/${row.type}/${row.id}`;
    const chunks: SourceChunk[] = [];
    if (row.summary.trim() !== "")
      chunks.push({ url: base, heading: "", body: row.summary.trim(), access: "public" });
    if (row.isPremium) {
      if (row.publicText.trim() !== "")
        chunks.push({ url: base, heading: "", body: row.publicText.trim(), access: "public" });
    }
    const access: KnowledgeAccess = row.isPremium ? "premium" : "public";
    const bodyChunks = chunkMarkdown(row.body);
    for (const c of bodyChunks)
      chunks.push({
        url: c.section > 0 ? `${base}#s-${c.section}` : base,
        heading: c.heading,
        body: c.text,
        access,
      });
    // Chapters: the first shares the page with the body (its anchors follow the body's).
    const chapters = await tx
      .select({ id: articleChapters.id, title: articleChapters.title, body: articleChapters.body })
      .from(articleChapters)
      .where(eq(articleChapters.articleId, row.id))
      .orderBy(asc(articleChapters.position));
    const bodySections = bodyChunks.reduce((n, c) => Math.max(n, c.section), 0);
    chapters.forEach((chapter, index) => {
      const page = index === 0 ? base : `${base}?chapter=${chapter.id}`;
      const offset = index === 0 ? bodySections : 0;
      for (const c of chunkMarkdown(chapter.body))
        chunks.push({
          url: c.section > 0 ? `${page}#s-${c.section + offset}` : page,
          heading: c.heading ? `${chapter.title}: ${c.heading}` : chapter.title,
          body: c.text,
          access,
        });
    });
    return { id, title: row.title, language: null, updatedAt: row.updatedAt, chunks };
  },
};

/**
 * Academy lessons of published courses. A lesson is read by enrolled members and any signed-in
 * member may enroll in a free course, so its text is `members`; a premium course's is `premium`.
 * The course's own page is open, but its lessons never are to guests.
 */
const lessonSource: KnowledgeSource = {
  kind: "lesson",
  async list(tx) {
    const rows = await tx
      .select({ id: lessons.id, updatedAt: lessons.updatedAt, courseAt: courses.updatedAt })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(eq(courses.status, "published"));
    // A course turned premium (or back) changes its lessons' access: the later change counts.
    return rows.map((r) => ({
      id: r.id,
      updatedAt: r.courseAt > r.updatedAt ? r.courseAt : r.updatedAt,
    }));
  },
  async load(tx, id) {
    if (!UUID.test(id)) return null;
    const [row] = await tx
      .select({
        title: lessons.title,
        slug: lessons.slug,
        body: lessons.body,
        updatedAt: lessons.updatedAt,
        courseAt: courses.updatedAt,
        courseSlug: courses.slug,
        courseTitle: courses.title,
        isPremium: courses.isPremium,
      })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(and(eq(lessons.id, id), eq(courses.status, "published")))
      .limit(1);
    if (!row) return null;
    const url = `/academy/${row.courseSlug}/lessons/${row.slug}`;
    const access: KnowledgeAccess = row.isPremium ? "premium" : "members";
    return {
      id,
      title: `${row.courseTitle}: ${row.title}`,
      language: null,
      updatedAt: row.courseAt > row.updatedAt ? row.courseAt : row.updatedAt,
      chunks: chunkMarkdown(row.body).map((c) => ({
        url,
        heading: c.heading,
        body: c.text,
        access,
      })),
    };
  },
};

/**
 * The FAQ entries admins approved on /admin/chat-learning (decision 062): the question as the
 * title, the answer as the text, at /faq/{slug}. Retrieval ranks them above other passages.
 */
const faqSource: KnowledgeSource = {
  kind: "faq",
  async list(tx) {
    return tx
      .select({ id: chatFaq.id, updatedAt: chatFaq.updatedAt })
      .from(chatFaq)
      .where(eq(chatFaq.status, "approved"));
  },
  async load(tx, id) {
    if (!UUID.test(id)) return null;
    const [row] = await tx
      .select()
      .from(chatFaq)
      .where(and(eq(chatFaq.id, id), eq(chatFaq.status, "approved")))
      .limit(1);
    if (!row?.slug) return null;
    const url = `/faq/${row.slug}`;
    return {
      id,
      title: row.question,
      language: null,
      updatedAt: row.updatedAt,
      chunks: chunkMarkdown(row.answer).map((c) => ({
        url,
        heading: c.heading,
        body: c.text,
        access: "public" as const,
      })),
    };
  },
};

/** The registry: every source the index holds, in the order a rebuild walks them. */
export const SOURCES: readonly KnowledgeSource[] = [
  faqSource,
  pageSource,
  postSource,
  articleSource,
  lessonSource,
  videoSource,
  eventSource,
];

export function sourceOf(kind: string): KnowledgeSource | undefined {
  return SOURCES.find((s) => s.kind === kind);
}
