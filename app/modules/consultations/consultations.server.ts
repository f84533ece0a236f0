import { and, asc, desc, eq, gt, gte, isNull, lte, ne, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { isUniqueViolation } from "#app/db/errors.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import { publicUrl } from "#app/lib/config.server";
import type { Page } from "#app/lib/pagination";
import { recordAudit } from "#app/modules/audit/index.server";
import { NotAllowedError, type Actor } from "#app/modules/auth";
import { user } from "#app/modules/auth/schema";
import { covenMembers, covens } from "#app/modules/covens/schema";
import { emitEvent, type BillingContact } from "#app/modules/events/index.server";
import { payments } from "#app/modules/payments/schema";
import { profiles } from "#app/modules/profiles/schema";
import { getAllSettings } from "#app/modules/settings/index.server";
import { now } from "./clock";
import {
  canCancelConsultation,
  canManageConsultations,
  consultationEligibility,
  consultationMonth,
  type Eligibility,
  type EligibilityFacts,
} from "./policy";
import { consultationSlots, consultations, type ConsultationStatus } from "./schema";
import type { ConsultationFilter } from "./validation";

/** How far ahead the member's picker offers slots. */
const OFFER_DAYS = 60;

/** Why a command did not do what was asked; routes answer it with a translated message. */
export type ConsultationRefusal =
  "notEligible" | "slotGone" | "slotTaken" | "monthUsed" | "notFound" | "tooLate" | "notBooked";

export class ConsultationRefusedError extends Error {
  constructor(readonly reason: ConsultationRefusal) {
    super(`consultation refused: ${reason}`);
  }
}

type Handle = Pick<Db, "select">;

/** Whether the member belongs to a live coven and whether they ever completed a payment. */
export async function eligibilityFacts(
  userId: string,
  handle: Handle = db(),
): Promise<EligibilityFacts> {
  const [coven] = await handle
    .select({ id: covenMembers.covenId })
    .from(covenMembers)
    .innerJoin(covens, eq(covens.id, covenMembers.covenId))
    .where(
      and(
        eq(covenMembers.userId, userId),
        isNull(covenMembers.bannedAt),
        isNull(covens.archivedAt),
      ),
    )
    .limit(1);
  const [paid] = await handle
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, "paid")))
    .limit(1);
  return { inCoven: Boolean(coven), customer: Boolean(paid) };
}

/** The viewer's answer: eligible, or why not. */
export async function consultationAccess(actor: Actor): Promise<Eligibility> {
  if (!actor) return "guest";
  return consultationEligibility(actor, await eligibilityFacts(actor.id));
}

export interface OpenSlot {
  id: string;
  startsAt: Date;
  durationMinutes: number;
}

/** Published slots of the next 60 days that nobody holds, earliest first. */
export async function openSlots(at: Date = now()): Promise<OpenSlot[]> {
  const until = new Date(at.getTime() + OFFER_DAYS * 86_400_000);
  return db()
    .select({
      id: consultationSlots.id,
      startsAt: consultationSlots.startsAt,
      durationMinutes: consultationSlots.durationMinutes,
    })
    .from(consultationSlots)
    .where(
      and(
        eq(consultationSlots.published, true),
        gt(consultationSlots.startsAt, at),
        lte(consultationSlots.startsAt, until),
        sql`not exists (select 1 from ${consultations} where ${consultations.slotId} = ${consultationSlots.id} and ${consultations.status} = 'booked')`,
      ),
    )
    .orderBy(asc(consultationSlots.startsAt))
    .limit(200);
}

export interface MyConsultation {
  id: string;
  startsAt: Date;
  durationMinutes: number;
  month: string;
  status: ConsultationStatus;
  discardReason: string | null;
  upcoming: boolean;
  canCancel: boolean;
}

