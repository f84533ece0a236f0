import type { Member } from "#app/modules/auth";
import type { ArticleStatus } from "./types";

/*
 * Who may read what in the practice library (docs/ARCHITECTURE.md "Practice library").
 *
 * - A published article whose publish time has come is listed for everyone; drafts and articles
 *   scheduled for later exist only for admins (404 to anyone else).
 * - A free article is read whole by everyone (reading members-only still applies site-wide).
 * - A premium article shows its summary and free excerpt (the text before its second section,
 *   or its first chapter's) to everyone — good for search engines and for conversion — and the
 *   rest only to premium members and admins; others meet the Premium gate (403).
 * - Progress, bookmarks and notes belong to their member: nobody else reads them, admins neither.
 */

export type LibraryActor = Pick<Member, "id" | "isAdmin" | "isPremium"> | null;

export interface ArticleRules {
  status: ArticleStatus;
  publishAt: Date | null;
  isPremium: boolean;
}

export function isLive(article: ArticleRules, now: Date): boolean {
  return (
    article.status === "published" &&
    (article.publishAt === null || article.publishAt.getTime() <= now.getTime())
  );
}

export function canSeeArticle(actor: LibraryActor, article: ArticleRules, now: Date): boolean {
  return isLive(article, now) || Boolean(actor?.isAdmin);
}

/** Whether the whole text (every chapter) may be sent to this viewer. */
export function canReadWhole(actor: LibraryActor, article: ArticleRules, now: Date): boolean {
  if (!canSeeArticle(actor, article, now)) return false;
  if (!article.isPremium) return true;
  return Boolean(actor?.isAdmin || actor?.isPremium);
}

/** Progress, bookmarks and notes need a signed-in member who may read the article whole. */
export function canKeepReading(actor: LibraryActor, article: ArticleRules, now: Date): boolean {
  return actor !== null && canReadWhole(actor, article, now);
}

export function canManageLibrary(actor: LibraryActor): boolean {
  return Boolean(actor?.isAdmin);
}
