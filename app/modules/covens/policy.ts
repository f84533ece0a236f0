import type { Member } from "#app/modules/auth";

/*
 * Who may do what in a coven (docs/ARCHITECTURE.md "Policies"). Every covens loader and command
 * asks these functions; the interface reuses them for its flags.
 *
 * - Covens are premium (SPEC §2): a member without premium access is treated as outside every
 *   coven. Their membership rows stay, and access returns with premium; an owner keeps ownership
 *   but cannot act until then.
 * - Visibility: open (any premium member joins), request (leaders approve), invite (only with an
 *   invitation; hidden from everyone but its members and admins).
 * - Leaders are the owner and the moderators. Site admins may do everything, and only they
 *   archive a coven.
 */

export type CovenVisibility = "open" | "request" | "invite";
export type CovenRole = "owner" | "moderator" | "member";

/** What the rules need to know about a coven. */
export interface CovenRules {
  visibility: CovenVisibility;
  archived: boolean;
  memberCount: number;
  memberLimit: number;
}

/** The actor's row in the coven's member list, or null when they have none. */
export interface CovenMembership {
  role: CovenRole;
  banned: boolean;
}

export type CovenActor = Pick<Member, "id" | "isAdmin" | "isPremium"> | null;

function isActiveMember(actor: CovenActor, membership: CovenMembership | null): boolean {
  return Boolean(actor?.isPremium) && membership !== null && !membership.banned;
}

function isLeader(actor: CovenActor, membership: CovenMembership | null): boolean {
  return isActiveMember(actor, membership) && membership?.role !== "member";
}

/** The coven's one owner (held by a unique index): never removed, demoted or made owner again. */
export function isCovenOwner(membership: Pick<CovenMembership, "role"> | null): boolean {
  return membership?.role === "owner";
}

/** Starting a coven is a premium feature. */
export function canCreateCoven(actor: CovenActor): boolean {
  return Boolean(actor?.isPremium || actor?.isAdmin);
}

/** The covens pages are for premium members (and admins); everyone else gets the Premium gate. */
export function canUseCovens(actor: CovenActor): boolean {
  return canCreateCoven(actor);
}

/**
 * Whether the coven appears at all (list, card, about tab). An invite-only coven is hidden from
 * everyone but its members and admins, so a stranger meets a plain 404; an archived coven
 * likewise.
 */
export function canSeeCoven(
  actor: CovenActor,
  coven: CovenRules,
  membership: CovenMembership | null,
): boolean {
  if (actor?.isAdmin) return true;
  if (!canUseCovens(actor)) return false;
  if (membership?.banned) return coven.visibility !== "invite" && !coven.archived;
  if (coven.archived || coven.visibility === "invite") return membership !== null;
  return true;
}

/** The feed, events for members, the member list: active members and admins. */
export function canReadCovenFeed(
  actor: CovenActor,
  coven: CovenRules,
  membership: CovenMembership | null,
): boolean {
  return Boolean(actor?.isAdmin) || isActiveMember(actor, membership);
}

/** Posting, commenting and reacting in the feed; an archived coven is read-only. */
export function canPostInCoven(
  actor: CovenActor,
  coven: CovenRules,
  membership: CovenMembership | null,
): boolean {
  if (coven.archived) return false;
  return Boolean(actor?.isAdmin) || isActiveMember(actor, membership);
}

export type JoinRefusal =
  | "signIn"
  | "premiumRequired"
  | "alreadyMember"
  | "banned"
  | "archived"
  | "full"
  | "invitationRequired";

/**
 * Why the actor cannot join (or ask to join) now, or null when they can. For a request coven,
 * null means "may send a request"; with a valid invitation the invite-only and request rules
 * are waived (not a ban, the limit or an archive).
 */
export function joinRefusal(
  actor: CovenActor,
  coven: CovenRules,
  membership: CovenMembership | null,
  hasInvitation = false,
): JoinRefusal | null {
  if (!actor) return "signIn";
  if (!actor.isPremium) return "premiumRequired";
  if (membership?.banned) return "banned";
  if (membership) return "alreadyMember";
  if (coven.archived) return "archived";
  if (coven.memberCount >= coven.memberLimit) return "full";
  if (coven.visibility === "invite" && !hasInvitation) return "invitationRequired";
  return null;
}

/** Whether joining takes a leader's approval (a request coven without an invitation). */
export function joinNeedsApproval(coven: CovenRules, hasInvitation = false): boolean {
  return coven.visibility === "request" && !hasInvitation;
}

/**
 * Leaders' work: approving or declining requests, inviting, pinning posts, moderating the feed,
 * editing the coven.
 */
export function canLeadCoven(
  actor: CovenActor,
  coven: CovenRules,
  membership: CovenMembership | null,
): boolean {
  if (actor?.isAdmin) return true;
  return !coven.archived && isLeader(actor, membership);
}

/**
 * Removing or banning another member. The owner removes anyone else; a moderator removes plain
 * members only; an admin anyone but the owner (ownership is handed over first). Nobody removes
 * themselves this way: they leave.
 */
export function canRemoveCovenMember(
  actor: CovenActor,
  coven: CovenRules,
  membership: CovenMembership | null,
  target: { userId: string; role: CovenRole },
): boolean {
  if (!actor || target.userId === actor.id || target.role === "owner") return false;
  if (actor.isAdmin) return true;
  if (!canLeadCoven(actor, coven, membership)) return false;
  return membership?.role === "owner" || target.role === "member";
}

/** Making a member a moderator or back: the owner and admins. */
export function canChangeCovenRole(
  actor: CovenActor,
  coven: CovenRules,
  membership: CovenMembership | null,
): boolean {
  if (actor?.isAdmin) return true;
  return canLeadCoven(actor, coven, membership) && membership?.role === "owner";
}

/** The role the leaders' one role button gives a member: moderator, or back to member. */
export function nextCovenRole(role: CovenRole): "moderator" | "member" {
  return role === "moderator" ? "member" : "moderator";
}

/** Handing ownership to another active member: the owner (with premium) and admins. */
export const canTransferCovenOwnership = canChangeCovenRole;

/** The owner hands ownership over before leaving; everyone else may leave at any time. */
export function canLeaveCoven(membership: CovenMembership | null): boolean {
  return membership !== null && !membership.banned && membership.role !== "owner";
}

/** Archiving (and restoring) a coven is a site admin's decision. */
export function canArchiveCoven(actor: CovenActor): boolean {
  return Boolean(actor?.isAdmin);
}

/** A member limit leaders may set: at least the current members, at most the site's default. */
export const COVEN_MEMBER_LIMIT = { default: 50, min: 2 } as const;

export function memberLimitProblem(
  limit: number,
  memberCount: number,
): "range" | "belowMembers" | null {
  if (
    !Number.isInteger(limit) ||
    limit < COVEN_MEMBER_LIMIT.min ||
    limit > COVEN_MEMBER_LIMIT.default
  ) {
    return "range";
  }
  return limit < memberCount ? "belowMembers" : null;
}
