import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "#app/db/client.server";
import { profiles } from "#app/modules/profiles/schema";
import {
  canSeeCoven,
  type CovenActor,
  type CovenMembership,
  type CovenRole,
  type CovenRules,
} from "./policy";
import { covenInvitations, covenJoinRequests, covenMembers, covens } from "./schema";
import type { CovenListQuery } from "./validation";

/*
 * What the covens pages read. Each list is one query per page (explicit columns, the viewer's own
 * membership and request joined in); whether a coven may be shown at all is `canSeeCoven`
 * (policy.ts), mirrored in the list's SQL so pages stay full, and asked again of every row.
 */

export const COVENS_PAGE = 24;
export const COVEN_MEMBERS_PAGE = 30;

const mine = alias(covenMembers, "my_membership");
const myRequest = alias(covenJoinRequests, "my_request");

const cardColumns = {
  id: covens.id,
  slug: covens.slug,
  name: covens.name,
  bannerUrl: covens.bannerUrl,
  tags: covens.tags,
  language: covens.language,
  visibility: covens.visibility,
  memberCount: covens.memberCount,
  memberLimit: covens.memberLimit,
  archivedAt: covens.archivedAt,
  lastActivityAt: covens.lastActivityAt,
  myRole: mine.role,
  myBannedAt: mine.bannedAt,
  myRequestId: myRequest.id,
};

interface CardRow {
  slug: string;
  name: string;
  bannerUrl: string | null;
  tags: string[];
  language: string;
  visibility: CovenRules["visibility"];
  memberCount: number;
  memberLimit: number;
  archivedAt: Date | null;
  myRole: CovenRole | null;
  myBannedAt: Date | null;
  myRequestId: string | null;
}

function rulesOf(row: {
  visibility: CovenRules["visibility"];
  archivedAt: Date | null;
  memberCount: number;
  memberLimit: number;
}): CovenRules {
  return {
    visibility: row.visibility,
    archived: row.archivedAt !== null,
    memberCount: row.memberCount,
    memberLimit: row.memberLimit,
  };
}

function membershipOf(row: {
  myRole: CovenRole | null;
  myBannedAt: Date | null;
}): CovenMembership | null {
  return row.myRole ? { role: row.myRole, banned: row.myBannedAt !== null } : null;
}

/** A coven's card: what the list and "my covens" show. */
export interface CovenCard {
  slug: string;
  name: string;
  bannerUrl: string | null;
  tags: string[];
  language: string;
  visibility: CovenRules["visibility"];
  memberCount: number;
  memberLimit: number;
  archived: boolean;
  /** The viewer is an active member (a banned one is not). */
  isMember: boolean;
  role: CovenRole | null;
  requested: boolean;
}

