import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { user } from "#app/modules/auth/schema";
import { emitEvent } from "#app/modules/events/index.server";
import { attachMediaFile, MediaAttachError, mediaFileUrl } from "#app/modules/media/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { now } from "./clock";
import "./media-access.server";
import {
  nextStatus,
  PETITION_STATUSES,
  type CommandInput,
  type PetitionStatus,
  type ReachedStatus,
  type TransitionAnswer,
} from "./machine";
import {
  PETITION_RATE_WINDOW_MS,
  PETITIONS_PER_DAY,
  PETITION_PHOTOS_MAX,
  PETITIONS_PER_PAGE,
  petitionPath,
  type PetitionAge,
} from "./policy";
import { petitionHistory, petitionNotes, petitionPhotos, petitions, ritualKinds } from "./schema";
import type { PetitionInput } from "./validation";

/* Ritual requests (decision 057): filing, the member's view, the admin queue and every move. */

export interface RitualKind {
  id: string;
  name: string;
  description: string;
  active: boolean;
  position: number;
}

const kindColumns = {
  id: ritualKinds.id,
  name: ritualKinds.name,
  description: ritualKinds.description,
  active: ritualKinds.active,
  position: ritualKinds.position,
};

/** The kinds a member may ask for, in the admins' order. */
export async function activeRitualKinds(): Promise<RitualKind[]> {
  return db()
    .select(kindColumns)
    .from(ritualKinds)
    .where(eq(ritualKinds.active, true))
    .orderBy(asc(ritualKinds.position), asc(ritualKinds.name));
}

/** Every kind, inactive ones too (the admin screen). */
export async function allRitualKinds(): Promise<RitualKind[]> {
  return db()
    .select(kindColumns)
    .from(ritualKinds)
    .orderBy(asc(ritualKinds.position), asc(ritualKinds.name));
}

export type FileResult =
  | { ok: true; id: string }
  | { ok: false; error: "unknownKind" | "open" | "rateLimited" | "pastDate" };

/**
 * The earliest preferred date accepted: yesterday in UTC, since the member's own today may still
 * be UTC's yesterday (west of Greenwich). Only days before that are in the past for everyone.
 */