/** The member's consultations, newest slot first (at most 24: two years of months). */
export async function myConsultations(userId: string, at: Date = now()): Promise<MyConsultation[]> {
  const rows = await db()
    .select({
      id: consultations.id,
      startsAt: consultationSlots.startsAt,
      durationMinutes: consultationSlots.durationMinutes,
      month: consultations.month,
      status: consultations.status,
      discardReason: consultations.discardReason,
    })
    .from(consultations)
    .innerJoin(consultationSlots, eq(consultationSlots.id, consultations.slotId))
    .where(eq(consultations.userId, userId))
    .orderBy(desc(consultationSlots.startsAt), desc(consultations.createdAt))
    .limit(24);
  return rows.map((row) => ({
    ...row,
    upcoming: row.status === "booked" && row.startsAt.getTime() > at.getTime(),
    canCancel: canCancelConsultation(row, at),
  }));
}

async function contactOf(tx: Db, userId: string): Promise<BillingContact | null> {
  const [member] = await tx
    .select({ email: user.email, name: profiles.displayName, language: profiles.language })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return member ?? null;
}

const consultationUrl = () => `${publicUrl()}/consultation`;

/**
 * Books a slot for the member (decision 058), in one transaction: eligibility read again, the
 * slot locked (published, in the future, not held), the month checked, the row inserted. Two
 * requests racing are decided by the partial unique indexes: the second of two bookings of one
 * member in one month, or of one slot, fails on its index and is refused. Emits
 * `consultation.booked` (notification and e-mail with the .ics).
 */
export async function bookConsultation(
  actor: Actor,
  input: { slotId: string; timeZone?: string },
): Promise<{ id: string; startsAt: Date }> {
  if (!actor) throw new ConsultationRefusedError("notEligible");
  const at = now();
  // Read before the transaction: on PGlite a query outside it would wait for it to end.
  const { consultation_master_name: masterName } = await getAllSettings();
  try {
    return await db().transaction(async (tx) => {
      const access = consultationEligibility(actor, await eligibilityFacts(actor.id, tx));
      if (access !== "eligible") throw new ConsultationRefusedError("notEligible");
      const [slot] = await tx
        .select()
        .from(consultationSlots)
        .where(eq(consultationSlots.id, input.slotId))
        .for("update");
      if (!slot || !slot.published || slot.startsAt.getTime() <= at.getTime())
        throw new ConsultationRefusedError("slotGone");
      const [held] = await tx
        .select({ id: consultations.id })
        .from(consultations)
        .where(and(eq(consultations.slotId, slot.id), eq(consultations.status, "booked")))
        .limit(1);
      if (held) throw new ConsultationRefusedError("slotTaken");
      const month = consultationMonth(slot.startsAt);
      const [used] = await tx
        .select({ id: consultations.id })
        .from(consultations)
        .where(
          and(
            eq(consultations.userId, actor.id),
            eq(consultations.month, month),
            ne(consultations.status, "cancelled"),
          ),
        )
        .limit(1);
      if (used) throw new ConsultationRefusedError("monthUsed");
      const [row] = await tx
        .insert(consultations)
        .values({ userId: actor.id, slotId: slot.id, month, rulesAcceptedAt: at })
        .returning({ id: consultations.id });
      if (!row) throw new Error("the consultation was not inserted");
      await emitEvent(tx, {
        name: "consultation.booked",
        consultationId: row.id,
        userId: actor.id,
        contact: await contactOf(tx as unknown as Db, actor.id),
        masterName,
        startsAt: slot.startsAt.toISOString(),
        endsAt: new Date(slot.startsAt.getTime() + slot.durationMinutes * 60_000).toISOString(),
        timeZone: input.timeZone ?? "UTC",
        url: consultationUrl(),
      });
      return { id: row.id, startsAt: slot.startsAt };
    });
  } catch (error) {
    if (isUniqueViolation(error, "consultations_one_per_month_idx"))
      throw new ConsultationRefusedError("monthUsed");
    if (isUniqueViolation(error, "consultations_one_per_slot_idx"))
      throw new ConsultationRefusedError("slotTaken");
    throw error;
  }
}

