import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { uniqueSlug } from "#app/db/unique-slug.server";
import { renderMarkdown } from "#app/lib/markdown.server";
import { emitEvent } from "#app/modules/events/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { publish } from "#app/modules/realtime/index.server";
import { recordAudit } from "#app/modules/audit/index.server";
import {
  canArchiveCoven,
  canChangeCovenRole,
  canCreateCoven,
  canLeadCoven,
  canLeaveCoven,
  canRemoveCovenMember,
  canSeeCoven,
  isCovenOwner,
  joinNeedsApproval,
  joinRefusal,
  memberLimitProblem,
  type CovenActor,
  type CovenMembership,
  type CovenRole,
  type CovenRules,
  type CovenVisibility,
  type JoinRefusal,
} from "./policy";
import { covenInvitations, covenJoinRequests, covenMembers, covens } from "./schema";

/*
 * Covens' commands. Each runs in one transaction that first locks the coven's row, so two
 * requests at once (the last free place, two leaders deciding the same request) are serialised
 * and the member count, the member limit and the one owner always hold. Leaders' actions are
 * written to the audit log in the same transaction.
 */

export type CovenRefusal =
  | JoinRefusal
  | "notFound"
  | "notAllowed"
  | "alreadyRequested"
  | "invitationInvalid"
  | "limitRange"
  | "limitBelowMembers"
  | "notAMember";

export class CovenRefusedError extends Error {
  constructor(readonly reason: CovenRefusal) {
    super(`coven: ${reason}`);
  }
}

export interface NewCoven {
  name: string;
  description: string;
  tags: string[];
  language: string;
  visibility: CovenVisibility;
  memberLimit: number;
  /** An uploaded banner's public path (profiles/avatar.server.ts `storeImage`). */
  bannerUrl?: string | null;
}

/** The side navigation's Covens badge counts covens: open pages refetch it when that changes. */
function covensCountChanged(handle: Db): Promise<void> {
  return publish(handle, { to: { everyone: true }, type: "counts", data: { kind: "covens" } });
}

type Actor = NonNullable<CovenActor>;

interface LockedCoven extends CovenRules {
  id: string;
  slug: string;
}

const INVITATION_DAYS = { default: 7, max: 30 } as const;

/** Paths beside `/covens/:slug` that a coven's slug must never take. */
export const RESERVED_COVEN_SLUGS = ["create", "my-covens", "events", "invite", "new"] as const;
export { INVITATION_DAYS };

export function inTransaction<T>(work: (handle: Db) => Promise<T>): Promise<T> {
  return db().transaction((tx) => work(tx as unknown as Db));
}

async function lockCoven(handle: Db, where: { slug: string } | { id: string }) {
  const [row] = await handle
    .select({
      id: covens.id,
      slug: covens.slug,
      visibility: covens.visibility,
      archivedAt: covens.archivedAt,
      memberCount: covens.memberCount,
      memberLimit: covens.memberLimit,
    })
    .from(covens)
    .where("slug" in where ? eq(covens.slug, where.slug) : eq(covens.id, where.id))
    .limit(1)
    .for("update");
  if (!row) return null;
  const coven: LockedCoven = {
    id: row.id,
    slug: row.slug,
    visibility: row.visibility,
    archived: row.archivedAt !== null,
    memberCount: row.memberCount,
    memberLimit: row.memberLimit,
  };
  return coven;
}

async function membershipOf(
  handle: Db,
  covenId: string,
  userId: string,
): Promise<CovenMembership | null> {
  const [row] = await handle
    .select({ role: covenMembers.role, bannedAt: covenMembers.bannedAt })
    .from(covenMembers)
    .where(and(eq(covenMembers.covenId, covenId), eq(covenMembers.userId, userId)))
    .limit(1);
  return row ? { role: row.role, banned: row.bannedAt !== null } : null;
}

/** A coven the actor may see, locked, with their membership; a coven they may not is "notFound". */
export async function lockVisibleCoven(handle: Db, actor: CovenActor, slug: string) {
  const coven = await lockCoven(handle, { slug });
  if (!coven) throw new CovenRefusedError("notFound");
  const membership = actor ? await membershipOf(handle, coven.id, actor.id) : null;
  if (!canSeeCoven(actor, coven, membership)) throw new CovenRefusedError("notFound");
  return { coven, membership };
}

