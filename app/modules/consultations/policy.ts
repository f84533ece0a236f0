import type { Actor } from "#app/modules/auth";

/*
 * Who may book a consultation (SPEC §1: "premium coven members and customers only"): decided on
 * the server from the actor and two facts the server reads (consultations.server.ts
 * `eligibilityFacts`), and shown to the viewer as the reason when the answer is no.
 */

/** What the server knows about a member beyond the actor. */
export interface EligibilityFacts {
  /** Belongs to a coven that is not archived, and is not banned from it. */
  inCoven: boolean;
  /** Has a completed (paid, not refunded) payment. */
  customer: boolean;
}

/** `eligible`, or why not: a guest signs in, a free member upgrades, a premium member joins a coven. */
export type Eligibility = "eligible" | "guest" | "free" | "noCoven";

export function consultationEligibility(actor: Actor, facts: EligibilityFacts): Eligibility {
  if (!actor) return "guest";
  if (actor.isAdmin || facts.customer) return "eligible";
  if (!actor.isPremium) return "free";
  return facts.inCoven ? "eligible" : "noCoven";
}

/** Admins publish availability and discard bookings. */
export function canManageConsultations(actor: Actor): boolean {
  return Boolean(actor?.isAdmin);
}

/** The member's own cancellation: only more than this long before the start. */
export const CANCEL_NOTICE_HOURS = 24;

export function canCancelConsultation(
  booking: { status: string; startsAt: Date },
  at: Date,
): boolean {
  return (
    booking.status === "booked" &&
    booking.startsAt.getTime() - at.getTime() > CANCEL_NOTICE_HOURS * 3_600_000
  );
}

/** The UTC calendar month a consultation counts for: its start's, "2026-12". */
export function consultationMonth(startsAt: Date): string {
  return startsAt.toISOString().slice(0, 7);
}

export const CONSULTATION_LIMITS = {
  reason: 500,
  /** How many slots one "repeat" creates at most. */
  repeatWeeks: 12,
  durations: [30, 45, 60, 90] as const,
};
