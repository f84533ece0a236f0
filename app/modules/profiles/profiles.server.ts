import { randomBytes } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { subscribers } from "#app/modules/memberships/schema";
import { safeDisplayName } from "./display-name";
import { profiles } from "./schema";
import { isUserId, slugify } from "./slug";
import type { PublicProfile } from "./types";
import type { ProfileSettingsInput } from "./validation";

/** Columns of a profile that anyone may see. */
export const publicProfileColumns = {
  userId: profiles.userId,
  displayName: profiles.displayName,
  slug: profiles.slug,
  avatarUrl: profiles.avatarUrl,
  bio: profiles.bio,
  mysticalRank: profiles.mysticalRank,
  xpPoints: profiles.xpPoints,
  reputation: profiles.reputation,
  mysticalBadges: profiles.mysticalBadges,
  role: profiles.role,
  createdAt: profiles.createdAt,
};

export type { PublicProfile } from "./types";

/** A slug not taken by another member: the wanted one, else with -2, -3 … appended. */
export async function uniqueSlug(
  wanted: string,
  exceptUserId?: string,
  handle: Db = db(),
): Promise<string> {
  const base = slugify(wanted, 40);
  const rows = await handle
    .select({ slug: profiles.slug })
    .from(profiles)
    .where(
      and(
        sql`(${profiles.slug} = ${base} or ${profiles.slug} like ${base + "-%"})`,
        exceptUserId ? ne(profiles.userId, exceptUserId) : undefined,
      ),
    );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The profile and the free subscriber record every account has (SPEC §3/§4). Idempotent, so it
 * also repairs an account whose records are missing, and it cannot fail on the account's data:
 * a stored name that breaks today's rule (from before it) is made valid, and a slug taken by a
 * member who signed up at the same moment is retried with a random suffix.
 */
export async function createMemberRecords(input: {
  userId: string;
  email: string;
  displayName: string;
}): Promise<void> {
  const displayName = safeDisplayName(input.displayName, input.email.split("@")[0]);
  await db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    let slug = await uniqueSlug(displayName, undefined, handle);
    for (let attempt = 1; ; attempt++) {
      const created = await tx
        .insert(profiles)
        .values({ userId: input.userId, displayName, slug })
        .onConflictDoNothing()
        .returning({ userId: profiles.userId });
      if (created.length > 0) break;
      const [existing] = await tx
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(eq(profiles.userId, input.userId))
        .limit(1);
      if (existing) break;
      if (attempt === 5) throw new Error(`no free profile address for ${input.userId}`);
      slug = `${slugify(displayName, 30)}-${randomBytes(3).toString("hex")}`;
    }
    await tx
      .insert(subscribers)
      .values({
        userId: input.userId,
        email: input.email,
        subscribed: false,
        subscriptionTier: "free",
        subscriptionStatus: "active",
        monthlyPrice: 0,
      })
      .onConflictDoNothing();
  });
}

/** A public profile by user id or slug (SPEC §5 decides which by the identifier's shape). */
export async function findPublicProfile(identifier: string): Promise<PublicProfile | undefined> {
  const where = isUserId(identifier)
    ? eq(profiles.userId, identifier)
    : eq(profiles.slug, identifier.toLowerCase());
  const [row] = await db().select(publicProfileColumns).from(profiles).where(where).limit(1);
  return row;
}

/** Which of these slugs belong to a member (one query; none asked, none run). */
export async function existingSlugs(slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db()
    .select({ slug: profiles.slug })
    .from(profiles)
    .where(inArray(profiles.slug, slugs));
  return new Set(rows.map((row) => row.slug));
}

export class SlugTakenError extends Error {}

export async function updateOwnProfile(userId: string, input: ProfileSettingsInput): Promise<void> {
  const [clash] = await db()
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.slug, input.slug), ne(profiles.userId, userId)))
    .limit(1);
  if (clash) throw new SlugTakenError();
  await db()
    .update(profiles)
    .set({
      displayName: input.displayName,
      slug: input.slug,
      bio: input.bio,
      language: input.language || null,
      notificationSound: input.notificationSound,
      broadcastEmails: input.broadcastEmails,
      updatedAt: new Date(),
    })
    .where(eq(profiles.userId, userId));
}

export async function setAvatarUrl(userId: string, avatarUrl: string | null): Promise<void> {
  await db()
    .update(profiles)
    .set({ avatarUrl, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}