function earliestPreferredDate(at: Date): string {
  return new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/** Whom a request's e-mails go to, as the account is now. */
async function contactOf(tx: Db, userId: string) {
  const [row] = await tx
    .select({ email: user.email, name: profiles.displayName, language: profiles.language })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return row ? { email: row.email, name: row.name ?? "", language: row.language } : null;
}

/**
 * A member files a request. Refused for a kind that is not offered, while the member has an open
 * request of that kind (also under races: a unique index), and past PETITIONS_PER_DAY new ones in
 * the rolling day before `now()` (declined and closed ones count too), and for a preferred date
 * that has passed everywhere (`earliestPreferredDate`). The member's account row
 * is locked for the check, so two requests at once are counted one after the other.
 */
export async function filePetition(userId: string, input: PetitionInput): Promise<FileResult> {
  if (input.preferredDate && input.preferredDate < earliestPreferredDate(now()))
    return { ok: false, error: "pastDate" };
  return db().transaction(async (tx) => {
    const [kind] = await tx
      .select({ id: ritualKinds.id, name: ritualKinds.name })
      .from(ritualKinds)
      .where(and(eq(ritualKinds.id, input.kindId), eq(ritualKinds.active, true)))
      .limit(1);
    if (!kind) return { ok: false, error: "unknownKind" } as const;
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const at = now();
    const [open] = await tx
      .select({ id: petitions.id })
      .from(petitions)
      .where(
        and(
          eq(petitions.userId, userId),
          eq(petitions.kindId, kind.id),
          sql`${petitions.status} not in ('declined', 'closed')`,
        ),
      )
      .limit(1);
    if (open) return { ok: false, error: "open" } as const;
    const [recent] = await tx
      .select({ n: count() })
      .from(petitions)
      .where(
        and(
          eq(petitions.userId, userId),
          gte(petitions.createdAt, new Date(at.getTime() - PETITION_RATE_WINDOW_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= PETITIONS_PER_DAY) return { ok: false, error: "rateLimited" } as const;
    const inserted = await tx
      .insert(petitions)
      .values({
        userId,
        kindId: kind.id,
        intention: input.intention,
        details: input.details,
        names: input.names,
        preferredDate: input.preferredDate,
        consentedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: petitions.id });
    const row = inserted[0];
    if (!row) return { ok: false, error: "open" } as const;
    await tx.insert(petitionHistory).values({
      petitionId: row.id,
      fromStatus: null,
      toStatus: "submitted",
      actorId: userId,
      createdAt: at,
    });
    const [member] = await tx
      .select({ name: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    await emitEvent(tx, {
      name: "petition.submitted",
      petitionId: row.id,
      userId,
      memberName: member?.name ?? "",
      ritual: kind.name,
      url: `/admin/rituals/${row.id}`,
    });
    return { ok: true, id: row.id } as const;
  });
}

export interface OwnPetition {
  id: string;
  ritual: string;
  intention: string;
  status: PetitionStatus;
  createdAt: Date;
  scheduledFor: string | null;
}

/** A member's own requests, newest first. */
export async function ownPetitions(userId: string): Promise<OwnPetition[]> {
  return db()
    .select({
      id: petitions.id,
      ritual: ritualKinds.name,
      intention: petitions.intention,
      status: petitions.status,
      createdAt: petitions.createdAt,
      scheduledFor: petitions.scheduledFor,
    })
    .from(petitions)
    .innerJoin(ritualKinds, eq(ritualKinds.id, petitions.kindId))
    .where(eq(petitions.userId, userId))
    .orderBy(desc(petitions.createdAt), desc(petitions.id))
    .limit(100);
}

export interface HistoryEntry {
  id: string;
  fromStatus: PetitionStatus | null;
  toStatus: PetitionStatus;
  reason: string | null;
  scheduledFor: string | null;
  createdAt: Date;
  actorName: string | null;
}

async function historyOf(petitionId: string): Promise<HistoryEntry[]> {
  return db()
    .select({
      id: petitionHistory.id,
      fromStatus: petitionHistory.fromStatus,
      toStatus: petitionHistory.toStatus,
      reason: petitionHistory.reason,
      scheduledFor: petitionHistory.scheduledFor,
      createdAt: petitionHistory.createdAt,
      actorName: profiles.displayName,
    })
    .from(petitionHistory)
    .leftJoin(profiles, eq(profiles.userId, petitionHistory.actorId))
    .where(eq(petitionHistory.petitionId, petitionId))
    .orderBy(asc(petitionHistory.createdAt), asc(petitionHistory.id));
}

/** A request's photos, oldest first, as addresses the media engine serves (owner and admins). */
async function photosOf(petitionId: string): Promise<Array<{ id: string; url: string }>> {
  const rows = await db()
    .select({ id: petitionPhotos.id, fileId: petitionPhotos.mediaFileId })
    .from(petitionPhotos)
    .where(eq(petitionPhotos.petitionId, petitionId))
    .orderBy(asc(petitionPhotos.createdAt), asc(petitionPhotos.id));
  return rows.map((row) => ({ id: row.id, url: mediaFileUrl({ id: row.fileId }) }));
}

const petitionColumns = {
  id: petitions.id,
  userId: petitions.userId,
  kindId: petitions.kindId,
  ritual: ritualKinds.name,
  intention: petitions.intention,
  details: petitions.details,
  names: petitions.names,
  preferredDate: petitions.preferredDate,
  consentedAt: petitions.consentedAt,
  status: petitions.status,
  declineReason: petitions.declineReason,
  scheduledFor: petitions.scheduledFor,
  report: petitions.report,
  createdAt: petitions.createdAt,
  updatedAt: petitions.updatedAt,
};

/**
 * One request as its owner (or an admin) sees it on /request-ritual/{id}: its fields and its
 * timeline, never the internal notes. Null for anyone else, so the page is a 404.
 */
export async function petitionForViewer(viewer: { userId: string; isAdmin: boolean }, id: string) {
  const [row] = await db()
    .select(petitionColumns)
    .from(petitions)
    .innerJoin(ritualKinds, eq(ritualKinds.id, petitions.kindId))
    .where(eq(petitions.id, id))
    .limit(1);
  if (!row || (row.userId !== viewer.userId && !viewer.isAdmin)) return null;
  const [history, photos] = await Promise.all([historyOf(id), photosOf(id)]);
  return {
    petition: row,
    photos,
    // Members see when and what, not which admin did it.
    history: history.map((entry) => ({ ...entry, actorName: null })),
  };
}

export interface QueueFilters {
  status?: PetitionStatus;
  age?: PetitionAge;
  sort: "newest" | "oldest";
  page: number;
}

/** The admin queue: a page of requests with the member and kind, and the count per status. */
export async function petitionQueue(filters: QueueFilters) {
  const conditions = [
    filters.status ? eq(petitions.status, filters.status) : undefined,
    filters.age
      ? lt(petitions.createdAt, new Date(now().getTime() - Number(filters.age) * 86_400_000))
      : undefined,
  ];
  const order =
    filters.sort === "oldest"
      ? [asc(petitions.createdAt), asc(petitions.id)]
      : [desc(petitions.createdAt), desc(petitions.id)];
  const [list, counts] = await Promise.all([
    paginate(
      db()
        .select({
          id: petitions.id,
          ritual: ritualKinds.name,
          intention: petitions.intention,
          status: petitions.status,
          createdAt: petitions.createdAt,
          member: profiles.displayName,
          total: totalRows(),
        })
        .from(petitions)
        .innerJoin(ritualKinds, eq(ritualKinds.id, petitions.kindId))
        .leftJoin(profiles, eq(profiles.userId, petitions.userId))
        .where(and(...conditions))
        .orderBy(...order),
      { page: filters.page, perPage: PETITIONS_PER_PAGE },
    ),
    db().select({ status: petitions.status, n: count() }).from(petitions).groupBy(petitions.status),
  ]);
  const perStatus = Object.fromEntries(PETITION_STATUSES.map((s) => [s, 0])) as Record<
    PetitionStatus,
    number
  >;
  for (const row of counts) perStatus[row.status] = row.n;
  return { ...list, perStatus };
}

/** One request for the admin screen: the member, every field, the history and the notes. */
export async function adminPetition(id: string) {
  const [row] = await db()
    .select({
      ...petitionColumns,
      member: profiles.displayName,
      memberSlug: profiles.slug,
      memberEmail: user.email,
    })
    .from(petitions)
    .innerJoin(ritualKinds, eq(ritualKinds.id, petitions.kindId))
    .leftJoin(profiles, eq(profiles.userId, petitions.userId))
    .leftJoin(user, eq(user.id, petitions.userId))
    .where(eq(petitions.id, id))
    .limit(1);
  if (!row) return null;
  const [history, photos, notes] = await Promise.all([
    historyOf(id),
    photosOf(id),
    db()
      .select({
        id: petitionNotes.id,
        body: petitionNotes.body,
        createdAt: petitionNotes.createdAt,
        authorName: profiles.displayName,
      })
      .from(petitionNotes)
      .leftJoin(profiles, eq(profiles.userId, petitionNotes.authorId))
      .where(eq(petitionNotes.petitionId, id))
      .orderBy(asc(petitionNotes.createdAt), asc(petitionNotes.id)),
  ]);
  return { petition: row, history, photos, notes };
}

export type ChangeResult =
  | { ok: true; to: ReachedStatus }
  | { ok: false; error: "notFound" | "stale" }
  | Extract<TransitionAnswer, { ok: false }>;

/**
 * An admin moves a request (machine.ts decides whether it may). `expected` is the status the
 * admin's screen showed: a request that moved since (another admin, another tab) is refused as
 * stale, and the update itself only applies where the status is still the one read, so two moves
 * at once never both happen. Audited, and one `petition.changed` event tells the member.
 */
export async function changePetition(
  actorId: string,
  id: string,
  expected: PetitionStatus,
  input: CommandInput,
): Promise<ChangeResult> {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: petitions.status,
        userId: petitions.userId,
        ritual: ritualKinds.name,
      })
      .from(petitions)
      .innerJoin(ritualKinds, eq(ritualKinds.id, petitions.kindId))
      .where(eq(petitions.id, id))
      .limit(1);
    if (!current) return { ok: false, error: "notFound" } as const;
    if (current.status !== expected) return { ok: false, error: "stale" } as const;
    const answer = nextStatus(current.status, input);
    if (!answer.ok) return answer;
    const at = now();
    const reason = input.command === "decline" ? (input.reason?.trim() ?? null) : null;
    const date = input.command === "schedule" ? (input.date ?? null) : null;
    const updated = await tx
      .update(petitions)
      .set({
        status: answer.to,
        updatedAt: at,
        ...(input.command === "decline" ? { declineReason: reason } : {}),
        ...(input.command === "schedule" ? { scheduledFor: date } : {}),
        ...(input.command === "perform" ? { report: input.report?.trim() ?? "" } : {}),
      })
      .where(and(eq(petitions.id, id), eq(petitions.status, current.status)))
      .returning({ id: petitions.id });
    if (updated.length === 0) return { ok: false, error: "stale" } as const;
    await tx.insert(petitionHistory).values({
      petitionId: id,
      fromStatus: current.status,
      toStatus: answer.to,
      actorId,
      reason,
      scheduledFor: date,
      createdAt: at,
    });
    await recordAudit(tx, {
      actorId,
      action: `petition.${input.command}`,
      targetType: "petition",
      targetId: id,
      details: { from: current.status, to: answer.to, member: current.userId, reason, date },
    });
    const contact = await contactOf(tx, current.userId);
    await emitEvent(tx, {
      name: "petition.changed",
      petitionId: id,
      userId: current.userId,
      ritual: current.ritual,
      status: answer.to,
      reason,
      date,
      url: petitionPath(id),
      contact,
    });
    return { ok: true, to: answer.to } as const;
  });
}

/** An admin's internal note on a request (audited). False when the request does not exist. */
export async function addPetitionNote(actorId: string, id: string, body: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ id: petitions.id })
      .from(petitions)
      .where(eq(petitions.id, id))
      .limit(1);
    if (!row) return false;
    const [note] = await tx
      .insert(petitionNotes)
      .values({ petitionId: id, authorId: actorId, body, createdAt: now() })
      .returning({ id: petitionNotes.id });
    await recordAudit(tx, {
      actorId,
      action: "petition.note",
      targetType: "petition",
      targetId: id,
      details: { note: note?.id, length: body.length },
    });
    return true;
  });
}

