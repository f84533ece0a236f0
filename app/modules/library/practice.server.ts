import { and, asc, desc, eq, gte } from "drizzle-orm";
import { wallTimeOf } from "#app/modules/calendar";
import { db } from "#app/db/client.server";
import type { LibraryActor } from "./policy";
import { liveArticle } from "./queries.server";
import { LibraryRefusedError, readableArticle } from "./reading.server";
import { articleCategories, articles, practiceSessions } from "./schema";
import { SESSION_TYPES, previousDay, streakOf, totalMinutes } from "./practice";
import type { ArticleType } from "./types";

/*
 * Attunement practice (issue 13 §2, SPEC's "5 minutes a day"): a member follows a practice's
 * steps and marks the session done; one row per practice per day of the member's time zone, and
 * the streak is the run of days with at least one.
 */

/** The calendar day (YYYY-MM-DD) `instant` falls on in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): string {
  const wall = wallTimeOf(instant, timeZone);
  return `${wall.year}-${String(wall.month).padStart(2, "0")}-${String(wall.day).padStart(2, "0")}`;
}

/**
 * Records today's session of a practice the member may read whole. Marking it again the same day
 * changes nothing (`created` false).
 */
export async function markSessionDone(
  actor: LibraryActor,
  articleId: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<{ created: boolean; day: string }> {
  const article = await readableArticle(actor, articleId, now);
  if (!(SESSION_TYPES as readonly string[]).includes(article.type))
    throw new LibraryRefusedError("notPractice");
  const [row] = await db()
    .select({ steps: articles.steps })
    .from(articles)
    .where(eq(articles.id, articleId));
  const day = dayIn(now, timeZone);
  const created = await db()
    .insert(practiceSessions)
    .values({
      userId: actor!.id,
      articleId,
      day,
      minutes: totalMinutes(row?.steps ?? []),
      completedAt: now,
    })
    .onConflictDoNothing()
    .returning({ day: practiceSessions.day });
  return { created: created.length > 0, day };
}

/** How far back the streak and history look (a longer streak shows as this many days and more). */
const HISTORY_DAYS = 400;

export interface PracticeSummary {
  streak: number;
  today: string;
  /** Days practised within the last fortnight, for the history strip. */
  recentDays: string[];
  /** Practices done today (their ids), to mark them on the lists. */
  doneToday: string[];
  sessions: Array<{ articleId: string; title: string; day: string; minutes: number }>;
  totalSessions: number;
}

/** The member's streak and recent history, in their time zone. */
export async function practiceSummary(
  userId: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<PracticeSummary> {
  const today = dayIn(now, timeZone);
  let since = today;
  for (let i = 0; i < HISTORY_DAYS; i++) since = previousDay(since);
  const rows = await db()
    .select({
      articleId: practiceSessions.articleId,
      day: practiceSessions.day,
      minutes: practiceSessions.minutes,
      title: articles.title,
    })
    .from(practiceSessions)
    .innerJoin(articles, eq(articles.id, practiceSessions.articleId))
    .where(and(eq(practiceSessions.userId, userId), gte(practiceSessions.day, since)))
    .orderBy(desc(practiceSessions.day), desc(practiceSessions.completedAt));
  // "Sessions in the last year": the streak looks further back, the count does not.
  let yearAgo = today;
  for (let i = 0; i < 365; i++) yearAgo = previousDay(yearAgo);
  let fortnight = today;
  for (let i = 0; i < 13; i++) fortnight = previousDay(fortnight);
  const days = [...new Set(rows.map((r) => r.day))];
  return {
    streak: streakOf(days, today),
    today,
    recentDays: days.filter((d) => d >= fortnight),
    doneToday: rows.filter((r) => r.day === today).map((r) => r.articleId),
    sessions: rows.slice(0, 10),
    totalSessions: rows.filter((r) => r.day > yearAgo).length,
  };
}

export interface PracticeCard {
  id: string;
  type: ArticleType;
  slug: string;
  title: string;
  summary: string;
  coverUrl: string | null;
  isPremium: boolean;
  minutes: number;
  stepCount: number;
}

/**
 * A keyed category's live practices in the editor's order of publication (oldest first: a path
 * is read from its first practice), with their length; null when the category does not exist.
 */
export async function practicesOf(
  type: ArticleType,
  key: string,
  now: Date = new Date(),
): Promise<{
  category: { id: string; title: string; description: string };
  practices: PracticeCard[];
} | null> {
  const [category] = await db()
    .select({
      id: articleCategories.id,
      title: articleCategories.title,
      description: articleCategories.description,
    })
    .from(articleCategories)
    .where(and(eq(articleCategories.type, type), eq(articleCategories.key, key)))
    .limit(1);
  if (!category) return null;
  const rows = await db()
    .select({
      id: articles.id,
      type: articles.type,
      slug: articles.slug,
      title: articles.title,
      summary: articles.summary,
      coverUrl: articles.coverUrl,
      isPremium: articles.isPremium,
      steps: articles.steps,
    })
    .from(articles)
    .where(and(eq(articles.categoryId, category.id), liveArticle(now)))
    .orderBy(asc(articles.publishedAt), asc(articles.id))
    .limit(100);
  return {
    category,
    practices: rows.map(({ steps, ...card }) => ({
      ...card,
      minutes: totalMinutes(steps),
      stepCount: steps.length,
    })),
  };
}