export async function audit(
  handle: Db,
  actor: Actor,
  action: string,
  covenId: string,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(handle, {
    actorId: actor.id,
    action,
    targetType: "coven",
    targetId: covenId,
    details,
  });
}

async function addMember(handle: Db, coven: LockedCoven, userId: string, role: CovenRole) {
  await handle.insert(covenMembers).values({ covenId: coven.id, userId, role });
  await handle
    .update(covens)
    .set({ memberCount: sql`${covens.memberCount} + 1`, lastActivityAt: new Date() })
    .where(eq(covens.id, coven.id));
}

/** Starts a coven with the actor as its owner and only member. */
export async function createCoven(
  actor: CovenActor,
  input: NewCoven,
): Promise<{ id: string; slug: string }> {
  if (!actor || !canCreateCoven(actor)) throw new CovenRefusedError("notAllowed");
  if (memberLimitProblem(input.memberLimit, 1)) throw new CovenRefusedError("limitRange");
  return inTransaction(async (handle) => {
    const slug = await uniqueSlug(handle, { table: covens, column: covens.slug }, input.name, {
      maxLength: 60,
      fallback: "coven",
      reserved: RESERVED_COVEN_SLUGS,
    });
    const [created] = await handle
      .insert(covens)
      .values({
        slug,
        name: input.name,
        description: input.description,
        descriptionHtml: renderMarkdown(input.description),
        tags: input.tags,
        language: input.language,
        visibility: input.visibility,
        memberLimit: input.memberLimit,
        memberCount: 1,
        bannerUrl: input.bannerUrl ?? null,
      })
      .returning({ id: covens.id, slug: covens.slug });
    if (!created) throw new Error("The coven was not created.");
    await handle
      .insert(covenMembers)
      .values({ covenId: created.id, userId: actor.id, role: "owner" });
    await audit(handle, actor, "coven.create", created.id, {
      name: input.name,
      visibility: input.visibility,
    });
    await covensCountChanged(handle);
    const [owner] = await handle
      .select({ name: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.userId, actor.id))
      .limit(1);
    await emitEvent(handle, {
      name: "coven.created",
      covenId: created.id,
      ownerId: actor.id,
      ownerName: owner?.name ?? "",
      covenName: input.name,
      url: `/covens/${created.slug}`,
    });
    return created;
  });
}

/**
 * Joins an open coven at once, or sends a request to a request-only one (with an optional
 * message to its leaders). An invite-only coven is joined through `joinWithInvitation`.
 */
export async function joinCoven(
  actor: CovenActor,
  slug: string,
  message = "",
): Promise<"joined" | "requested"> {
  return inTransaction(async (handle) => {
    const { coven, membership } = await lockVisibleCoven(handle, actor, slug);
    const refusal = joinRefusal(actor, coven, membership);
    if (refusal || !actor) throw new CovenRefusedError(refusal ?? "signIn");
    if (!joinNeedsApproval(coven)) {
      await addMember(handle, coven, actor.id, "member");
      return "joined";
    }
    const inserted = await handle
      .insert(covenJoinRequests)
      .values({ covenId: coven.id, userId: actor.id, message: message.trim() })
      .onConflictDoNothing()
      .returning({ id: covenJoinRequests.id });
    if (inserted.length === 0) throw new CovenRefusedError("alreadyRequested");
    return "requested";
  });
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new invitation link's token (shown once; only its hash is kept), valid for `days` days. */
export async function createInvitation(
  actor: CovenActor,
  slug: string,
  days: number = INVITATION_DAYS.default,
): Promise<{ id: string; token: string; expiresAt: Date }> {
  if (!Number.isInteger(days) || days < 1 || days > INVITATION_DAYS.max) {
    throw new CovenRefusedError("notAllowed");
  }
  return inTransaction(async (handle) => {
    const { coven, membership } = await lockVisibleCoven(handle, actor, slug);
    if (!actor || !canLeadCoven(actor, coven, membership))
      throw new CovenRefusedError("notAllowed");
    const token = randomBytes(24).toString("base64url");
    const expiresAt = new Date(Date.now() + days * 86_400_000);
    const [row] = await handle
      .insert(covenInvitations)
      .values({ covenId: coven.id, tokenHash: hashToken(token), createdBy: actor.id, expiresAt })
      .returning({ id: covenInvitations.id });
    if (!row) throw new Error("The invitation was not created.");
    await audit(handle, actor, "coven.invitation.create", coven.id, { invitationId: row.id, days });
    return { id: row.id, token, expiresAt };
  });
}

export async function revokeInvitation(actor: CovenActor, invitationId: string): Promise<void> {
  await inTransaction(async (handle) => {
    const [invitation] = await handle
      .select({ covenId: covenInvitations.covenId })
      .from(covenInvitations)
      .where(eq(covenInvitations.id, invitationId))
      .limit(1);
    if (!invitation) throw new CovenRefusedError("notFound");
    const coven = await lockCoven(handle, { id: invitation.covenId });
    if (!coven) throw new CovenRefusedError("notFound");
    const membership = actor ? await membershipOf(handle, coven.id, actor.id) : null;
    if (!actor || !canLeadCoven(actor, coven, membership))
      throw new CovenRefusedError("notAllowed");
    await handle
      .update(covenInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(covenInvitations.id, invitationId), isNull(covenInvitations.revokedAt)));
    await audit(handle, actor, "coven.invitation.revoke", coven.id, { invitationId });
  });
}