/**
 * The member cancels an upcoming booking more than 24 hours before it starts: the slot is free
 * again and the month's allowance comes back (a cancelled row counts for nothing). The member
 * gets an e-mail whose calendar file cancels the invitation.
 */
export async function cancelConsultation(actor: Actor, id: string): Promise<void> {
  if (!actor) throw new ConsultationRefusedError("notFound");
  const { consultation_master_name: masterName } = await getAllSettings();
  await db().transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: consultations.id,
        userId: consultations.userId,
        status: consultations.status,
        startsAt: consultationSlots.startsAt,
        durationMinutes: consultationSlots.durationMinutes,
      })
      .from(consultations)
      .innerJoin(consultationSlots, eq(consultationSlots.id, consultations.slotId))
      .where(eq(consultations.id, id))
      .for("update", { of: consultations });
    if (!row || row.userId !== actor.id) throw new ConsultationRefusedError("notFound");
    if (row.status !== "booked") throw new ConsultationRefusedError("notBooked");
    if (!canCancelConsultation(row, now())) throw new ConsultationRefusedError("tooLate");
    await tx
      .update(consultations)
      .set({ status: "cancelled", cancelledAt: now() })
      .where(eq(consultations.id, id));
    // The member's calendar holds the invitation: the e-mail takes it out again.
    await emitEvent(tx, {
      name: "consultation.cancelled",
      consultationId: id,
      userId: row.userId,
      contact: await contactOf(tx as unknown as Db, row.userId),
      masterName,
      startsAt: row.startsAt.toISOString(),
      endsAt: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000).toISOString(),
      url: consultationUrl(),
    });
  });
}

function requireManager(actor: Actor): asserts actor is NonNullable<Actor> {
  if (!canManageConsultations(actor)) throw new NotAllowedError("manage consultations");
}

/**
 * Adds availability: one slot at `starts[0]`, or several (every weekday at one time); a start
 * that already has a slot is skipped. Audited. Returns how many were added.
 */
export async function createSlots(
  actor: Actor,
  input: { starts: Date[]; durationMinutes: number },
): Promise<number> {
  requireManager(actor);
  const future = input.starts.filter((start) => start.getTime() > now().getTime());
  if (future.length === 0) return 0;
  return db().transaction(async (tx) => {
    const added = await tx
      .insert(consultationSlots)
      .values(
        future.map((startsAt) => ({
          startsAt,
          durationMinutes: input.durationMinutes,
          createdBy: actor.id,
        })),
      )
      .onConflictDoNothing({ target: consultationSlots.startsAt })
      .returning({ id: consultationSlots.id });
    if (added.length > 0)
      await recordAudit(tx, {
        actorId: actor.id,
        action: "consultation.slots.create",
        targetType: "consultation_slot",
        targetId: added[0]!.id,
        details: {
          count: added.length,
          first: future[0]!.toISOString(),
          durationMinutes: input.durationMinutes,
        },
      });
    return added.length;
  });
}

/** Offers a slot again or stops offering it; a booking already on it stays. Audited. */
export async function setSlotPublished(actor: Actor, id: string, published: boolean) {
  requireManager(actor);
  await db().transaction(async (tx) => {
    const changed = await tx
      .update(consultationSlots)
      .set({ published })
      .where(eq(consultationSlots.id, id))
      .returning({ id: consultationSlots.id });
    if (changed.length === 0) throw new ConsultationRefusedError("notFound");
    await recordAudit(tx, {
      actorId: actor.id,
      action: published ? "consultation.slot.publish" : "consultation.slot.unpublish",
      targetType: "consultation_slot",
      targetId: id,
      details: {},
    });
  });
}

/**
 * An admin discards a booking whose rules were not followed (SPEC §1): the slot is free again,
 * the month stays used, the member is told why (notification and e-mail). Audited.
 */