function toCard(row: CardRow): CovenCard {
  const membership = membershipOf(row);
  return {
    slug: row.slug,
    name: row.name,
    bannerUrl: row.bannerUrl,
    tags: row.tags,
    language: row.language,
    visibility: row.visibility,
    memberCount: row.memberCount,
    memberLimit: row.memberLimit,
    archived: row.archivedAt !== null,
    isMember: membership !== null && !membership.banned,
    role: membership && !membership.banned ? membership.role : null,
    requested: row.myRequestId !== null,
  };
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The viewer's own membership row and pending request, joined to each coven. */
function viewerJoins(viewerId: string) {
  return {
    membership: and(eq(mine.covenId, covens.id), eq(mine.userId, viewerId)),
    request: and(
      eq(myRequest.covenId, covens.id),
      eq(myRequest.userId, viewerId),
      eq(myRequest.status, "pending"),
    ),
  };
}

// A viewer id that names no one, for the joins of a viewer who has none.
const NOBODY = "00000000-0000-0000-0000-000000000000";

/**
 * `/covens`: searched by name, filtered by tag and language, sorted by recent activity or size,
 * a page of COVENS_PAGE. Archived covens stay out; invite-only ones show to their members and
 * admins only (canSeeCoven). One query: the total comes with the rows.
 */
export async function listCovens(actor: CovenActor, query: CovenListQuery, page: number) {
  const viewerId = actor?.id ?? NOBODY;
  const joins = viewerJoins(viewerId);
  const filters: Array<SQL | undefined> = [isNull(covens.archivedAt)];
  if (!actor?.isAdmin)
    filters.push(or(sql`${covens.visibility} <> 'invite'`, sql`${mine.userId} is not null`));
  if (query.q) filters.push(ilike(covens.name, `%${escapeLike(query.q)}%`));
  if (query.tag) filters.push(sql`${query.tag} = any(${covens.tags})`);
  if (query.language) filters.push(eq(covens.language, query.language));
  const order =
    query.sort === "size"
      ? [desc(covens.memberCount), desc(covens.lastActivityAt), asc(covens.id)]
      : [desc(covens.lastActivityAt), asc(covens.id)];
  const rows = await db()
    .select({ ...cardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(covens)
    .leftJoin(mine, joins.membership)
    .leftJoin(myRequest, joins.request)
    .where(and(...filters))
    .orderBy(...order)
    .limit(COVENS_PAGE)
    .offset((page - 1) * COVENS_PAGE);
  const total = rows[0]?.total ?? 0;
  return {
    covens: rows
      .filter((row) => canSeeCoven(actor, rulesOf(row), membershipOf(row)))
      .map((row) => toCard(row)),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / COVENS_PAGE)),
  };
}

/** `/covens/my-covens`: the covens the member belongs to (not banned from), led ones first. */
export async function myCovens(actor: NonNullable<CovenActor>) {
  const joins = viewerJoins(actor.id);
  const rows = await db()
    .select(cardColumns)
    .from(covens)
    .innerJoin(mine, joins.membership)
    .leftJoin(myRequest, joins.request)
    .where(isNull(mine.bannedAt))
    .orderBy(
      sql`case ${mine.role} when 'owner' then 0 when 'moderator' then 1 else 2 end`,
      desc(covens.lastActivityAt),
      asc(covens.id),
    )
    .limit(200);
  const pending = await db()
    .select({ slug: covens.slug, name: covens.name, requestedAt: covenJoinRequests.createdAt })
    .from(covenJoinRequests)
    .innerJoin(covens, eq(covens.id, covenJoinRequests.covenId))
    .where(
      and(
        eq(covenJoinRequests.userId, actor.id),
        eq(covenJoinRequests.status, "pending"),
        isNull(covens.archivedAt),
      ),
    )
    .orderBy(desc(covenJoinRequests.createdAt))
    .limit(50);
  return {
    covens: rows
      .filter((row) => canSeeCoven(actor, rulesOf(row), membershipOf(row)))
      .map((row) => toCard(row)),
    pending,
  };
}

/** One coven by its slug with the viewer's membership and pending request, or null. */
export async function covenBySlug(actor: CovenActor, slug: string) {
  const joins = viewerJoins(actor?.id ?? NOBODY);
  const [row] = await db()
    .select({
      ...cardColumns,
      description: covens.description,
      descriptionHtml: covens.descriptionHtml,
      createdAt: covens.createdAt,
    })
    .from(covens)
    .leftJoin(mine, joins.membership)
    .leftJoin(myRequest, joins.request)
    .where(eq(covens.slug, slug))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    descriptionHtml: row.descriptionHtml,
    bannerUrl: row.bannerUrl,
    tags: row.tags,
    language: row.language,
    visibility: row.visibility,
    memberCount: row.memberCount,
    memberLimit: row.memberLimit,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt,
    rules: rulesOf(row),
    membership: membershipOf(row),
    requested: row.myRequestId !== null,
  };
}
export type CovenDetail = NonNullable<Awaited<ReturnType<typeof covenBySlug>>>;

const memberColumns = {
  userId: covenMembers.userId,
  role: covenMembers.role,
  bannedAt: covenMembers.bannedAt,
  joinedAt: covenMembers.joinedAt,
  displayName: profiles.displayName,
  slug: profiles.slug,
  avatarUrl: profiles.avatarUrl,
};

const roleOrder = sql`case ${covenMembers.role} when 'owner' then 0 when 'moderator' then 1 else 2 end`;

