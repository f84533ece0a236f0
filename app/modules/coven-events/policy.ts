import type { Member } from "#app/modules/auth";
import { canLeadCoven, type CovenMembership, type CovenRules } from "#app/modules/covens";

/*
 * Who may do what with an event (docs/ARCHITECTURE.md "Policies", issue 11 §2). Pure: the
 * commands and loaders pass what they read, and the interface reuses the answers.
 *
 * - Visibility: public (everyone, guests too), premium (members with premium access), coven
 *   (that coven's active members: premium, not banned). Admins see every event.
 * - Hosts: a coven's leaders for its events (with premium, as for every coven act), the admins
 *   for site-wide events; admins may manage every event.
 * - The online link is for members going and for hosts; everyone else sees that there is one.
 */

export type EventVisibility = "public" | "premium" | "coven";
export type RsvpStatus = "going" | "maybe" | "not_going" | "waitlisted";
/** What a member may answer; "waitlisted" is where "going" lands when the seats are taken. */
export type RsvpAnswer = Exclude<RsvpStatus, "waitlisted">;

export type EventActor = Pick<Member, "id" | "isAdmin" | "isPremium"> | null;

/** What the rules need to know about an event and its host. */
export interface EventRules {
  visibility: EventVisibility;
  cancelled: boolean;
  /** The hosting coven's rules, null for a site-wide event. */
  coven: CovenRules | null;
}

function isActiveCovenMember(actor: EventActor, membership: CovenMembership | null): boolean {
  return Boolean(actor?.isPremium) && membership !== null && !membership.banned;
}

export function canSeeEvent(
  actor: EventActor,
  event: EventRules,
  membership: CovenMembership | null,
): boolean {
  if (actor?.isAdmin) return true;
  if (event.coven?.archived) return false;
  switch (event.visibility) {
    case "public":
      return true;
    case "premium":
      return Boolean(actor?.isPremium);
    case "coven":
      return event.coven !== null && isActiveCovenMember(actor, membership);
  }
}

/** Creating an event: a coven's leaders for their coven, the admins for site-wide ones. */
export function canHostEvent(
  actor: EventActor,
  coven: CovenRules | null,
  membership: CovenMembership | null,
): boolean {
  if (!actor) return false;
  if (coven === null) return actor.isAdmin;
  return canLeadCoven(actor, coven, membership);
}

/** Editing, moving, cancelling, messaging attendees and the attendee export: the hosts. */
export function canManageEvent(
  actor: EventActor,
  event: EventRules,
  membership: CovenMembership | null,
): boolean {
  return canHostEvent(actor, event.coven, membership);
}

/** Answering going / maybe / not going: a signed-in member who sees a live event. */
export function canRsvp(
  actor: EventActor,
  event: EventRules,
  membership: CovenMembership | null,
): boolean {
  return actor !== null && !event.cancelled && canSeeEvent(actor, event, membership);
}

/** The online link: members going to the occurrence, and hosts. */
export function canSeeOnlineLink(
  actor: EventActor,
  event: EventRules,
  membership: CovenMembership | null,
  rsvp: RsvpStatus | null,
): boolean {
  if (!canSeeEvent(actor, event, membership)) return false;
  return rsvp === "going" || canManageEvent(actor, event, membership);
}

/** Visibilities an event of this host may have: "coven" needs a coven. */
export function visibilityProblem(
  visibility: EventVisibility,
  hasCoven: boolean,
): "visibility" | null {
  return visibility === "coven" && !hasCoven ? "visibility" : null;
}

/**
 * A member's calendar settings (the personal feed's secret, reminders): the account's owner
 * alone, admins included — a feed address shows what that member is going to.
 */
export function canUseEventCalendar(actor: EventActor, ownerId: string): boolean {
  return actor !== null && actor.id === ownerId;
}
