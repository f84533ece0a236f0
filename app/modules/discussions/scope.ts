import { eq, type SQL } from "drizzle-orm";
import type { CategoryRules } from "./policy";
import { posts, PUBLIC_POST } from "./schema";

/*
 * Which posts a call of the thread engine reaches (decisions 037, 049): the public discussions,
 * one coven's feed, or one video's comments. The coven's (or the video's) policy is asked before
 * the engine runs with its scope, so inside the engine such a post has the rules of an open,
 * writable category: its readers are the coven's members and admins (or the video's viewers),
 * and they may comment (an archived coven or a hidden video refuses before this).
 */

export type PostScope = {
  covenId: string | null;
  /**
   * A video's comments (decision 049): the post that holds them. The video's own rules (published
   * and active, or the uploader's and admins') were asked before, as a coven's are.
   */
  videoId?: string | null;
  /**
   * The viewer leads the coven (covens policy `canLeadCoven`, asked by the coven's routes): they
   * remove any post or comment of its feed, and each removal of another member's is audited.
   */
  moderates?: boolean;
};

export const PUBLIC_SCOPE: PostScope = { covenId: null };

/** The public discussions: neither a coven's feed nor a video's comments. */
export function isPublicScope(scope: PostScope): boolean {
  return scope.covenId === null && !scope.videoId;
}

/** The posts the scope allows, as a condition on `posts`. */
export function inScope(scope: PostScope): SQL {
  if (scope.videoId) return eq(posts.videoId, scope.videoId);
  return scope.covenId === null ? PUBLIC_POST : eq(posts.covenId, scope.covenId);
}

const COVEN_POST_RULES: CategoryRules = {
  isActive: true,
  isReadOnly: false,
  subscriptionTierRequired: null,
};

/**
 * The category rules a post in this scope is read with: its category's (a public post always has
 * one; without it the post is not there), or the open rules of a coven post, whose category is ''.
 */
export function rulesInScope<C extends CategoryRules>(
  scope: PostScope,
  category: C | null,
): CategoryRules | null {
  return isPublicScope(scope) ? category : COVEN_POST_RULES;
}