/** The owner and moderators, for the about tab (a coven has few). */
export async function covenLeaders(covenId: string) {
  return db()
    .select(memberColumns)
    .from(covenMembers)
    .innerJoin(profiles, eq(profiles.userId, covenMembers.userId))
    .where(
      and(
        eq(covenMembers.covenId, covenId),
        isNull(covenMembers.bannedAt),
        sql`${covenMembers.role} <> 'member'`,
      ),
    )
    .orderBy(roleOrder, asc(covenMembers.joinedAt))
    .limit(20);
}

/**
 * A page of a coven's members: leaders first, then by joining. Banned members are listed only
 * for leaders (`withBanned`), after the others, so a ban can be lifted.
 */
export async function covenMembersPage(
  covenId: string,
  page: number,
  options: { withBanned: boolean },
) {
  const rows = await db()
    .select({ ...memberColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(covenMembers)
    .innerJoin(profiles, eq(profiles.userId, covenMembers.userId))
    .where(
      and(
        eq(covenMembers.covenId, covenId),
        options.withBanned ? undefined : isNull(covenMembers.bannedAt),
      ),
    )
    .orderBy(
      sql`${covenMembers.bannedAt} is not null`,
      roleOrder,
      asc(covenMembers.joinedAt),
      asc(covenMembers.userId),
    )
    .limit(COVEN_MEMBERS_PAGE)
    .offset((page - 1) * COVEN_MEMBERS_PAGE);
  const total = rows[0]?.total ?? 0;
  return {
    members: rows.map(({ total: _total, bannedAt, ...m }) => ({ ...m, banned: bannedAt !== null })),
    page,
    pages: Math.max(1, Math.ceil(total / COVEN_MEMBERS_PAGE)),
  };
}

/** Pending join requests, oldest first, with each applicant's name and message (leaders). */
export async function pendingJoinRequests(covenId: string) {
  return db()
    .select({
      id: covenJoinRequests.id,
      message: covenJoinRequests.message,
      createdAt: covenJoinRequests.createdAt,
      userId: covenJoinRequests.userId,
      displayName: profiles.displayName,
      slug: profiles.slug,
      avatarUrl: profiles.avatarUrl,
    })
    .from(covenJoinRequests)
    .innerJoin(profiles, eq(profiles.userId, covenJoinRequests.userId))
    .where(and(eq(covenJoinRequests.covenId, covenId), eq(covenJoinRequests.status, "pending")))
    .orderBy(asc(covenJoinRequests.createdAt))
    .limit(100);
}

/** Invitation links still usable (not revoked, not expired), newest first (leaders). */
export async function activeInvitations(covenId: string, now = new Date()) {
  return db()
    .select({
      id: covenInvitations.id,
      expiresAt: covenInvitations.expiresAt,
      uses: covenInvitations.uses,
      createdAt: covenInvitations.createdAt,
    })
    .from(covenInvitations)
    .where(
      and(
        eq(covenInvitations.covenId, covenId),
        isNull(covenInvitations.revokedAt),
        gt(covenInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(covenInvitations.createdAt))
    .limit(50);
}

/** The side navigation's Covens badge: covens that are not archived. */
export async function covenCount(): Promise<number> {
  const [row] = await db().select({ total: count() }).from(covens).where(isNull(covens.archivedAt));
  return row?.total ?? 0;
}

/**
 * The coven a usable invitation link names (for the page that accepts it), with the viewer's
 * membership; null when the link is unknown, expired or revoked.
 */
export async function invitationPreview(actor: CovenActor, tokenHash: string, now = new Date()) {
  const joins = viewerJoins(actor?.id ?? NOBODY);
  const [row] = await db()
    .select({
      ...cardColumns,
      expiresAt: covenInvitations.expiresAt,
    })
    .from(covenInvitations)
    .innerJoin(covens, eq(covens.id, covenInvitations.covenId))
    .leftJoin(mine, joins.membership)
    .leftJoin(myRequest, joins.request)
    .where(
      and(
        eq(covenInvitations.tokenHash, tokenHash),
        isNull(covenInvitations.revokedAt),
        gt(covenInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    card: toCard(row),
    rules: rulesOf(row),
    membership: membershipOf(row),
    expiresAt: row.expiresAt,
  };
}