export async function discardConsultation(actor: Actor, id: string, reason: string) {
  requireManager(actor);
  const { consultation_master_name: masterName } = await getAllSettings();
  await db().transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: consultations.id,
        userId: consultations.userId,
        status: consultations.status,
        startsAt: consultationSlots.startsAt,
      })
      .from(consultations)
      .innerJoin(consultationSlots, eq(consultationSlots.id, consultations.slotId))
      .where(eq(consultations.id, id))
      .for("update", { of: consultations });
    if (!row) throw new ConsultationRefusedError("notFound");
    if (row.status !== "booked") throw new ConsultationRefusedError("notBooked");
    await tx
      .update(consultations)
      .set({
        status: "discarded",
        discardedAt: now(),
        discardedBy: actor.id,
        discardReason: reason,
      })
      .where(eq(consultations.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "consultation.discard",
      targetType: "consultation",
      targetId: id,
      details: { userId: row.userId, reason },
    });
    await emitEvent(tx, {
      name: "consultation.discarded",
      consultationId: id,
      userId: row.userId,
      contact: await contactOf(tx as unknown as Db, row.userId),
      masterName,
      startsAt: row.startsAt.toISOString(),
      reason,
      url: consultationUrl(),
    });
  });
}

export interface AdminSlot {
  id: string;
  startsAt: Date;
  durationMinutes: number;
  published: boolean;
  bookedBy: string | null;
}

/** The admin's availability list: slots from a day ago onwards, earliest first, with who holds each. */
export async function adminSlots(at: Date = now()): Promise<AdminSlot[]> {
  return db()
    .select({
      id: consultationSlots.id,
      startsAt: consultationSlots.startsAt,
      durationMinutes: consultationSlots.durationMinutes,
      published: consultationSlots.published,
      bookedBy: profiles.displayName,
    })
    .from(consultationSlots)
    .leftJoin(
      consultations,
      and(eq(consultations.slotId, consultationSlots.id), eq(consultations.status, "booked")),
    )
    .leftJoin(profiles, eq(profiles.userId, consultations.userId))
    .where(gte(consultationSlots.startsAt, new Date(at.getTime() - 86_400_000)))
    .orderBy(asc(consultationSlots.startsAt))
    .limit(300);
}

export interface AdminConsultation {
  id: string;
  memberName: string;
  memberSlug: string | null;
  startsAt: Date;
  durationMinutes: number;
  month: string;
  status: ConsultationStatus;
  discardReason: string | null;
  createdAt: Date;
}

export const ADMIN_PAGE_SIZE = 25;

/** The bookings list, 25 a page: upcoming (soonest first), past, discarded or cancelled (newest first). */
export async function adminConsultations(
  filter: ConsultationFilter,
  page: number,
  at: Date = now(),
): Promise<Page<AdminConsultation>> {
  const where =
    filter === "upcoming"
      ? and(eq(consultations.status, "booked"), gt(consultationSlots.startsAt, at))
      : filter === "past"
        ? and(eq(consultations.status, "booked"), lte(consultationSlots.startsAt, at))
        : eq(consultations.status, filter === "discarded" ? "discarded" : "cancelled");
  const order =
    filter === "upcoming"
      ? [asc(consultationSlots.startsAt), asc(consultations.id)]
      : [desc(consultationSlots.startsAt), asc(consultations.id)];
  return paginate(
    db()
      .select({
        id: consultations.id,
        memberName: profiles.displayName,
        memberSlug: profiles.slug,
        startsAt: consultationSlots.startsAt,
        durationMinutes: consultationSlots.durationMinutes,
        month: consultations.month,
        status: consultations.status,
        discardReason: consultations.discardReason,
        createdAt: consultations.createdAt,
        total: totalRows(),
      })
      .from(consultations)
      .innerJoin(consultationSlots, eq(consultationSlots.id, consultations.slotId))
      .innerJoin(profiles, eq(profiles.userId, consultations.userId))
      .where(where)
      .orderBy(...order),
    { page, perPage: ADMIN_PAGE_SIZE },
  );
}