export type PhotoResult =
  | { ok: true }
  | { ok: false; error: "notFound" | "notPerformed" | "full" }
  | { ok: false; error: "media"; messageKey: string };

/**
 * An admin adds a photo to a performed (or closed) ritual's report: the admin's own finished
 * upload of purpose "petition-photo", adopted in the same transaction (audited). At most
 * PETITION_PHOTOS_MAX per request.
 */
export async function addPetitionPhoto(
  actorId: string,
  id: string,
  mediaFileId: string,
): Promise<PhotoResult> {
  try {
    return await db().transaction(async (tx) => {
      const [row] = await tx
        .select({ status: petitions.status })
        .from(petitions)
        .where(eq(petitions.id, id))
        .for("update");
      if (!row) return { ok: false, error: "notFound" } as const;
      if (row.status !== "performed" && row.status !== "closed")
        return { ok: false, error: "notPerformed" } as const;
      const [existing] = await tx
        .select({ n: count() })
        .from(petitionPhotos)
        .where(eq(petitionPhotos.petitionId, id));
      if ((existing?.n ?? 0) >= PETITION_PHOTOS_MAX) return { ok: false, error: "full" } as const;
      const file = await attachMediaFile(tx, {
        id: mediaFileId,
        ownerId: actorId,
        purpose: "petition-photo",
      });
      await tx
        .insert(petitionPhotos)
        .values({ petitionId: id, mediaFileId: file.id, createdAt: now() });
      await recordAudit(tx, {
        actorId,
        action: "petition.photo",
        targetType: "petition",
        targetId: id,
        details: { fileId: file.id, name: file.originalName },
      });
      return { ok: true } as const;
    });
  } catch (error) {
    if (error instanceof MediaAttachError)
      return { ok: false, error: "media", messageKey: error.messageKey };
    throw error;
  }
}

