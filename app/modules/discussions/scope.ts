import { eq, type SQL } from "drizzle-orm";
import type { CategoryRules } from "./policy";
import { posts, PUBLIC_POST } from "./schema";

/*
 * Which posts a call of the thread engine reaches (decision 037): the public discussions, or one
 * coven's feed. The coven policy is asked before the engine runs with a coven's scope, so inside
 * the engine a coven post has the rules of an open, writable category: its readers are the
 * coven's members and admins, and they may comment (an archived coven refuses before this).
 */

export type PostScope = {
  covenId: string | null;
  /**
   * The viewer leads the coven (covens policy `canLeadCoven`, asked by the coven's routes): they
   * remove any post or comment of its feed, and each removal of another member's is audited.
   */
  moderates?: boolean;
};

export const PUBLIC_SCOPE: PostScope = { covenId: null };

/** The posts the scope allows, as a condition on `posts`. */
export function inScope(scope: PostScope): SQL {
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
  return scope.covenId === null ? category : COVEN_POST_RULES;
}
