/** What the rules need to know about a category. */
export interface CategoryRules {
  isActive: boolean;
  subscriptionTierRequired: string | null;
  isReadOnly: boolean;
}

import type { Member } from "#app/modules/auth";

/**
 * What the rules need to know about the actor (auth/policy.ts; null for a guest). The
 * discussions commands take this part of the member, so tests and callers need not build a role.
 */
export type ViewerRules = Pick<Member, "id" | "isAdmin" | "isPremium">;

export type PostRefusal = "signIn" | "premiumRequired" | "readOnly" | "inactive";

/** A category requiring any paid tier is premium: every paid tier carries premium access. */
export function isPremiumCategory(category: CategoryRules): boolean {
  const tier = category.subscriptionTierRequired;
  return Boolean(tier) && tier !== "free";
}

/** Everyone reads active categories (SPEC §6: free members read premium ones); admins read all. */
export function canReadCategory(category: CategoryRules, viewer: ViewerRules | null): boolean {
  return category.isActive || Boolean(viewer?.isAdmin);
}

/**
 * SPEC §6: guests may not post; premium categories take posts from premium members only
 * ('Read-only • Full membership required for posting'; SPEC calls them premium); read-only categories from admins only.
 * Returns null when allowed, else why not.
 */
export function postRefusal(
  category: CategoryRules,
  viewer: ViewerRules | null,
): PostRefusal | null {
  if (!viewer) return "signIn";
  if (viewer.isAdmin) return null;
  if (!category.isActive) return "inactive";
  if (category.isReadOnly) return "readOnly";
  if (isPremiumCategory(category) && !viewer.isPremium) return "premiumRequired";
  return null;
}

/** Comments follow the same rules as posts in the post's category. */
export const commentRefusal = postRefusal;

/**
 * Why a thread's comment box is not offered. A discussion takes comments once it is published;
 * before that only its author and admins see it, and each is told what happens next: the author
 * that it waits for a moderator (and that they will be notified), an admin that it waits for
 * review. A rejected discussion takes none.
 */
export type ThreadCommentRefusal = PostRefusal | "awaitingReview" | "inReview" | "notApproved";

export function threadCommentRefusal(
  post: { status: string; authorId: string },
  category: CategoryRules,
  viewer: ViewerRules | null,
): ThreadCommentRefusal | null {
  if (post.status === "published") return commentRefusal(category, viewer);
  if (post.status === "rejected") return "notApproved";
  return viewer?.id === post.authorId ? "awaitingReview" : "inReview";
}

/** Authors edit and delete their own posts and comments; admins any. */
export function canModify(authorId: string, viewer: ViewerRules | null): boolean {
  return Boolean(viewer && (viewer.isAdmin || viewer.id === authorId));
}

/**
 * Removing (deleting) a post or comment: whoever may modify it, and in a coven's feed its leaders
 * (`PostScope.moderates`, decided by the covens policy), whoever wrote it.
 */
export function canRemove(
  authorId: string,
  viewer: ViewerRules | null,
  scope: { covenId: string | null; moderates?: boolean },
): boolean {
  if (canModify(authorId, viewer)) return true;
  return Boolean(viewer && scope.covenId !== null && scope.moderates);
}

/** Admins moderate, so they see comments in every state (pending, rejected), not only published ones. */
export function canSeeEveryComment(viewer: ViewerRules | null): boolean {
  return Boolean(viewer?.isAdmin);
}

/** Only the discussion's author marks (and unmarks) a comment as its answer; admins do not. */
export function canAcceptAnswer(viewer: ViewerRules | null, post: { authorId: string }): boolean {
  return viewer !== null && viewer.id === post.authorId;
}

/** Admins pin a discussion to the top of its lists (and unpin it). */
export function canFeature(viewer: ViewerRules | null): boolean {
  return Boolean(viewer?.isAdmin);
}

/** Members report published content of others (not their own, and guests not at all). */
export function canReport(
  viewer: ViewerRules | null,
  content: { authorId: string; status: string },
): boolean {
  return viewer !== null && viewer.id !== content.authorId && content.status === "published";
}

/** New free members' contributions wait for a moderator until they have this many approved ones. */
export const TRUSTED_AFTER_APPROVED = 3;

/**
 * Pre-moderation catches drive-by spam: it applies to free members until three of their
 * contributions were approved. Admins and paying members (who have a billing identity) are trusted.
 */
export function needsModeration(viewer: ViewerRules, approvedContributions: number): boolean {
  return !viewer.isAdmin && !viewer.isPremium && approvedContributions < TRUSTED_AFTER_APPROVED;
}

/**
 * An edit of published content by a member still under pre-moderation is held for review, as a
 * new post would be: otherwise one approved harmless text could be turned into anything. The
 * approved version stays visible meanwhile (decision 018). Content not yet reviewed is simply
 * updated (it is in the queue anyway), and trusted members' edits apply at once.
 */
export function editIsHeld(
  viewer: ViewerRules,
  contentStatus: string,
  approvedContributions: number,
): boolean {
  return contentStatus === "published" && needsModeration(viewer, approvedContributions);
}