export interface KindInput {
  name: string;
  description: string;
  position: number;
  active: boolean;
}

/** An admin adds a ritual kind (audited). False when the name is taken. */
export async function createRitualKind(actorId: string, input: KindInput): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(ritualKinds)
      .values(input)
      .onConflictDoNothing()
      .returning({ id: ritualKinds.id });
    if (!row) return false;
    await recordAudit(tx, {
      actorId,
      action: "ritualKind.create",
      targetType: "ritual_kind",
      targetId: row.id,
      details: { ...input },
    });
    return true;
  });
}

/** An admin edits a ritual kind (audited, with the values before). */
export async function updateRitualKind(
  actorId: string,
  id: string,
  input: KindInput,
): Promise<"updated" | "notFound" | "taken"> {
  return db().transaction(async (tx) => {
    const [before] = await tx.select(kindColumns).from(ritualKinds).where(eq(ritualKinds.id, id));
    if (!before) return "notFound";
    const [clash] = await tx
      .select({ id: ritualKinds.id })
      .from(ritualKinds)
      .where(and(eq(ritualKinds.name, input.name), sql`${ritualKinds.id} <> ${id}`))
      .limit(1);
    if (clash) return "taken";
    await tx.update(ritualKinds).set(input).where(eq(ritualKinds.id, id));
    await recordAudit(tx, {
      actorId,
      action: "ritualKind.update",
      targetType: "ritual_kind",
      targetId: id,
      details: { before, after: input },
    });
    return "updated";
  });
}

/** The starter kinds, when there are none yet (first start). */
export async function seedRitualKinds(
  kinds: ReadonlyArray<{ name: string; description: string }>,
): Promise<void> {
  const [existing] = await db().select({ n: count() }).from(ritualKinds);
  if ((existing?.n ?? 0) > 0) return;
  await db()
    .insert(ritualKinds)
    .values(kinds.map((kind, index) => ({ ...kind, position: (index + 1) * 10 })))
    .onConflictDoNothing();
}