/** Joins the coven an unexpired, unrevoked invitation link names, whatever its visibility. */
export async function joinWithInvitation(
  actor: CovenActor,
  token: string,
): Promise<{ slug: string }> {
  if (token.length === 0 || token.length > 64) throw new CovenRefusedError("invitationInvalid");
  return inTransaction(async (handle) => {
    const [invitation] = await handle
      .select({ id: covenInvitations.id, covenId: covenInvitations.covenId })
      .from(covenInvitations)
      .where(
        and(
          eq(covenInvitations.tokenHash, hashToken(token)),
          isNull(covenInvitations.revokedAt),
          gt(covenInvitations.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (!invitation) throw new CovenRefusedError("invitationInvalid");
    const coven = await lockCoven(handle, { id: invitation.covenId });
    if (!coven) throw new CovenRefusedError("invitationInvalid");
    const membership = actor ? await membershipOf(handle, coven.id, actor.id) : null;
    const refusal = joinRefusal(actor, coven, membership, true);
    if (refusal || !actor) throw new CovenRefusedError(refusal ?? "signIn");
    await addMember(handle, coven, actor.id, "member");
    await handle
      .update(covenInvitations)
      .set({ uses: sql`${covenInvitations.uses} + 1` })
      .where(eq(covenInvitations.id, invitation.id));
    // A pending request of the same member is settled by the invitation.
    await handle
      .update(covenJoinRequests)
      .set({ status: "approved", decidedAt: new Date() })
      .where(
        and(
          eq(covenJoinRequests.covenId, coven.id),
          eq(covenJoinRequests.userId, actor.id),
          eq(covenJoinRequests.status, "pending"),
        ),
      );
    return { slug: coven.slug };
  });
}

/**
 * A leader approves or declines a pending request. Approving checks the joining rules again at
 * that moment (the member may have lost premium, been banned or the coven filled up).
 */
export async function decideJoinRequest(
  actor: CovenActor,
  requestId: string,
  decision: "approve" | "decline",
): Promise<void> {
  await inTransaction(async (handle) => {
    const [request] = await handle
      .select({ covenId: covenJoinRequests.covenId, userId: covenJoinRequests.userId })
      .from(covenJoinRequests)
      .where(and(eq(covenJoinRequests.id, requestId), eq(covenJoinRequests.status, "pending")))
      .limit(1);
    if (!request) throw new CovenRefusedError("notFound");
    const coven = await lockCoven(handle, { id: request.covenId });
    if (!coven) throw new CovenRefusedError("notFound");
    const membership = actor ? await membershipOf(handle, coven.id, actor.id) : null;
    if (!actor || !canLeadCoven(actor, coven, membership))
      throw new CovenRefusedError("notAllowed");
    // Locked above: a second leader deciding at the same time finds it decided.
    const [still] = await handle
      .select({ status: covenJoinRequests.status })
      .from(covenJoinRequests)
      .where(eq(covenJoinRequests.id, requestId))
      .limit(1);
    if (still?.status !== "pending") throw new CovenRefusedError("notFound");
    if (decision === "approve") {
      const applicant = await membershipOf(handle, coven.id, request.userId);
      if (applicant?.banned) throw new CovenRefusedError("banned");
      if (!applicant) {
        if (coven.memberCount >= coven.memberLimit) throw new CovenRefusedError("full");
        await addMember(handle, coven, request.userId, "member");
      }
    }
    await handle
      .update(covenJoinRequests)
      .set({
        status: decision === "approve" ? "approved" : "declined",
        decidedBy: actor.id,
        decidedAt: new Date(),
      })
      .where(eq(covenJoinRequests.id, requestId));
    await audit(handle, actor, `coven.request.${decision}`, coven.id, { userId: request.userId });
  });
}

/** A member leaves; the owner hands ownership over first. */
export async function leaveCoven(actor: CovenActor, slug: string): Promise<void> {
  if (!actor) throw new CovenRefusedError("signIn");
  await inTransaction(async (handle) => {
    const coven = await lockCoven(handle, { slug });
    if (!coven) throw new CovenRefusedError("notFound");
    const membership = await membershipOf(handle, coven.id, actor.id);
    if (!membership) throw new CovenRefusedError("notAMember");
    if (!canLeaveCoven(membership)) throw new CovenRefusedError("notAllowed");
    await removeRow(handle, coven.id, actor.id);
  });
}

async function removeRow(handle: Db, covenId: string, userId: string): Promise<void> {
  await handle
    .delete(covenMembers)
    .where(and(eq(covenMembers.covenId, covenId), eq(covenMembers.userId, userId)));
  await handle
    .update(covens)
    .set({ memberCount: sql`${covens.memberCount} - 1` })
    .where(eq(covens.id, covenId));
}

/**
 * Removes a member, or bans them: a ban keeps their row (marked, not counted) so they cannot
 * join or ask again.
 */
export async function removeCovenMember(
  actor: CovenActor,
  slug: string,
  userId: string,
  options: { ban: boolean },
): Promise<void> {
  await inTransaction(async (handle) => {
    const { coven, membership } = await lockVisibleCoven(handle, actor, slug);
    const target = await membershipOf(handle, coven.id, userId);
    if (!target) throw new CovenRefusedError("notAMember");
    if (!canRemoveCovenMember(actor, coven, membership, { userId, role: target.role })) {
      throw new CovenRefusedError("notAllowed");
    }
    if (!actor) throw new CovenRefusedError("notAllowed");
    if (options.ban) {
      if (target.banned) return;
      await handle
        .update(covenMembers)
        .set({ bannedAt: new Date(), role: "member" })
        .where(and(eq(covenMembers.covenId, coven.id), eq(covenMembers.userId, userId)));
      await handle
        .update(covens)
        .set({ memberCount: sql`${covens.memberCount} - 1` })
        .where(eq(covens.id, coven.id));
    } else {
      if (target.banned) {
        // Lifting a ban: the row goes, and they may ask again.
        await handle
          .delete(covenMembers)
          .where(and(eq(covenMembers.covenId, coven.id), eq(covenMembers.userId, userId)));
      } else {
        await removeRow(handle, coven.id, userId);
      }
    }
    await audit(handle, actor, options.ban ? "coven.member.ban" : "coven.member.remove", coven.id, {
      userId,
    });
  });
}

/** Makes an active member a moderator, or a moderator a member again. */
export async function setCovenRole(
  actor: CovenActor,
  slug: string,
  userId: string,
  role: "moderator" | "member",
): Promise<void> {
  await inTransaction(async (handle) => {
    const { coven, membership } = await lockVisibleCoven(handle, actor, slug);
    if (!actor || !canChangeCovenRole(actor, coven, membership)) {
      throw new CovenRefusedError("notAllowed");
    }
    const target = await membershipOf(handle, coven.id, userId);
    if (!target || target.banned) throw new CovenRefusedError("notAMember");
    if (isCovenOwner(target)) throw new CovenRefusedError("notAllowed");
    if (target.role === role) return;
    await handle
      .update(covenMembers)
      .set({ role })
      .where(and(eq(covenMembers.covenId, coven.id), eq(covenMembers.userId, userId)));
    await audit(handle, actor, "coven.member.role", coven.id, {
      userId,
      from: target.role,
      to: role,
    });
  });
}

/** Hands ownership to another active member; the former owner stays on as a moderator. */
export async function transferCovenOwnership(
  actor: CovenActor,
  slug: string,
  userId: string,
): Promise<void> {
  await inTransaction(async (handle) => {
    const { coven, membership } = await lockVisibleCoven(handle, actor, slug);
    if (!actor || !canChangeCovenRole(actor, coven, membership)) {
      throw new CovenRefusedError("notAllowed");
    }
    const target = await membershipOf(handle, coven.id, userId);
    if (!target || target.banned) throw new CovenRefusedError("notAMember");
    if (isCovenOwner(target)) return;
    const [owner] = await handle
      .select({ userId: covenMembers.userId })
      .from(covenMembers)
      .where(and(eq(covenMembers.covenId, coven.id), eq(covenMembers.role, "owner")))
      .limit(1);
    if (owner) {
      await handle
        .update(covenMembers)
        .set({ role: "moderator" })
        .where(and(eq(covenMembers.covenId, coven.id), eq(covenMembers.userId, owner.userId)));
    }
    await handle
      .update(covenMembers)
      .set({ role: "owner" })
      .where(and(eq(covenMembers.covenId, coven.id), eq(covenMembers.userId, userId)));
    await audit(handle, actor, "coven.owner", coven.id, {
      from: owner?.userId ?? null,
      to: userId,
    });
  });
}

/** Leaders lower (or raise, up to the default) the member limit; never below today's members. */
export async function setMemberLimit(
  actor: CovenActor,
  slug: string,
  limit: number,
): Promise<void> {
  await inTransaction(async (handle) => {
    const { coven, membership } = await lockVisibleCoven(handle, actor, slug);
    if (!actor || !canLeadCoven(actor, coven, membership))
      throw new CovenRefusedError("notAllowed");
    const problem = memberLimitProblem(limit, coven.memberCount);
    if (problem)
      throw new CovenRefusedError(problem === "range" ? "limitRange" : "limitBelowMembers");
    await handle
      .update(covens)
      .set({ memberLimit: limit, updatedAt: new Date() })
      .where(eq(covens.id, coven.id));
    await audit(handle, actor, "coven.limit", coven.id, { from: coven.memberLimit, to: limit });
  });
}

/** Archives a coven (read-only, hidden from strangers) or restores it: site admins only. */
export async function setCovenArchived(
  actor: CovenActor,
  slug: string,
  archived: boolean,
): Promise<void> {
  await inTransaction(async (handle) => {
    const coven = await lockCoven(handle, { slug });
    if (!coven) throw new CovenRefusedError("notFound");
    if (!actor || !canArchiveCoven(actor)) throw new CovenRefusedError("notAllowed");
    if (coven.archived === archived) return;
    await handle
      .update(covens)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(eq(covens.id, coven.id));
    await audit(handle, actor, archived ? "coven.archive" : "coven.restore", coven.id, {});
    await covensCountChanged(handle);
  });
}

/**
 * Leaders edit the coven: name, description, tags, language, visibility, member limit and
 * (when a new one was uploaded, or removed) the banner. The slug stays, so links keep working.
 */
export async function updateCoven(
  actor: CovenActor,
  slug: string,
  input: NewCoven & { removeBanner?: boolean },
): Promise<void> {
  await inTransaction(async (handle) => {
    const { coven, membership } = await lockVisibleCoven(handle, actor, slug);
    if (!actor || !canLeadCoven(actor, coven, membership))
      throw new CovenRefusedError("notAllowed");
    const problem = memberLimitProblem(input.memberLimit, coven.memberCount);
    if (problem)
      throw new CovenRefusedError(problem === "range" ? "limitRange" : "limitBelowMembers");
    const banner =
      input.bannerUrl !== undefined && input.bannerUrl !== null
        ? { bannerUrl: input.bannerUrl }
        : input.removeBanner
          ? { bannerUrl: null }
          : {};
    await handle
      .update(covens)
      .set({
        name: input.name,
        description: input.description,
        descriptionHtml: renderMarkdown(input.description),
        tags: input.tags,
        language: input.language,
        visibility: input.visibility,
        memberLimit: input.memberLimit,
        ...banner,
        updatedAt: new Date(),
      })
      .where(eq(covens.id, coven.id));
    await audit(handle, actor, "coven.update", coven.id, {
      name: input.name,
      visibility: input.visibility,
      memberLimit: input.memberLimit,
    });
  });
}
