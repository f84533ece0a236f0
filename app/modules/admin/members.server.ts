import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import type { Page } from "#app/lib/pagination";
import { user } from "#app/modules/auth/schema";
import { subscribers, type Tier } from "#app/modules/memberships/schema";
import { profiles, type Role } from "#app/modules/profiles/schema";
import { recordAudit } from "#app/modules/audit/index.server";

export const MEMBERS_PAGE_SIZE = 25;

export interface MemberRow {
  userId: string;
  email: string;
  displayName: string;
  slug: string;
  role: Role | null;
  tier: Tier;
  subscribed: boolean;
  createdAt: Date;
}

/** One page of members for the admin list, newest first, optionally filtered by name or e-mail. */
export async function listMembers(options: {
  search?: string;
  page?: number;
}): Promise<Page<MemberRow>> {
  const term = options.search?.trim();
  const where: SQL | undefined = term
    ? or(
        ilike(user.email, `%${term}%`),
        ilike(profiles.displayName, `%${term}%`),
        ilike(profiles.slug, `%${term}%`),
      )
    : undefined;
  return paginate(
    db()
      .select({
        userId: user.id,
        email: user.email,
        displayName: profiles.displayName,
        slug: profiles.slug,
        role: profiles.role,
        tier: subscribers.subscriptionTier,
        subscribed: subscribers.subscribed,
        createdAt: user.createdAt,
        total: totalRows(),
      })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .innerJoin(subscribers, eq(subscribers.userId, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id)),
    { page: options.page ?? 1, perPage: MEMBERS_PAGE_SIZE },
  );
}

export class MemberNotFoundError extends Error {}

/**
 * Changes a member's role and/or tier and records the change in the audit log, in one
 * transaction. `actorId` is null when the change comes from the command line.
 */
export async function changeMember(
  actorId: string | null,
  userId: string,
  change: { role?: Role | null; tier?: Tier },
): Promise<void> {
  await db().transaction(async (tx) => {
    const [current] = await tx
      .select({ role: profiles.role, tier: subscribers.subscriptionTier })
      .from(profiles)
      .innerJoin(subscribers, eq(subscribers.userId, profiles.userId))
      .where(eq(profiles.userId, userId))
      .limit(1);
    if (!current) throw new MemberNotFoundError(userId);
    const now = new Date();
    if (change.role !== undefined && change.role !== current.role) {
      await tx
        .update(profiles)
        .set({ role: change.role, updatedAt: now })
        .where(eq(profiles.userId, userId));
      await recordAudit(tx, {
        actorId,
        action: "member.role",
        targetType: "user",
        targetId: userId,
        details: { from: current.role, to: change.role },
      });
    }
    if (change.tier !== undefined && change.tier !== current.tier) {
      const paid = change.tier !== "free";
      await tx
        .update(subscribers)
        .set({
          subscriptionTier: change.tier,
          subscribed: paid,
          subscriptionStart: paid ? now : null,
          updatedAt: now,
        })
        .where(and(eq(subscribers.userId, userId)));
      await recordAudit(tx, {
        actorId,
        action: "member.tier",
        targetType: "user",
        targetId: userId,
        details: { from: current.tier, to: change.tier },
      });
    }
  });
}
