import type { Tier } from "#app/modules/memberships";
import type { Role } from "#app/modules/profiles";

/*
 * Who is acting, as every module's rules see them (docs/ARCHITECTURE.md "Policies"). Built once
 * per request from the viewer (`actorOf` in viewer.server.ts); the `can…` functions of each
 * module's policy.ts take it. This file and viewer.server.ts are the only places that look at a
 * role: everywhere else asks a policy function (lint enforces it).
 */

/** The roles that administer the site; a super admin also manages the other admins. */
export const ADMIN_ROLES: readonly Role[] = ["admin", "super_admin"];

export function isAdminRole(role: Role | null | undefined): boolean {
  return role != null && ADMIN_ROLES.includes(role);
}

export function isSuperAdminRole(role: Role | null | undefined): boolean {
  return role === "super_admin";
}

/** A signed-in member as the rules see them. There is no banned or suspended state (yet). */
export interface Member {
  id: string;
  role: Role | null;
  tier: Tier;
  /** An admin role (`isAdminRole`). */
  isAdmin: boolean;
  /** Premium access (memberships `hasPremiumAccess`): a paid tier, a subscription, or an admin. */
  isPremium: boolean;
}

/** The actor of a request: a member, or null for a guest. */
export type Actor = Member | null;

/** Only admins reach the admin screens and act on other members' content as moderators. */
export function canAdminister(actor: Actor): boolean {
  return Boolean(actor?.isAdmin);
}

/**
 * A command refused by a policy function (`can…` was false). Routes answer it with a 403 and
 * the translated "errors.unauthorized", so a forbidden action fails on the server, not only in
 * the interface that hides its button.
 */
export class NotAllowedError extends Error {
  constructor(readonly action: string) {
    super(`not allowed: ${action}`);
  }
}
